import Foundation
import SpotterCore
import SpotterStore

/// What an import added.
public struct ImportOutcome: Sendable, Equatable {
    public var workouts: Int
    public var sets: Int
    public var newExercises: Int
    /// Workouts of the file the lifter already had.
    public var alreadyImported: Int
}

/// Imports a read file into one lifter's account: plans it against their library,
/// time zone and earlier imports, then writes it all or nothing.
public struct HistoryImporter: Sendable {
    let users: UserRepository
    let exercises: ExerciseRepository
    let workouts: WorkoutRepository

    public init(store: SpotterStore) {
        users = UserRepository(store: store)
        exercises = ExerciseRepository(store: store)
        workouts = WorkoutRepository(store: store)
    }

    /// The plan for `file`: `chosen` maps a name of the file to an exercise of the
    /// library the lifter picked instead of the matching one.
    public func plan(_ file: ImportFile, userID: UUID, chosen: [String: UUID] = [:], now: Date) async throws -> ImportPlan {
        guard let user = try await users.find(id: userID) else { throw SpotterError.notFound("The account") }
        let library = try await exercises.list(userID: userID, filter: ExerciseFilter(includeArchived: true))
        let existing = try await workouts.importKeys(file.importKeys, userID: userID)
        return ImportPlan.make(
            file: file, library: library, chosen: chosen, existing: existing, ownerID: userID, zone: user.settings.zone, now: now,
            makeID: UUID.init)
    }

    /// Writes the plan in short transactions (`addFinishedInChunks`), so lifters logging
    /// meanwhile are not held up: all of it or, on any failure, nothing.
    public func commit(_ plan: ImportPlan, userID: UUID, now: Date) async throws -> ImportOutcome {
        let batch = FinishedBatch(workouts: plan.workouts, importKeys: plan.importKeys, newExercises: plan.newExercises)
        let added = try await workouts.addFinishedInChunks(batch, userID: userID, now: now)
        let used = Set(added.flatMap { $0.entries.map(\.exerciseID) })
        return ImportOutcome(
            workouts: added.count, sets: added.reduce(0) { $0 + $1.allSets.count },
            newExercises: plan.newExercises.filter { used.contains($0.id) }.count,
            alreadyImported: plan.alreadyImported + plan.workouts.count - added.count)
    }
}
