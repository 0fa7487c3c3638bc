import Foundation
import SpotterCore

/// Warm-up sets on demand: the ramp to an entry's first working set, put before it
/// in one transaction, for the API and the page alike.
public struct WarmUpService: Sendable {
    let store: SpotterStore

    public init(store: SpotterStore) {
        self.store = store
    }

    var workouts: WorkoutRepository { WorkoutRepository(store: store) }

    /// Adds the warm-up sets (`WarmUpRamp.plan`) before the entry's first working set
    /// and returns the workout. Another user's workout or entry is not found; a bad
    /// request changes nothing.
    public func addWarmUps(
        workoutID: UUID, entryID: UUID, user: User, now: Date, makeID: @escaping @Sendable () -> UUID = UUID.init
    ) async throws -> Workout {
        let exercises = ExerciseRepository(store: store)
        try await workouts.insertSets(workoutID: workoutID, entryID: entryID, userID: user.id) { _, entry in
            let equipment = try await exercises.find(id: entry.exerciseID, userID: user.id)?.equipment ?? .other
            let plan: (position: Int, steps: [WarmUpRamp.Step])
            do { plan = try WarmUpRamp.plan(for: entry, equipment: equipment, settings: user.settings) } catch let failure
                as ValidationFailure
            { throw SpotterError.invalid(failure) }
            let sets = plan.steps.map { step in
                WorkoutSet(
                    id: makeID(), kind: .warmup, reps: step.reps, weight: Mass(step.weight, user.settings.unit), updatedAt: now)
            }
            return (plan.position, sets)
        }
        return try await WorkoutService.at(now, in: store).found(workoutID, user: user)
    }
}
