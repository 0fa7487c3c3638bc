import CoreMetrics
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

/// Imports a file into one lifter's account: plans it from its outline against
/// their library, time zone and earlier imports, then reads its workouts again and
/// writes them, all or nothing.
public struct HistoryImporter: Sendable {
    let users: UserRepository
    let exercises: ExerciseRepository
    let workouts: WorkoutRepository
    let store: SpotterStore

    public init(store: SpotterStore) {
        self.store = store
        users = UserRepository(store: store)
        exercises = ExerciseRepository(store: store)
        workouts = WorkoutRepository(store: store)
    }

    /// The plan for a file outlined as `file`: `chosen` maps a name of the file to an
    /// exercise of the library the lifter picked instead of the matching one.
    public func plan(_ file: ImportOutline, userID: UUID, chosen: [String: UUID] = [:]) async throws -> ImportPlan {
        guard let user = try await users.find(id: userID) else { throw SpotterError.notFound("The account") }
        let library = try await exercises.list(userID: userID, filter: ExerciseFilter(includeArchived: true))
        let existing = try await workouts.importKeys(file.importKeys, userID: userID)
        return ImportPlan.make(
            file: file, library: library, chosen: chosen, existing: existing, ownerID: userID, zone: user.settings.zone,
            makeID: UUID.init)
    }

    /// Reads the workouts of `input` (the file `plan` outlines) again and writes them
    /// in short transactions (`WorkoutRepository.addFinished(next:)`), so lifters
    /// logging meanwhile are not held up and memory holds one part: all of it or, on
    /// any failure, nothing.
    /// How long imports take, from the first row read to the last mark judged.
    public static let duration = Timer(label: "spotter_import_duration_seconds")

    public func commit(_ plan: ImportPlan, from input: ImportInput, userID: UUID, now: Date) async throws -> ImportOutcome {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { Self.duration.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - started)) }
        var read = try ImportReader.workouts(input, outline: plan.file)
        var handedOver = 0
        let added = try await workouts.addFinished(
            next: {
                while let imported = try read.next() {
                    handedOver += 1
                    if let (workout, key) = try plan.workout(from: imported, now: now, makeID: UUID.init) {
                        return FinishedWorkout(workout, importKey: key)
                    }
                }
                // Every workout of the outline came again, no more and no fewer.
                guard handedOver == plan.outlines.count else { throw ImportError.changedSincePreview }
                return nil
            }, newExercises: plan.newExercises, userID: userID, now: now)
        await store.refreshPlannerStatistics(afterAdding: added.sets)
        return ImportOutcome(
            workouts: added.workouts, sets: added.sets, newExercises: added.newExercises,
            alreadyImported: plan.alreadyImported + added.alreadyThere)
    }
}
