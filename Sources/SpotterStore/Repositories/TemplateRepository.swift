import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// A user's workout templates, and the built-in presets everyone can read. Every
/// query is scoped by the owner; another user's template answers like a missing
/// one. Each change is one transaction, so a template is never half saved.
public struct TemplateRepository: Sendable {
    let db: any Database
    let reads: any Database
    let catalog: CatalogSnapshot

    public init(store: SpotterStore) {
        db = store.database
        reads = store.reader
        catalog = store.catalog
    }

    // MARK: Reading

    /// The user's templates (archived ones only when asked), filtered and sorted.
    /// The search matches the template's name and the names and aliases of the
    /// exercises inside it.
    public func list(userID: UUID, filter: TemplateFilter = .init()) async throws -> [WorkoutTemplate] {
        var condition: SQLQueryString = "t.user_id = \(bind: userID)"
        if !filter.includeArchived { condition += " AND t.archived_at IS NULL" }
        if let category = filter.category { condition += " AND t.category = \(bind: category.rawValue)" }
        if filter.guidedOnly {
            condition += " AND (t.guided = \(bind: true) OR EXISTS (SELECT 1 FROM template_breaks b WHERE b.template_id = t.id))"
        }
        var templates = try await TemplateRows.templates(where: condition, on: reads)
        let terms = ExerciseSearch.terms(of: filter.search)
        if !terms.isEmpty {
            let names = try await exerciseNames(in: templates, userID: userID)
            templates = templates.filter { template in
                let text = ([template.name] + template.exercises.flatMap { names[$0.exerciseID] ?? [] }).joined(separator: "\n")
                    .lowercased()
                return terms.allSatisfy { text.contains($0) }
            }
        }
        return filter.sort.sorted(templates)
    }

    /// What Home offers to start: pinned templates, then the recently used ones, then
    /// the newest of the rest (made, copied from a preset or imported), at most
    /// `limit`; archived ones never. Reads only those templates, however large the library.
    public func quickStart(userID: UUID, limit: Int) async throws -> [WorkoutTemplate] {
        let chosen = try await TemplateRows.templates(
            where:
                "t.user_id = \(bind: userID) AND t.archived_at IS NULL ORDER BY t.pinned DESC, t.last_used_at DESC NULLS LAST, t.created_at DESC, t.id LIMIT \(literal: limit)",
            on: reads)
        return TemplateSort.pinned.sorted(chosen)
    }

    public func find(id: UUID, userID: UUID) async throws -> WorkoutTemplate? {
        try await TemplateRows.templates(where: "t.id = \(bind: id) AND t.user_id = \(bind: userID)", on: reads).first
    }

    /// The built-in presets, with the exercise ids of this database.
    public func presets() async throws -> [WorkoutTemplate] {
        let ids = try await catalogIDs()
        return TemplatePresets.all.map { $0.template(exerciseIDs: ids, shippedAt: Self.presetDate) }
    }

    public func preset(id: UUID) async throws -> WorkoutTemplate? {
        guard let preset = TemplatePresets.preset(id: id) else { return nil }
        return preset.template(exerciseIDs: try await catalogIDs(), shippedAt: Self.presetDate)
    }

    /// The user's template with this id, or the preset with it: what "start" and
    /// "show" accept.
    public func findAny(id: UUID, userID: UUID) async throws -> WorkoutTemplate? {
        if let preset = try await preset(id: id) { return preset }
        return try await find(id: id, userID: userID)
    }

    /// Presets have no date of their own; they show as created when the library began.
    static let presetDate = Date(timeIntervalSince1970: 1_762_128_000)

    private func catalogIDs() async throws -> [String: UUID] {
        let builtIn = try await catalog.current(loadingFrom: reads).byID.values
        return Dictionary(
            builtIn.compactMap { exercise in exercise.catalogKey.map { ($0, exercise.id) } }, uniquingKeysWith: { a, _ in a })
    }

    /// Names and aliases of the exercises the templates use, for the search.
    private func exerciseNames(in templates: [WorkoutTemplate], userID: UUID) async throws -> [UUID: [String]] {
        let ids = Set(templates.flatMap { $0.exercises.map(\.exerciseID) })
        let exercises = try await ExerciseRepository(db: reads, catalog: catalog).exercises(ids: ids, userID: userID)
        return exercises.mapValues { [$0.name] + $0.aliases }
    }

