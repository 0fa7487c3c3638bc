import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The exercise library as one user sees it: the built-in catalog plus their own
/// custom exercises. Another user's exercises are never visible.
public struct ExerciseRepository: Sendable {
    let db: any Database
    let catalog: CatalogSnapshot

    public init(store: SpotterStore) {
        db = store.database
        catalog = store.catalog
    }

    init(db: any Database, catalog: CatalogSnapshot) {
        self.db = db
        self.catalog = catalog
    }

    /// Catalog rows and the user's own rows.
    private func visible(to userID: UUID) -> QueryBuilder<ExerciseModel> {
        ExerciseModel.visible(to: userID, on: db)
    }

    private func owned(by userID: UUID) -> QueryBuilder<ExerciseModel> {
        ExerciseModel.query(on: db).filter(\.$userID == userID)
    }

    /// The library filtered and sorted by name: the built-in exercises come from
    /// memory, the user's own from one query; one Core rule filters both.
    public func list(userID: UUID, filter: ExerciseFilter = .init()) async throws -> [Exercise] {
        var candidates: [Exercise] = []
        if filter.custom != true {
            candidates += filter.apply(to: try await catalog.current(loadingFrom: db).exercises)
        }
        if filter.custom != false {
            var query = owned(by: userID)
            if !filter.includeArchived { query = query.filter(\.$archived == false) }
            candidates += filter.apply(to: try await query.all().map { SearchableExercise($0.core) })
        }
        // Best matches first when searching, then by name.
        let wanted = NameKey(filter.search)
        return candidates
            .map { (ExerciseSearch.rank(name: $0.name, aliases: $0.aliases, wanted: wanted), NameKey($0.name), $0) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map(\.2)
    }

    public func find(id: UUID, userID: UUID) async throws -> Exercise? {
        if let builtIn = try await catalog.current(loadingFrom: db).byID[id] { return builtIn }
        return try await owned(by: userID).filter(\.$id == id).first()?.core
    }

    /// Counts of the library for one user: catalog rows and the user's own.
    public func counts(userID: UUID) async throws -> (catalog: Int, custom: Int) {
        let builtIn = try await catalog.current(loadingFrom: db).exercises.count
        let custom = try await owned(by: userID).filter(\.$archived == false).count()
        return (builtIn, custom)
    }

    /// Adds a custom exercise.
    public func create(id: UUID = UUID(), userID: UUID, draft: ExerciseDraft, now: Date) async throws -> Exercise {
        try await create(id: id, userID: userID, valid: try validate(draft), now: now)
    }

    /// Adds a custom exercise from a draft the caller has validated (a page that
    /// checks the fields together with an image), so it is not checked twice.
    public func create(id: UUID = UUID(), userID: UUID, valid: ValidExerciseDraft, now: Date) async throws -> Exercise {
        try await ensureNameFree(valid.nameKey, userID: userID, except: nil)
        let model = Self.customModel(id: id, userID: userID, valid: valid, now: now)
        try await model.create(on: db)
        return model.core
    }

    /// A new custom exercise's row.
    static func customModel(id: UUID, userID: UUID, valid: ValidExerciseDraft, now: Date) -> ExerciseModel {
        let model = ExerciseModel()
        model.id = id
        model.userID = userID
        model.archived = false
        model.createdAt = now
        apply(valid, to: model, now: now)
        return model
    }

    /// Changes a custom exercise; built-in ones cannot be changed.
    public func update(id: UUID, userID: UUID, draft: ExerciseDraft, now: Date) async throws -> Exercise {
        _ = try await ownModel(id: id, userID: userID, action: "edit")
        return try await update(id: id, userID: userID, valid: try validate(draft), now: now)
    }

    /// Changes a custom exercise to a draft the caller has validated.
    public func update(id: UUID, userID: UUID, valid: ValidExerciseDraft, now: Date) async throws -> Exercise {
        let model = try await ownModel(id: id, userID: userID, action: "edit")
        try await ensureNameFree(valid.nameKey, userID: userID, except: id)
        Self.apply(valid, to: model, now: now)
        try await model.save(on: db)
        return model.core
    }

    public func setArchived(_ archived: Bool, id: UUID, userID: UUID, now: Date) async throws -> Exercise {
        let model = try await ownModel(id: id, userID: userID, action: archived ? "archive" : "restore")
        model.archived = archived
        model.updatedAt = now
        try await model.save(on: db)
        return model.core
    }

    /// What deleting did: removed for good, or archived because workouts use it.
    public enum Deletion: Sendable, Equatable {
        case deleted(Exercise)
        case archived(Exercise, usage: ExerciseUsage)
    }

    /// How many of the user's workouts and templates use an exercise.
    public func usage(of id: UUID, userID: UUID) async throws -> ExerciseUsage {
        let row = try await db.sql.raw("""
            SELECT (SELECT COUNT(DISTINCT e.workout_id) FROM exercise_entries e WHERE e.user_id = \(bind: userID) AND e.exercise_id = \(bind: id)) AS workouts, \
            (SELECT COUNT(DISTINCT t.template_id) FROM template_exercises t WHERE t.user_id = \(bind: userID) AND t.exercise_id = \(bind: id)) AS templates
            """).first()
        return ExerciseUsage(
            workouts: try row?.decode(column: "workouts", as: Int.self) ?? 0, templates: try row?.decode(column: "templates", as: Int.self) ?? 0)
    }

    /// Removes a custom exercise, or archives it when workouts or templates use it,
    /// so history and routines never lose what they hold. The caller removes the
    /// image file of a deleted one.
    public func delete(id: UUID, userID: UUID, now: Date) async throws -> Deletion {
        let model = try await ownModel(id: id, userID: userID, action: "delete")
        let usage = try await usage(of: id, userID: userID)
        if !usage.isEmpty {
            model.archived = true
            model.updatedAt = now
            try await model.save(on: db)
            return .archived(model.core, usage: usage)
        }
        let exercise = model.core
        try await model.delete(on: db)
        return .deleted(exercise)
    }

    /// Records the uploaded image of a custom exercise and returns the one it replaced.
    public func setImage(_ image: StoredImage?, id: UUID, userID: UUID, now: Date) async throws -> (Exercise, StoredImage?) {
        let model = try await ownModel(id: id, userID: userID, action: "change the image of")
        let previous = model.core.image
        model.imageFile = image?.fileName
        model.imageFormat = image?.format.rawValue
        model.imageBytes = image?.byteCount
        model.updatedAt = now
        try await model.save(on: db)
        return (model.core, previous)
    }

    private func ownModel(id: UUID, userID: UUID, action: String) async throws -> ExerciseModel {
        guard let model = try await visible(to: userID).filter(\.$id == id).first() else {
            throw SpotterError.notFound("The exercise")
        }
        guard model.userID == userID else {
            throw SpotterError.forbidden("Built-in exercises cannot be changed. You can \(action) only exercises you made.")
        }
        return model
    }

    private static func apply(_ valid: ValidExerciseDraft, to model: ExerciseModel, now: Date) {
        model.setNameAndAliases(valid.name, aliases: [])
        model.description = valid.description
        model.primaryMuscles = ExerciseModel.muscleList(valid.muscleGroups)
        model.secondaryMuscles = ExerciseModel.muscleList([])
        model.equipment = valid.equipment.rawValue
        model.kind = valid.kind.rawValue
        model.videoID = valid.video?.id
        model.updatedAt = now
    }

    private func validate(_ draft: ExerciseDraft) throws -> ValidExerciseDraft {
        do { return try draft.validated() } catch { throw SpotterError.invalid(error) }
    }

    /// A custom name may not repeat one of the user's exercises nor a built-in one.
    private func ensureNameFree(_ key: NameKey, userID: UUID, except id: UUID?) async throws {
        var query = visible(to: userID).filter(\.$nameKey == key.rawValue)
        if let id { query = query.filter(\.$id != id) }
        guard let clash = try await query.first() else { return }
        let message: String
        if clash.userID == nil {
            message = "\(clash.name) is already in the built-in library. Use it, or choose another name."
        } else if clash.archived {
            message = "You already have an archived exercise called \(clash.name). Restore it, or choose another name."
        } else {
            message = "You already have an exercise called \(clash.name)."
        }
        throw SpotterError.conflict(field: "name", message: message)
    }
}

extension ExerciseRepository {
    /// The exercises with these ids that the user can see, by id (built-in from memory, own in one query).
    public func exercises(ids: Set<UUID>, userID: UUID) async throws -> [UUID: Exercise] {
        var found: [UUID: Exercise] = [:]
        let builtIn = try await catalog.current(loadingFrom: db).byID
        var missing: [UUID] = []
        for id in ids {
            if let exercise = builtIn[id] { found[id] = exercise } else { missing.append(id) }
        }
        if !missing.isEmpty {
            for model in try await owned(by: userID).filter(\.$id ~~ missing).all() { found[model.id!] = model.core }
        }
        return found
    }
}

/// Where an exercise is used; an exercise in use is archived instead of deleted.
public struct ExerciseUsage: Sendable, Equatable {
    public var workouts: Int
    public var templates: Int

    public init(workouts: Int, templates: Int) {
        self.workouts = workouts
        self.templates = templates
    }

    public var isEmpty: Bool { workouts == 0 && templates == 0 }

    /// "3 workouts and 1 template", or nil when nothing uses it.
    public var description: String? {
        func count(_ n: Int, _ word: String) -> String? { n == 0 ? nil : counted(n, word) }
        let parts = [count(workouts, "workout"), count(templates, "template")].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }
}
