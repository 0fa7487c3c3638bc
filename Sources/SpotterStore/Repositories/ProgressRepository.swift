import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// One session of an exercise as its progress page lists it.
public struct ExerciseSession: Sendable, Equatable {
    public var summary: SessionSummary
    public var workoutName: String
    public var sets: [WorkoutSet]
    public var records: EntryRecords
}

/// Reads for the progress pages. Every read is bounded by an index and by the
/// range asked for, never by the length of the lifter's history: bests and
/// weekly counts are kept up to date as workouts change (see `ProgressRows`).
public struct ProgressRepository: Sendable {
    let reads: any Database

    public init(store: SpotterStore) {
        reads = store.reader
    }

    /// The stored bests of these exercises.
    public func bests(userID: UUID, exerciseIDs: Set<UUID>) async throws -> [UUID: PersonalRecords.Bests] {
        try await ProgressRows.bests(userID: userID, exerciseIDs: exerciseIDs, on: reads)
    }

    /// The exercises with the best e1RMs, best first.
    public func strongest(userID: UUID, limit: Int) async throws -> [(exerciseID: UUID, bests: PersonalRecords.Bests)] {
        let rows = try await reads.sql.raw(
            """
            SELECT r.* FROM exercise_records r WHERE r.user_id = \(bind: userID) AND r.e1rm_kg > 0 \
            ORDER BY r.e1rm_kg DESC LIMIT \(literal: limit)
            """
        ).all()
        return try rows.map { (try $0.decode(column: "exercise_id", as: UUID.self), try ProgressRows.bests($0)) }
    }

    /// Finished workouts this week and the streak of weeks with one.
    public func weeks(userID: UUID, now: Date, timeZone: TimeZone) async throws -> (thisWeek: Int, streak: Int) {
        try await ProgressRows.weeks(userID: userID, now: now, timeZone: timeZone, on: reads)
    }

    /// The finished sessions of one exercise since `since` (all when nil), oldest
    /// first, with their sets and stored record marks: one query.
    public func sessions(userID: UUID, exerciseID: UUID, since: Date?, sets detail: SetDetail = .full) async throws
        -> [ExerciseSession]
    {
        // Whole sets: a row per set. Totals: a row per entry, its sets in one text.
        let columns: SQLQueryString =
            switch detail {
            case .full: "s.*, w.id AS session_workout"
            case .totals:
                "w.id AS session_workout, (SELECT string_agg(\(WorkoutRows.setText("s")), ';' ORDER BY s.position) FROM workout_sets s WHERE s.entry_id = e.id) AS sets"
            }
        let joined: SQLQueryString = detail == .full ? " JOIN workout_sets s ON s.entry_id = e.id" : ""
        var query: SQLQueryString = """
            SELECT \(columns), e.volume_record AS entry_volume_record, w.started_at AS session_start, w.name AS workout_name \
            FROM exercise_entries e JOIN workouts w ON w.id = e.workout_id\(joined) \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id = \(bind: exerciseID) AND w.ended_at IS NOT NULL
            """
        if let since { query += " AND w.started_at >= \(bind: since)" }
        query += detail == .full ? " ORDER BY w.started_at, e.position, s.position" : " ORDER BY w.started_at, e.position"
        var result: [ExerciseSession] = []
        var sessionSets: [WorkoutSet] = []
        var current: UUID?
        var pending: (start: Date, name: String, records: EntryRecords)?
        func close() {
            guard let id = current, let info = pending else { return }
            result.append(
                ExerciseSession(
                    summary: SessionSummary(.init(id: id, startedAt: info.start, sets: sessionSets)), workoutName: info.name,
                    sets: sessionSets, records: info.records))
        }
        for row in try await reads.sql.raw(query).all() {
            let workoutID = try row.decode(column: "session_workout", as: UUID.self)
            if workoutID != current {
                close()
                current = workoutID
                sessionSets = []
                pending = (
                    try row.decode(column: "session_start", as: Date.self),
                    try row.decode(column: "workout_name", as: String.self), EntryRecords()
                )
            }
            let sets =
                switch detail {
                case .full: [(try WorkoutRows.set(row).set, ProgressRows.kinds(try row.optional("records")))]
                case .totals: WorkoutRows.sets(text: try row.optional("sets"))
                }
            for (set, kinds) in sets {
                sessionSets.append(set)
                if !kinds.isEmpty { pending?.records.sets[set.id] = kinds }
            }
            if try row.optional("entry_volume_record", as: Bool.self) ?? false { pending?.records.sessionVolume = true }
        }
        close()
        return result
    }
}
