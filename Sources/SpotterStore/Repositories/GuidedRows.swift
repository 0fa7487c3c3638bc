import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `guided_sessions` (made by `M013CreateGuidedWorkouts`):
/// a played workout's plan and player state, each kept as JSON text (the player's
/// own Codable form; dates as exact numbers, so a countdown ends at the stored instant).
enum GuidedRows: TableRows {
    static let table = "guided_sessions"
    static let columns = ["workout_id", "user_id", "plan", "state", "updated_at"]

    static func values(workoutID: UUID, userID: UUID, plan: GuidedPlan, state: GuidedPlayer.State, now: Date) throws -> [RowValue] {
        [.uuid(workoutID), .uuid(userID), .text(try text(plan)), .text(try text(state)), .time(now)]
    }

    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func plan(_ row: any SQLRow) throws -> GuidedPlan {
        try JSONDecoder().decode(GuidedPlan.self, from: Data(try row.decode(column: "plan", as: String.self).utf8))
    }

    static func state(_ row: any SQLRow) throws -> GuidedPlayer.State {
        try JSONDecoder().decode(GuidedPlayer.State.self, from: Data(try row.decode(column: "state", as: String.self).utf8))
    }

    /// The player of a workout of the user's, with whether the workout has ended.
    static func find(workoutID: UUID, userID: UUID, on db: any Database) async throws -> (GuidedPlan, GuidedPlayer.State, ended: Bool)? {
        guard let row = try await db.sql.raw("""
            SELECT g.plan, g.state, w.ended_at FROM guided_sessions g JOIN workouts w ON w.id = g.workout_id \
            WHERE g.workout_id = \(bind: workoutID) AND g.user_id = \(bind: userID) AND w.user_id = \(bind: userID)
            """).first()
        else { return nil }
        return (try plan(row), try state(row), !(try row.decodeNil(column: "ended_at")))
    }

    static func saveState(_ state: GuidedPlayer.State, workoutID: UUID, now: Date, on db: any Database) async throws {
        try await db.sql.raw(
            "UPDATE guided_sessions SET state = \(bind: try text(state)), updated_at = \(bind: now) WHERE workout_id = \(bind: workoutID)"
        ).run()
    }
}
