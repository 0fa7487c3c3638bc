import FluentKit
import Foundation
import SQLKit
import SpotterCore
import Synchronization

/// The one Swift description of `guided_sessions` (made by `M013CreateGuidedWorkouts`):
/// a played workout's plan and player state, each kept as JSON text (the player's
/// own Codable form; dates as exact numbers, so a countdown ends at the stored instant).
enum GuidedRows: TableRows {
    static let table = "guided_sessions"
    static let columns = ["workout_id", "user_id", "plan", "state", "updated_at"]

    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func plan(_ row: any SQLRow) throws -> GuidedPlan {
        try JSONDecoder().decode(GuidedPlan.self, from: Data(try row.decode(column: "plan", as: String.self).utf8))
    }

    static func state(_ row: any SQLRow) throws -> GuidedPlayer.State {
        try JSONDecoder().decode(GuidedPlayer.State.self, from: Data(try row.decode(column: "state", as: String.self).utf8))
    }

    /// The player of a workout of the user's, with whether the workout has ended. The
    /// plan comes from `plans` when it is there (it never changes), else with the row.
    /// `locking` (in a transaction) locks the workout and the player on PostgreSQL in
    /// the same statement, as `WorkoutRows.lockWorkout` locks the workout: a read that
    /// waited for the lock gets both rows as the other writer left them.
    static func find(
        workoutID: UUID, userID: UUID, plans: GuidedPlanCache, locking: Bool = false, on db: any Database
    ) async throws -> (GuidedPlan, GuidedPlayer.State, ended: Bool)? {
        let known = plans.plan(workoutID)
        let columns: SQLQueryString = known == nil ? "g.plan, g.state, w.ended_at" : "g.state, w.ended_at"
        let lock: SQLQueryString = locking && WorkoutRows.locksWorkouts(db) ? " FOR UPDATE OF w, g" : ""
        guard
            let row = try await db.sql.raw(
                """
                SELECT \(columns) FROM guided_sessions g JOIN workouts w ON w.id = g.workout_id \
                WHERE g.workout_id = \(bind: workoutID) AND g.user_id = \(bind: userID) AND w.user_id = \(bind: userID)\(lock)
                """
            ).first()
        else { return nil }
        let plan = try known ?? plan(row)
        if known == nil { plans.keep(plan, for: workoutID) }
        return (plan, try state(row), !(try row.decodeNil(column: "ended_at")))
    }

    static func saveState(_ state: GuidedPlayer.State, workoutID: UUID, now: Date, on db: any Database) async throws {
        try await db.sql.raw(
            "UPDATE guided_sessions SET state = \(bind: try text(state)), updated_at = \(bind: now) WHERE workout_id = \(bind: workoutID)"
        ).run()
    }
}

/// The plans of played workouts, kept in memory after their first read: a plan
/// never changes once its workout started (nor does another instance change it),
/// so the player's every action reads only its small state row. At most `limit`
/// plans are kept; when full, it starts over.
final class GuidedPlanCache: Sendable {
    private let plans = Mutex<[UUID: GuidedPlan]>([:])
    static let limit = 2_000

    func plan(_ workoutID: UUID) -> GuidedPlan? { plans.withLock { $0[workoutID] } }

    func keep(_ plan: GuidedPlan, for workoutID: UUID) {
        plans.withLock { plans in
            if plans.count >= Self.limit { plans.removeAll(keepingCapacity: true) }
            plans[workoutID] = plan
        }
    }
}
