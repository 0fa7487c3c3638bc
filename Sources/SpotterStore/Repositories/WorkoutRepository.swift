import FluentKit
import Foundation
import SpotterCore

/// Workouts and everything in them. Writes are upserts by the client's ids, so a
/// retried request never duplicates anything; every query is scoped by the owner,
/// and another user's ids behave exactly like missing ones.
public struct WorkoutRepository: Sendable {
    let db: any Database

    public init(store: SpotterStore) { db = store.database }
    init(db: any Database) { self.db = db }

    // MARK: Reading

    /// The workout in progress, if any.
    public func active(userID: UUID) async throws -> Workout? {
        guard let model = try await WorkoutModel.query(on: db).filter(\.$userID == userID).filter(\.$endedAt == nil).first()
        else { return nil }
        return try await assemble([model], on: db).first
    }

    public func find(id: UUID, userID: UUID) async throws -> Workout? {
        guard let model = try await workoutModel(id: id, userID: userID, on: db) else { return nil }
        return try await assemble([model], on: db).first
    }

    /// Finished workouts, newest first.
    public func history(userID: UUID, filter: HistoryFilter = .init()) async throws -> [Workout] {
        var query = WorkoutModel.query(on: db).filter(\.$userID == userID).filter(\.$endedAt != nil)
        if let typeID = filter.workoutTypeID { query = query.filter(\.$workoutTypeID == typeID) }
        if let from = filter.from { query = query.filter(\.$startedAt >= from) }
        if let until = filter.until { query = query.filter(\.$startedAt < until) }
        if let exerciseID = filter.exerciseID {
            let ids = try await ExerciseEntryModel.query(on: db).filter(\.$userID == userID).filter(\.$exerciseID == exerciseID)
                .all().map(\.workoutID)
            query = query.filter(\.$id ~~ Array(Set(ids)))
        }
        let models = try await query.sort(\.$startedAt, .descending).range(..<filter.limit).all()
        let workouts = try await assemble(models, on: db)
        let terms = ExerciseSearch.terms(of: filter.search)
        guard !terms.isEmpty else { return workouts }
        return workouts.filter { workout in
            let text = (workout.name + "\n" + workout.notes + "\n" + workout.entries.map(\.notes).joined(separator: "\n")).lowercased()
            return terms.allSatisfy { text.contains($0) }
        }
    }

    /// The done sets of each exercise in the user's finished workouts, newest
    /// session first (at most `limit` per exercise), for the previous-performance
    /// hints. Three queries, however many exercises are asked for.
    public func previousSessions(
        userID: UUID, exerciseIDs: Set<UUID>, excluding workoutID: UUID?, limit: Int = 5
    ) async throws -> [UUID: [PreviousPerformance.Session]] {
        guard !exerciseIDs.isEmpty else { return [:] }
        var entries = ExerciseEntryModel.query(on: db).filter(\.$userID == userID).filter(\.$exerciseID ~~ Array(exerciseIDs))
        if let workoutID { entries = entries.filter(\.$workoutID != workoutID) }
        let entryModels = try await entries.all()
        guard !entryModels.isEmpty else { return [:] }
        let workouts = try await WorkoutModel.query(on: db).filter(\.$id ~~ Array(Set(entryModels.map(\.workoutID))))
            .filter(\.$endedAt != nil).all()
        let startedAt = Dictionary(uniqueKeysWithValues: workouts.map { ($0.id!, $0.startedAt) })
        // Newest sessions first, then keep `limit` per exercise.
        let chosen = Dictionary(grouping: entryModels.filter { startedAt[$0.workoutID] != nil }, by: \.exerciseID)
            .mapValues { $0.sorted { startedAt[$0.workoutID]! > startedAt[$1.workoutID]! }.prefix(limit) }
        let entryIDs = chosen.values.flatMap { $0.map { $0.id! } }
        guard !entryIDs.isEmpty else { return [:] }
        let sets = try await WorkoutSetModel.query(on: db).filter(\.$entryID ~~ entryIDs).filter(\.$done == true)
            .sort(\.$position).all()
        let byEntry = Dictionary(grouping: sets, by: \.entryID)
        return chosen.mapValues { entries in
            entries.map { entry in
                PreviousPerformance.Session(startedAt: startedAt[entry.workoutID]!, sets: (byEntry[entry.id!] ?? []).map(\.core))
            }
        }
    }

    // MARK: Helpers shared by the write side

    func workoutModel(id: UUID, userID: UUID, on db: any Database) async throws -> WorkoutModel? {
        try await WorkoutModel.query(on: db).filter(\.$userID == userID).filter(\.$id == id).first()
    }

    /// Builds Core workouts from rows with two more queries, whatever their number.
    func assemble(_ models: [WorkoutModel], on db: any Database) async throws -> [Workout] {
        guard !models.isEmpty else { return [] }
        let ids = models.map { $0.id! }
        let entries = try await ExerciseEntryModel.query(on: db).filter(\.$workoutID ~~ ids).sort(\.$position).all()
        let sets = try await WorkoutSetModel.query(on: db).filter(\.$workoutID ~~ ids).sort(\.$position).all()
        let setsByEntry = Dictionary(grouping: sets, by: \.entryID)
        let entriesByWorkout = Dictionary(grouping: entries, by: \.workoutID)
        return models.map { model in
            model.core(entries: (entriesByWorkout[model.id!] ?? []).map { entry in
                entry.core(sets: (setsByEntry[entry.id!] ?? []).map(\.core))
            })
        }
    }
}

/// Which finished workouts to list.
public struct HistoryFilter: Sendable, Equatable {
    public var workoutTypeID: UUID?
    public var exerciseID: UUID?
    public var from: Date?
    public var until: Date?
    public var search: String
    public var limit: Int

    public init(workoutTypeID: UUID? = nil, exerciseID: UUID? = nil, from: Date? = nil, until: Date? = nil, search: String = "", limit: Int = 200) {
        self.workoutTypeID = workoutTypeID
        self.exerciseID = exerciseID
        self.from = from
        self.until = until
        self.search = search
        self.limit = limit
    }
}

extension WorkoutRepository {
    /// Every exercise the user has in any workout.
    public func loggedExerciseIDs(userID: UUID) async throws -> Set<UUID> {
        Set(try await ExerciseEntryModel.query(on: db).filter(\.$userID == userID).all().map(\.exerciseID))
    }
}
