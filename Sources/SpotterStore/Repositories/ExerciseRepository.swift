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

    /// Adds an exercise the service made (`ExerciseService.create`).
    public func insert(_ exercise: Exercise) async throws {
        try await ExerciseRows.insert([exercise], on: db)
    }

    /// Stores an own exercise's edited fields (name, description, muscles, equipment, kind, video).
    public func saveEdits(_ exercise: Exercise) async throws {
        try await ExerciseRows.save(exercise, only: ExerciseRows.editedColumns, on: db)
    }

    /// Stores whether an own exercise is archived.
    public func saveArchived(_ exercise: Exercise) async throws {
        try await ExerciseRows.save(exercise, only: ExerciseRows.archiveColumns, on: db)
    }

    /// Stores which image an own exercise shows.
    public func saveImage(_ exercise: Exercise) async throws {
        try await ExerciseRows.save(exercise, only: ExerciseRows.imageColumns, on: db)
    }

    /// Removes one of the user's own exercises for good.
    public func remove(id: UUID, userID: UUID) async throws {
        try await db.sql.raw("DELETE FROM exercises WHERE id = \(bind: id) AND user_id = \(bind: userID)").run()
    }

    /// How many of the user's workouts, templates and training maxes use an exercise.
    public func usage(of id: UUID, userID: UUID) async throws -> ExerciseUsage {
        let row = try await db.sql.raw(
            """
            SELECT (SELECT COUNT(DISTINCT e.workout_id) FROM exercise_entries e WHERE e.user_id = \(bind: userID) AND e.exercise_id = \(bind: id)) AS workouts, \
            (SELECT COUNT(DISTINCT t.template_id) FROM template_exercises t WHERE t.user_id = \(bind: userID) AND t.exercise_id = \(bind: id)) AS templates, \
            (SELECT COUNT(*) FROM training_maxes m WHERE m.user_id = \(bind: userID) AND m.exercise_id = \(bind: id)) AS maxes
            """
        ).first()
        return ExerciseUsage(
            workouts: try row?.decode(column: "workouts", as: Int.self) ?? 0,
            templates: try row?.decode(column: "templates", as: Int.self) ?? 0,
            trainingMaxes: try row?.decode(column: "maxes", as: Int.self) ?? 0)
    }

    /// The exercise the user sees under this name (compared as `NameKey`), built-in or
    /// their own, archived or not, other than `except`.
    public func named(_ key: NameKey, userID: UUID, except id: UUID?) async throws -> Exercise? {
        var condition: SQLQueryString = "x.name_key = \(bind: key.rawValue) AND " + ExerciseRows.visible(to: userID)
        if let id { condition += " AND x.id <> \(bind: id)" }
        return try await ExerciseRows.exercises(where: condition, on: db).first
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
    /// Maxes of the lift's history: deleting the lift would lose them, so it is archived.
    public var trainingMaxes: Int

    public init(workouts: Int, templates: Int, trainingMaxes: Int = 0) {
        self.workouts = workouts
        self.templates = templates
        self.trainingMaxes = trainingMaxes
    }

    public var isEmpty: Bool { workouts == 0 && templates == 0 && trainingMaxes == 0 }

    /// "3 workouts and 1 template", "3 workouts, 1 template and 2 training maxes", or
    /// nil when nothing uses it.
    public var description: String? {
        func count(_ n: Int, _ word: String) -> String? { n == 0 ? nil : counted(n, word) }
        let parts = [count(workouts, "workout"), count(templates, "template"), count(trainingMaxes, "training max")]
            .compactMap { $0 }
        guard let last = parts.last else { return nil }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }
}
