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

    /// The user's own exercises a condition selects.
    private func owned(by userID: UUID, _ condition: SQLQueryString = "1 = 1") async throws -> [Exercise] {
        try await ExerciseRows.exercises(where: "x.user_id = \(bind: userID) AND " + condition, on: db)
    }

    /// The library filtered and sorted by name: the built-in exercises come from
    /// memory, the user's own from one query; one Core rule filters both. With
    /// `recentFirst` and no search, the exercises of the lifter's latest finished
    /// workouts lead (`ExerciseSearch.recentFirst`), as the workout's picker shows them.
    public func list(userID: UUID, filter: ExerciseFilter = .init(), recentFirst: Bool = false) async throws -> [Exercise] {
        var candidates: [SearchableExercise] = []
        if filter.custom != true {
            candidates += filter.apply(to: try await catalog.current(loadingFrom: db).exercises)
        }
        if filter.custom != false {
            let own = try await owned(by: userID, filter.includeArchived ? "1 = 1" : "x.archived = \(false)")
            candidates += filter.apply(to: own.map(SearchableExercise.init))
        }
        // Best matches first when searching, then by name.
        let query = ExerciseSearch.words(of: filter.search)
        let sorted =
            candidates
            .map { ($0.words.rank(query), NameKey($0.exercise.name), $0.exercise) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map(\.2)
        guard recentFirst, query.isEmpty else { return sorted }
        return ExerciseSearch.recentFirst(sorted, recentIDs: try await recentlyUsedIDs(userID: userID))
    }

    /// The exercises of the user's latest finished workouts, newest workout first and
    /// in their order within it, at most `ExerciseSearch.recentLimit`. Reads a bounded
    /// number of entries, however long the history.
    func recentlyUsedIDs(userID: UUID) async throws -> [UUID] {
        let rows = try await db.sql.raw(
            """
            SELECT e.exercise_id FROM exercise_entries e JOIN workouts w ON w.id = e.workout_id \
            WHERE e.user_id = \(bind: userID) AND w.user_id = \(bind: userID) AND w.ended_at IS NOT NULL \
            ORDER BY w.started_at DESC, e.position LIMIT \(literal: ExerciseSearch.recentLimit * 25)
            """
        ).all()
        var ids: [UUID] = []
        for row in rows {
            let id = try row.decode(column: "exercise_id", as: UUID.self)
            if !ids.contains(id) { ids.append(id) }
            if ids.count == ExerciseSearch.recentLimit { break }
        }
        return ids
    }

    public func find(id: UUID, userID: UUID) async throws -> Exercise? {
        if let builtIn = try await catalog.current(loadingFrom: db).byID[id] { return builtIn }
        return try await owned(by: userID, "x.id = \(bind: id)").first
    }

    /// Counts of the library for one user: catalog rows and the user's own.
    public func counts(userID: UUID) async throws -> (catalog: Int, custom: Int) {
        let builtIn = try await catalog.current(loadingFrom: db).exercises.count
        let custom =
            try await db.sql.raw(
                "SELECT COUNT(*) AS n FROM exercises x WHERE x.user_id = \(bind: userID) AND x.archived = \(false)"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
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
        let exercise = Self.custom(id: id, userID: userID, valid: valid, now: now)
        try await ExerciseRows.insert([exercise], on: db)
        return exercise
    }

    /// A new custom exercise.
    static func custom(id: UUID, userID: UUID, valid: ValidExerciseDraft, now: Date) -> Exercise {
        var exercise = Exercise(
            id: id, ownerID: userID, name: "", description: "", primaryMuscles: [], equipment: .other, kind: .weightReps,
            createdAt: now, updatedAt: now)
        apply(valid, to: &exercise, now: now)
        return exercise
    }

    /// Changes a custom exercise; built-in ones cannot be changed.
    public func update(id: UUID, userID: UUID, draft: ExerciseDraft, now: Date) async throws -> Exercise {
        // Whose it is is checked before the draft, so another lifter's id is a 404 whatever the body.
        let exercise = try await own(id: id, userID: userID, action: "edit")
        return try await save(exercise, as: try validate(draft), userID: userID, now: now)
    }

    /// Changes a custom exercise to a draft the caller has validated.
    public func update(id: UUID, userID: UUID, valid: ValidExerciseDraft, now: Date) async throws -> Exercise {
        try await save(try await own(id: id, userID: userID, action: "edit"), as: valid, userID: userID, now: now)
    }

    /// Writes a checked draft over one of the lifter's own exercises.
    private func save(_ stored: Exercise, as valid: ValidExerciseDraft, userID: UUID, now: Date) async throws -> Exercise {
        var exercise = stored
        try await ensureNameFree(valid.nameKey, userID: userID, except: exercise.id)
        Self.apply(valid, to: &exercise, now: now)
        try await ExerciseRows.save(exercise, only: ExerciseRows.editedColumns, on: db)
        return exercise
    }

    public func setArchived(_ archived: Bool, id: UUID, userID: UUID, now: Date) async throws -> Exercise {
        var exercise = try await own(id: id, userID: userID, action: archived ? "archive" : "restore")
        exercise.archived = archived
        exercise.updatedAt = now
        try await ExerciseRows.save(exercise, only: ExerciseRows.archiveColumns, on: db)
        return exercise
    }

    /// What deleting did: removed for good, or archived because workouts use it.
    public enum Deletion: Sendable, Equatable {
        case deleted(Exercise)
        case archived(Exercise, usage: ExerciseUsage)
    }

    /// How many of the user's workouts and templates use an exercise.
    public func usage(of id: UUID, userID: UUID) async throws -> ExerciseUsage {
        let row = try await db.sql.raw(
            """
            SELECT (SELECT COUNT(DISTINCT e.workout_id) FROM exercise_entries e WHERE e.user_id = \(bind: userID) AND e.exercise_id = \(bind: id)) AS workouts, \
            (SELECT COUNT(DISTINCT t.template_id) FROM template_exercises t WHERE t.user_id = \(bind: userID) AND t.exercise_id = \(bind: id)) AS templates
            """
        ).first()
        return ExerciseUsage(
            workouts: try row?.decode(column: "workouts", as: Int.self) ?? 0,
            templates: try row?.decode(column: "templates", as: Int.self) ?? 0)
    }

    /// Removes a custom exercise, or archives it when workouts or templates use it,
    /// so history and routines never lose what they hold. The caller removes the
    /// image file of a deleted one.
    public func delete(id: UUID, userID: UUID, now: Date) async throws -> Deletion {
        var exercise = try await own(id: id, userID: userID, action: "delete")
        let usage = try await usage(of: id, userID: userID)
        if !usage.isEmpty {
            exercise.archived = true
            exercise.updatedAt = now
            try await ExerciseRows.save(exercise, only: ExerciseRows.archiveColumns, on: db)
            return .archived(exercise, usage: usage)
        }
        try await db.sql.raw("DELETE FROM exercises WHERE id = \(bind: id) AND user_id = \(bind: userID)").run()
        return .deleted(exercise)
    }

    /// Records the uploaded image of a custom exercise and returns the one it replaced.
    public func setImage(_ image: StoredImage?, id: UUID, userID: UUID, now: Date) async throws -> (Exercise, StoredImage?) {
        var exercise = try await own(id: id, userID: userID, action: "change the image of")
        let previous = exercise.image
        exercise.image = image
        exercise.updatedAt = now
        try await ExerciseRows.save(exercise, only: ExerciseRows.imageColumns, on: db)
        return (exercise, previous)
    }

    /// One of the user's own exercises; a built-in one answers 403, another user's 404.
    private func own(id: UUID, userID: UUID, action: String) async throws -> Exercise {
        guard
            let exercise = try await ExerciseRows.exercises(
                where: "x.id = \(bind: id) AND " + ExerciseRows.visible(to: userID), on: db
            ).first
        else { throw SpotterError.notFound("The exercise") }
        guard exercise.ownerID == userID else {
            throw SpotterError.forbidden("Built-in exercises cannot be changed. You can \(action) only exercises you made.")
        }
        return exercise
    }

    private static func apply(_ valid: ValidExerciseDraft, to exercise: inout Exercise, now: Date) {
        exercise.name = valid.name
        exercise.aliases = []
        exercise.description = valid.description
        exercise.primaryMuscles = valid.muscleGroups
        exercise.secondaryMuscles = []
        exercise.equipment = valid.equipment
        exercise.kind = valid.kind
        exercise.videoURL = valid.video
        exercise.updatedAt = now
    }

    private func validate(_ draft: ExerciseDraft) throws -> ValidExerciseDraft {
        do { return try draft.validated() } catch { throw SpotterError.invalid(error) }
    }

    /// A custom name may not repeat one of the user's exercises nor a built-in one.
    private func ensureNameFree(_ key: NameKey, userID: UUID, except id: UUID?) async throws {
        var condition: SQLQueryString = "x.name_key = \(bind: key.rawValue) AND " + ExerciseRows.visible(to: userID)
        if let id { condition += " AND x.id <> \(bind: id)" }
        guard let clash = try await ExerciseRows.exercises(where: condition, on: db).first else { return }
        let message: String
        if clash.ownerID == nil {
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
            for exercise in try await owned(by: userID, "x.id IN (\(binds: missing))") { found[exercise.id] = exercise }
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
