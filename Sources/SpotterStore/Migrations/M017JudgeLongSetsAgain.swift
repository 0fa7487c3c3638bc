import FluentKit
import Foundation
import SQLKit

/// Rep maxes count sets of more than 12 reps since 1cab658 (90 kg x 13 is also the
/// 12-rep max); bests stored before were judged without them and were judged again
/// only when the exercise was next touched. This queues every exercise holding such
/// a set for judging (`unjudged_exercises`), which the server (and `spotter migrate`)
/// does once, right after migrating (`WorkoutRepository.finishInterruptedLoads`).
struct M017JudgeLongSetsAgain: AsyncMigration {
    var name: String { "M017JudgeLongSetsAgain" }

    func prepare(on database: any Database) async throws {
        let pairs = try await database.sql.raw(
            """
            SELECT DISTINCT e.user_id, e.exercise_id FROM workout_sets s JOIN exercise_entries e ON e.id = s.entry_id \
            WHERE s.reps > 12 AND s.done = \(bind: true) AND NOT EXISTS \
            (SELECT 1 FROM unjudged_exercises u WHERE u.user_id = e.user_id AND u.exercise_id = e.exercise_id)
            """
        ).all()
        for pair in pairs {
            try await database.sql.raw(
                """
                INSERT INTO unjudged_exercises (id, user_id, exercise_id) \
                VALUES (\(bind: UUID()), \(bind: try pair.decode(column: "user_id", as: UUID.self)), \
                \(bind: try pair.decode(column: "exercise_id", as: UUID.self)))
                """
            ).run()
        }
    }

    /// Judging again changes nothing that must be undone.
    func revert(on database: any Database) async throws {}
}
