import FluentKit
import Foundation
import SQLKit
import SpotterCore

extension WorkoutRepository {
    /// Adds finished workouts in bulk, in one transaction: multi-row inserts of a
    /// few hundred rows each, then the records and weekly counts computed once
    /// for everything they touch. Each workout must be finished and carry fresh ids.
    public func addFinished(_ workouts: [Workout], userID: UUID, now: Date) async throws {
        guard !workouts.isEmpty else { return }
        precondition(workouts.allSatisfy { $0.endedAt != nil }, "only finished workouts are added in bulk")
        try await db.writeTransaction { tx in
            let sql = tx as! any SQLDatabase
            let rows: [SQLQueryString] = workouts.map { w in
                """
                (\(bind: w.id), \(bind: userID), \(bind: w.name), \(bind: w.workoutTypeID), \(bind: w.startedAt), \(bind: w.endedAt), \
                \(bind: w.notes), \(bind: w.sessionRPE), \(bind: 0), \(bind: now), \(bind: now), \(bind: w.templateID))
                """
            }
            do {
                for chunk in rows.chunked(by: 500) {
                    try await sql.raw("""
                        INSERT INTO workouts (id, user_id, name, workout_type_id, started_at, ended_at, notes, session_rpe, \
                        rest_total_seconds, created_at, updated_at, template_id) VALUES \(chunk.joined(separator: ", "))
                        """).run()
                }
                for chunk in workouts.map({ (id: $0.id, entries: $0.entries) }).chunked(by: 100) {
                    try await WorkoutRows.insert(Array(chunk), userID: userID, now: now, on: tx)
                }
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw SpotterError.idInUse
            }
            let exerciseIDs = Set(workouts.flatMap { $0.entries.map(\.exerciseID) })
            try await ProgressRows.refresh(userID: userID, exerciseIDs: exerciseIDs, on: tx)
            try await ProgressRows.rebuildWeeks(userID: userID, timeZone: try await ProgressRows.timeZone(userID: userID, on: tx), on: tx)
        }
    }
}
