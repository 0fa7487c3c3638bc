import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `exercise_rests` (made by `M015CreateExerciseRests`):
/// the rest each lifter last chose for an exercise.
enum ExerciseRestRows {
    /// Keeps `seconds` as the lifter's rest for the exercise (the newest choice wins).
    static func remember(_ seconds: Int, exerciseID: UUID, userID: UUID, now: Date, on db: any Database) async throws {
        try await db.sql.raw(
            """
            INSERT INTO exercise_rests (user_id, exercise_id, rest_seconds, updated_at) \
            VALUES (\(bind: userID), \(bind: exerciseID), \(bind: seconds), \(bind: now)) \
            ON CONFLICT (user_id, exercise_id) DO UPDATE SET rest_seconds = excluded.rest_seconds, updated_at = excluded.updated_at
            """
        ).run()
    }

    /// The remembered rest of each of these exercises that has one.
    static func remembered(userID: UUID, exerciseIDs: Set<UUID>, on db: any Database) async throws -> [UUID: Int] {
        guard !exerciseIDs.isEmpty else { return [:] }
        var result: [UUID: Int] = [:]
        for row in try await db.sql.raw(
            """
            SELECT r.exercise_id, r.rest_seconds FROM exercise_rests r \
            WHERE r.user_id = \(bind: userID) AND r.exercise_id IN (\(binds: Array(exerciseIDs)))
            """
        ).all() {
            result[try row.decode(column: "exercise_id", as: UUID.self)] = try row.decode(column: "rest_seconds", as: Int.self)
        }
        return result
    }

    /// The rest of the entry `entry` names in a query (a fixed alias): its own, else
    /// the one remembered for its exercise.
    static func entryRest(_ entry: String) -> SQLQueryString {
        """
        COALESCE(\(unsafeRaw: entry).rest_seconds, (SELECT r.rest_seconds FROM exercise_rests r \
        WHERE r.user_id = \(unsafeRaw: entry).user_id AND r.exercise_id = \(unsafeRaw: entry).exercise_id))
        """
    }
}
