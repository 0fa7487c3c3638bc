import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The guided player of the user's workouts. The player's state is kept with the
/// workout; every change reads it, plays out the time that passed, applies the
/// lifter's event and logs the sets that completed, in one transaction (taken in
/// turns with the workout's other writes), so two devices never log a set twice.
public struct GuidedRepository: Sendable {
    let workouts: WorkoutRepository
    let plans: GuidedPlanCache

    public init(store: SpotterStore) {
        workouts = WorkoutRepository(store: store)
        plans = store.guidedPlans
    }

    /// What a change of the player left: its plan and state, and whether it just finished.
    public struct Outcome: Sendable {
        public var plan: GuidedPlan
        public var state: GuidedPlayer.State
        /// When the last set of the last item ended: the caller finishes the workout then.
        public var finishedAt: Date?
    }

    /// Adds the player of a workout just started; a retry keeps the first one.
    public func create(workoutID: UUID, userID: UUID, plan: GuidedPlan, state: GuidedPlayer.State, now: Date) async throws {
        let (planText, stateText) = (try GuidedRows.text(plan), try GuidedRows.text(state))
        try await workouts.db.writeTransaction { tx in
            try await tx.sql.raw(
                """
                INSERT INTO guided_sessions (workout_id, user_id, plan, state, updated_at) \
                VALUES (\(bind: workoutID), \(bind: userID), \(bind: planText), \(bind: stateText), \(bind: now)) \
                ON CONFLICT (workout_id) DO NOTHING
                """
            ).run()
        }
    }

    public func find(workoutID: UUID, userID: UUID) async throws -> (plan: GuidedPlan, state: GuidedPlayer.State, ended: Bool)? {
        try await GuidedRows.find(workoutID: workoutID, userID: userID, plans: plans, on: workouts.reads).map {
            ($0.0, $0.1, $0.2)
        }
    }

    /// What the player's rules made of a change (`GuidedService`): its new state,
    /// the sets to log, and when the last set of the last item ended.
    public struct Step: Sendable {
        public var state: GuidedPlayer.State
        public var sets: [SetLog]
        public var finishedAt: Date?
    }

    /// A set the player logs: where it goes, and the set rules that write it.
    public struct SetLog: Sendable {
        public var entryID: UUID
        public var setID: UUID
        public var decide: SetDecision
    }

    /// Reads the player and its plan, locking them with the workout, lets `step`
    /// play the change (`ended`: the workout was finished or stopped elsewhere), and
    /// writes what it made: the sets it logged and the player's state. A set whose
    /// exercise the lifter removed from the workout meanwhile is not logged.
    public func apply(
        workoutID: UUID, userID: UUID, now: Date,
        step: @escaping @Sendable (GuidedPlan, GuidedPlayer.State, _ ended: Bool) throws -> Step
    ) async throws -> Outcome {
        try await workouts.batchedWrite(workoutID: workoutID, userID: userID) { tx, _ in
            // One statement reads the player and locks it with its workout: the set
            // writes below then take no lock of their own.
            guard
                let (plan, stored, ended) = try await GuidedRows.find(
                    workoutID: workoutID, userID: userID, plans: plans, locking: true, on: tx)
            else {
                throw SpotterError.notFound("The guided workout")
            }
            let made = try step(plan, stored, ended)
            for set in made.sets {
                do {
                    _ = try await workouts.writeSet(
                        workoutID: workoutID, entryID: set.entryID, setID: set.setID, userID: userID, now: now, locked: true,
                        on: tx,
                        decide: set.decide)
                } catch SpotterError.notFound {
                    // The exercise is no longer in the workout: nothing to log it in.
                }
            }
            if made.state != stored { try await GuidedRows.saveState(made.state, workoutID: workoutID, now: now, on: tx) }
            return Outcome(plan: plan, state: made.state, finishedAt: made.finishedAt)
        }
    }

    /// Changes the player's state as `change` says (the lifter stopped it).
    public func stop(
        workoutID: UUID, userID: UUID, now: Date, _ change: @escaping @Sendable (inout GuidedPlayer.State) -> Void
    ) async throws {
        try await workouts.db.writeTransaction { tx in
            guard
                var (_, state, _) = try await GuidedRows.find(
                    workoutID: workoutID, userID: userID, plans: plans, locking: true, on: tx)
            else {
                throw SpotterError.notFound("The guided workout")
            }
            change(&state)
            try await GuidedRows.saveState(state, workoutID: workoutID, now: now, on: tx)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
