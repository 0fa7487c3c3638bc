import Foundation
import SQLKit

extension SpotterStore {
    /// The tables a bulk load (an import, a restore) fills.
    static let bulkLoadedTables = [
        "workouts", "exercise_entries", "workout_sets", "exercise_records", "training_weeks", "exercises",
    ]

    /// How many sets a load adds before the planner's statistics are brought up to date.
    static let setsBeforeAnalyze = 1_000

    /// Brings PostgreSQL's planner statistics up to date after a bulk load of `sets`
    /// sets. Until autovacuum's own ANALYZE comes (up to a minute later), pages were
    /// planned for the empty tables: the stats page took 145 ms instead of 13 ms
    /// after a ten-year import. SQLite plans without statistics unless ANALYZE ever
    /// ran, and the plans its rules choose are the ones measured, so it is left alone.
    /// Best effort: the load is done and committed whatever this answers.
    public func refreshPlannerStatistics(afterAdding sets: Int) async {
        guard !isSQLite, sets >= Self.setsBeforeAnalyze else { return }
        do {
            try await sql.raw(SQLQueryString(stringLiteral: "ANALYZE " + Self.bulkLoadedTables.joined(separator: ", "))).run()
        } catch {
            logger.warning("ANALYZE after a bulk load failed: \(String(reflecting: error))")
        }
    }
}
