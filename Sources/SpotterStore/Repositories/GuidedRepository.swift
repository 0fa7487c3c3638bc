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
            try await tx.sql.raw("""
                INSERT INTO guided_sessions (workout_id, user_id, plan, state, updated_at) \
                VALUES (\(bind: workoutID), \(bind: userID), \(bind: planText), \(bind: stateText), \(bind: now)) \
                ON CONFLICT (workout_id) DO NOTHING
                """).run()
        }
    }

    public func find(workoutID: UUID, userID: UUID) async throws -> (plan: GuidedPlan, state: GuidedPlayer.State, ended: Bool)? {
        try await GuidedRows.find(workoutID: workoutID, userID: userID, plans: plans, on: workouts.reads).map { ($0.0, $0.1, $0.2) }
    }

    /// Plays out the time up to `now`, then applies `event` (nil: only the time),
    /// unless `expected` (the item, set and phase the lifter saw) is no longer current: a
    /// second tap, or a timed set that already completed itself, changes nothing more.
    /// A set the lifter completes is logged with `values` over its planned values;
    /// a timed set that ran out is logged as planned.
    public func apply(
        _ event: GuidedPlayer.Event?, expected: (item: Int, set: Int, phase: GuidedPlayer.Phase)? = nil, values: SetDraft = SetDraft(), workoutID: UUID,
        userID: UUID, unit: MassUnit, defaultRestSeconds: Int, now: Date
    ) async throws -> Outcome {
        try await workouts.batchedWrite(workoutID: workoutID, userID: userID) { tx, _ in
            // One statement reads the player and locks it with its workout: the set
            // write below then takes no lock of its own.
            guard let (plan, stored, ended) = try await GuidedRows.find(
                workoutID: workoutID, userID: userID, plans: plans, locking: true, on: tx)
            else {
                throw SpotterError.notFound("The guided workout")
            }
            var state = stored
            if ended {
                // Finished or stopped elsewhere (the workout page's Finish): the player is over too.
                if state.phase != .finished {
                    state.end()
                    try await GuidedRows.saveState(state, workoutID: workoutID, now: now, on: tx)
                }
                return Outcome(plan: plan, state: state, finishedAt: nil)
            }
            var effects = GuidedPlayer.reduce(&state, .tick(at: now), items: plan.items).map { ($0, SetDraft()) }
            if let event, expected.map({ ($0.item, $0.set, $0.phase) == (state.item, state.set, state.phase) }) ?? true {
                var lifter = SetDraft()
                if case .completeSet = event { lifter = values }
                effects += GuidedPlayer.reduce(&state, event, items: plan.items).map { ($0, lifter) }
            }
            var finishedAt: Date?
            for (effect, draft) in effects {
                switch effect {
                case .logSet(let item, let set, let at):
                    try await log(
                        set: set, of: item, in: plan, with: draft, workoutID: workoutID, userID: userID, unit: unit,
                        defaultRestSeconds: defaultRestSeconds, at: at, on: tx)
                case .finish(let at):
                    finishedAt = at
                }
            }
            if state != stored { try await GuidedRows.saveState(state, workoutID: workoutID, now: now, on: tx) }
            return Outcome(plan: plan, state: state, finishedAt: finishedAt)
        }
    }

    /// Marks the player over (the lifter stopped it); the workout is finished or discarded by the caller.
    public func stop(workoutID: UUID, userID: UUID, now: Date) async throws {
        try await workouts.db.writeTransaction { tx in
            guard var (_, state, _) = try await GuidedRows.find(workoutID: workoutID, userID: userID, plans: plans, locking: true, on: tx)
            else {
                throw SpotterError.notFound("The guided workout")
            }
            state.end()
            try await GuidedRows.saveState(state, workoutID: workoutID, now: now, on: tx)
        }
    }

    /// Ticks set `set` (0-based) of item `item` done: the set the plan made for it,
    /// added again at the end of its exercise when the lifter removed it meanwhile.
    /// An exercise the lifter removed logs nothing. The set counts as logged when it
    /// ended (a timed set that ran out while nobody looked), not when that was seen.
    private func log(
        set: Int, of item: Int, in plan: GuidedPlan, with values: SetDraft, workoutID: UUID, userID: UUID, unit: MassUnit,
        defaultRestSeconds: Int, at: Date, on tx: any Database
    ) async throws {
        guard let entryID = plan.entryIDs[safe: item] ?? nil else { return }
        var draft = values
        draft.done = true
        do {
            _ = try await workouts.writeSet(
                workoutID: workoutID, entryID: entryID, setID: plan.setID(item: item, set: set) ?? UUID(), draft: draft, changedAt: at,
                userID: userID, unit: unit, defaultRestSeconds: defaultRestSeconds, now: at, startsRest: false, locked: true, on: tx)
        } catch SpotterError.notFound {
            // The exercise is no longer in the workout: nothing to log it in.
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
