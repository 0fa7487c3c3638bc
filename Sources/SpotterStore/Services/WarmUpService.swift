import FluentKit
import Foundation
import SQLKit
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
        let repository = workouts
        try await store.database.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: user.id, on: tx)
            guard
                let workout = try await WorkoutRows.workouts(
                    where: "w.id = \(bind: workoutID) AND w.user_id = \(bind: user.id)", on: tx
                ).first
            else { throw SpotterError.notFound("The workout") }
            guard let entry = workout.entries.first(where: { $0.id == entryID }) else {
                throw SpotterError.notFound("The exercise entry")
            }
            let equipment = try await exercises.find(id: entry.exerciseID, userID: user.id)?.equipment ?? .other
            let plan: (position: Int, steps: [WarmUpRamp.Step])
            do { plan = try WarmUpRamp.plan(for: entry, equipment: equipment, settings: user.settings) } catch let failure
                as ValidationFailure
            { throw SpotterError.invalid(failure) }
            try await tx.sql.raw(
                """
                UPDATE workout_sets SET position = position + \(literal: plan.steps.count) \
                WHERE entry_id = \(bind: entryID) AND position >= \(literal: plan.position)
                """
            ).run()
            let rows = plan.steps.enumerated().map { index, step in
                let set = WorkoutSet(
                    id: makeID(), kind: .warmup, reps: step.reps, weight: Mass(step.weight, user.settings.unit), updatedAt: now)
                return WorkoutRows.setValues(
                    set, workoutID: workoutID, entryID: entryID, position: plan.position + index, userID: user.id, records: [])
            }
            try await BulkRows.insert(rows, into: "workout_sets", columns: WorkoutRows.setColumns, streaming: false, on: tx)
            if !workout.isActive { try await repository.refreshProgress(entryID: entryID, userID: user.id, on: tx) }
        }
        return try await WorkoutService.at(now, in: store).found(workoutID, user: user)
    }
}