    /// The names of the user's templates with these ids (archived ones too), by id: one
    /// small query, not the library with its exercises.
    public func names(ids: [UUID], userID: UUID) async throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        var names: [UUID: String] = [:]
        for row in try await reads.sql.raw(
            "SELECT t.id, t.name FROM workout_templates t WHERE t.user_id = \(bind: userID) AND t.id IN (\(binds: ids))"
        ).all() {
            names[try row.decode(column: "id", as: UUID.self)] = try row.decode(column: "name", as: String.self)
        }
        return names
    }

    /// The names the user's templates have, to make new names that do not clash.
    public func names(userID: UUID) async throws -> Set<NameKey> {
        try await takenNames(userID: userID, on: reads)
    }

    // MARK: Writing

    /// Saves a template: creates it when the user has none with its id, else
    /// replaces it (its fields and its whole exercise list) in one transaction.
    /// The name must be free among the user's other templates; every exercise must
    /// be in the user's library.
    @discardableResult
    public func save(_ template: WorkoutTemplate, userID: UUID) async throws -> WorkoutTemplate {
        try await db.writeTransaction { tx in
            let exists = try await exists(template.id, userID: userID, on: tx)
            try await write(template, userID: userID, isNew: !exists, on: tx)
        }
        return try await found(template.id, userID: userID)
    }

    /// Changes a stored template with `change` (a rename, pin, archive, an applied
    /// draft), then saves it, all inside one transaction. `change` gets the template
    /// as stored at that moment. Pinning or archiving is not an edit: it leaves
    /// "recently edited" and the exercise rows alone.
    @discardableResult
    public func update(
        id: UUID, userID: UUID, now: Date, _ change: @escaping @Sendable (WorkoutTemplate) throws -> WorkoutTemplate
    ) async throws -> WorkoutTemplate {
        try await db.writeTransaction { tx in
            // On PostgreSQL two changes of one template take turns, so neither
            // writes back what it read before the other's commit.
            if WorkoutRows.locksWorkouts(tx) {
                try await tx.sql.raw(
                    "SELECT t.id FROM workout_templates t WHERE t.id = \(bind: id) AND t.user_id = \(bind: userID) FOR UPDATE"
                ).run()
            }
            guard
                let stored = try await TemplateRows.templates(where: "t.id = \(bind: id) AND t.user_id = \(bind: userID)", on: tx)
                    .first
            else { throw SpotterError.notFound("The template") }
            var changed = try change(stored)
            changed.id = stored.id
            changed.createdAt = stored.createdAt
            guard changed != stored else { return }
            let timelineChanged = changed.exercises != stored.exercises || changed.breaks != stored.breaks
            if timelineChanged || changed.guided != stored.guided || changed.name != stored.name
                || changed.category != stored.category || changed.notes != stored.notes
            {
                changed.updatedAt = now
            }
            try await write(changed, userID: userID, isNew: false, timelineChanged: timelineChanged, on: tx)
        }
        return try await found(id, userID: userID)
    }

    /// Copies a template (the user's or a preset) into a new one of the user's with
    /// fresh ids. `naming` picks the name from the ones already taken.
    public func copy(
        _ source: WorkoutTemplate, as newID: UUID, userID: UUID, now: Date,
        naming: @escaping @Sendable (Set<NameKey>) -> String
    ) async throws -> WorkoutTemplate {
        if let existing = try await find(id: newID, userID: userID) { return existing }
        try await db.writeTransaction { tx in
            var copy = source
            copy.id = newID
            copy.ownerID = userID
            copy.name = naming(try await takenNames(userID: userID, on: tx))
            copy.exercises = source.exercises.map { item in
                var item = item
                item.id = UUID()
                return item
            }
            copy.breaks = source.breaks.map { item in
                var item = item
                item.id = UUID()
                return item
            }
            copy.pinned = false
            copy.archivedAt = nil
            copy.createdAt = now
            copy.updatedAt = now
            copy.lastUsedAt = nil
            try await write(copy, userID: userID, isNew: true, on: tx)
        }
        return try await found(newID, userID: userID)
    }

    /// Adds several templates at once, all or none; a name the user already has
    /// (or one earlier in the batch) becomes "Name (Imported)".
    public func importAll(_ templates: [WorkoutTemplate], userID: UUID) async throws -> [WorkoutTemplate] {
        try await db.writeTransaction { tx in
            var taken = try await takenNames(userID: userID, on: tx)
            for template in templates {
                var template = template
                template.ownerID = userID
                template.name = TemplateNaming.importedName(of: template.name, taken: taken)
                taken.insert(NameKey(template.name))
                try await write(template, userID: userID, isNew: true, on: tx)
            }
        }
        let ids = templates.map(\.id)
        return try await TemplateRows.templates(where: "t.user_id = \(bind: userID) AND t.id IN (\(binds: ids))", on: reads)
    }

    public func delete(id: UUID, userID: UUID) async throws {
        try await db.writeTransaction { tx in
            guard try await exists(id, userID: userID, on: tx) else { throw SpotterError.notFound("The template") }
            let programs = try await ProgramRepository.names(usingTemplate: id, userID: userID, on: tx)
            if !programs.isEmpty { throw SpotterError.templateInPrograms(programs) }
            try await tx.sql.raw("DELETE FROM workout_templates WHERE id = \(bind: id) AND user_id = \(bind: userID)").run()
        }
    }

    // MARK: Helpers

    /// A template just written, read back for the answer (see `WorkoutRepository.found`).
    private func found(_ id: UUID, userID: UUID) async throws -> WorkoutTemplate {
        guard let template = try await find(id: id, userID: userID) else { throw SpotterError.notFound("The template") }
        return template
    }

    private func exists(_ id: UUID, userID: UUID, on db: any Database) async throws -> Bool {
        try await db.sql.raw(
            "SELECT id FROM workout_templates WHERE id = \(bind: id) AND user_id = \(bind: userID)"
        ).first() != nil
    }

    private func takenNames(userID: UUID, on db: any Database) async throws -> Set<NameKey> {
        let rows = try await db.sql.raw("SELECT name_key FROM workout_templates WHERE user_id = \(bind: userID)").all()
        return Set(try rows.map { NameKey(rawValue: try $0.decode(column: "name_key", as: String.self)) })
    }

    /// Checks the name and the exercises, then writes.
    private func write(_ template: WorkoutTemplate, userID: UUID, isNew: Bool, timelineChanged: Bool = true, on db: any Database)
        async throws
    {
        let sql = db.sql
        let key = NameKey(template.name).rawValue
        if let clash = try await sql.raw(
            """
            SELECT name FROM workout_templates WHERE user_id = \(bind: userID) AND name_key = \(bind: key) AND id <> \(bind: template.id)
            """
        ).first() {
            throw SpotterError.templateNameTaken(try clash.decode(column: "name", as: String.self))
        }
        let ids = Set(template.exercises.map(\.exerciseID))
        if timelineChanged, !ids.isEmpty {
            let visible = try await ExerciseRepository(db: db, catalog: catalog).exercises(ids: ids, userID: userID)
            if let index = template.exercises.firstIndex(where: { visible[$0.exerciseID] == nil }) {
                throw SpotterError.invalid(
                    field: "exercises[\(index)].exerciseId", "Exercise \(index + 1) is not in your library.")
            }
        }
        do {
            try await TemplateRows.write(template, userID: userID, isNew: isNew, timelineChanged: timelineChanged, on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw isNew
                ? SpotterError.idInUse
                : SpotterError.conflict(field: "name", message: "You already have a template with that name.")
        }
    }
}

/// Which templates the library lists, and in what order.
public struct TemplateFilter: Sendable, Equatable {
    public var search: String
    public var category: TemplateCategory?
    /// Only the guided ones (see `WorkoutTemplate.isGuided`).
    public var guidedOnly: Bool
    public var includeArchived: Bool
    public var sort: TemplateSort

    public init(
        search: String = "", category: TemplateCategory? = nil, guidedOnly: Bool = false, includeArchived: Bool = false,
        sort: TemplateSort = .pinned
    ) {
        self.search = search
        self.category = category
        self.guidedOnly = guidedOnly
        self.includeArchived = includeArchived
        self.sort = sort
    }
}

extension SpotterError {
    /// A template that programs' days use cannot be deleted.
    public static func templateInPrograms(_ names: [String]) -> SpotterError {
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let programs = names.count == 1 ? "your program \(list)" : "your programs \(list)"
        return .conflict(
            field: nil,
            message: "This template is a day of \(programs). Pick another template for those days first, or archive this one.")
    }

    /// A template name the user already has (compared ignoring case and spaces).
    public static func templateNameTaken(_ name: String, field: String = "name") -> SpotterError {
        .conflict(field: field, message: "You already have a template called \(name). Choose another name.")
    }
}
