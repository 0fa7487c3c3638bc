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
        let rows = try await reads.sql.raw("""
            SELECT r.* FROM exercise_records r WHERE r.user_id = \(bind: userID) AND r.e1rm_kg > 0 \
            ORDER BY r.e1rm_kg DESC LIMIT \(literal: limit)
            """).all()
        return try rows.map { (try $0.decode(column: "exercise_id", as: UUID.self), try ProgressRows.bests($0)) }
    }

    /// Finished workouts this week and the streak of weeks with one.
    public func weeks(userID: UUID, now: Date, timeZone: TimeZone) async throws -> (thisWeek: Int, streak: Int) {
        try await ProgressRows.weeks(userID: userID, now: now, timeZone: timeZone, on: reads)
    }

    /// The finished sessions of one exercise since `since` (all when nil), oldest
    /// first, with their sets and stored record marks: one query.
    public func sessions(userID: UUID, exerciseID: UUID, since: Date?) async throws -> [ExerciseSession] {
        var query: SQLQueryString = """
            SELECT s.*, e.volume_record AS entry_volume_record, w.started_at AS session_start, w.name AS workout_name \
            FROM exercise_entries e JOIN workouts w ON w.id = e.workout_id JOIN workout_sets s ON s.entry_id = e.id \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id = \(bind: exerciseID) AND w.ended_at IS NOT NULL
            """
        if let since { query += " AND w.started_at >= \(bind: since)" }
        query += " ORDER BY w.started_at, e.position, s.position"
        var result: [ExerciseSession] = []
        var sessionSets: [WorkoutSet] = []
        var current: UUID?
        var pending: (start: Date, name: String, records: EntryRecords)?
        func close() {
            guard let id = current, let info = pending else { return }
            result.append(ExerciseSession(
                summary: SessionSummary(.init(id: id, startedAt: info.start, sets: sessionSets)), workoutName: info.name,
                sets: sessionSets, records: info.records))
        }
        for row in try await reads.sql.raw(query).all() {
            let (workoutID, _, set) = try WorkoutRows.set(row)
            if workoutID != current {
                close()
                current = workoutID
                sessionSets = []
                pending = (try row.decode(column: "session_start", as: Date.self), try row.decode(column: "workout_name", as: String.self), EntryRecords())
            }
            sessionSets.append(set)
            let kinds = ProgressRows.kinds(try row.optional("records"))
            if !kinds.isEmpty { pending?.records.sets[set.id] = kinds }
            if try row.optional("entry_volume_record", as: Bool.self) ?? false { pending?.records.sessionVolume = true }
        }
        close()
        return result
    }
}

/// Body weight and body fat by day.
public struct BodyMetricRepository: Sendable {
    let db: any Database
    let reads: any Database

    public init(store: SpotterStore) {
        db = store.database
        reads = store.reader
    }

    /// The lifter's measurements, newest day first (since `sinceDay`, "yyyy-MM-dd", when given).
    public func list(userID: UUID, sinceDay: String? = nil) async throws -> [BodyMetric] {
        var query: SQLQueryString = "SELECT m.* FROM body_metrics m WHERE m.user_id = \(bind: userID)"
        if let sinceDay { query += " AND m.day >= \(bind: sinceDay)" }
        query += " ORDER BY m.day DESC, m.updated_at DESC"
        return try await reads.sql.raw(query).all().map(Self.metric)
    }

    public func find(id: UUID, userID: UUID) async throws -> BodyMetric? {
        try await reads.sql.raw(
            "SELECT m.* FROM body_metrics m WHERE m.id = \(bind: id) AND m.user_id = \(bind: userID)"
        ).first().map(Self.metric)
    }

    /// Adds the measurement with the client's id, or changes it; another user's id is refused as taken.
    public func put(_ metric: BodyMetric, userID: UUID) async throws -> BodyMetric {
        try await db.writeTransaction { tx in
            let sql = tx.sql
            let owner = try await sql.raw("SELECT m.user_id FROM body_metrics m WHERE m.id = \(bind: metric.id)").first()
            if let owner {
                guard try owner.decode(column: "user_id", as: UUID.self) == userID else { throw SpotterError.idInUse }
                try await sql.raw("""
                    UPDATE body_metrics SET day = \(bind: metric.day), body_weight_value = \(bind: metric.bodyWeight?.value), \
                    body_weight_unit = \(bind: metric.bodyWeight?.unit.rawValue), body_fat_percent = \(bind: metric.bodyFatPercent), \
                    note = \(bind: metric.note), updated_at = \(bind: metric.updatedAt) WHERE id = \(bind: metric.id)
                    """).run()
            } else {
                try await sql.raw("""
                    INSERT INTO body_metrics (id, user_id, day, body_weight_value, body_weight_unit, body_fat_percent, note, updated_at) \
                    VALUES (\(bind: metric.id), \(bind: userID), \(bind: metric.day), \(bind: metric.bodyWeight?.value), \
                    \(bind: metric.bodyWeight?.unit.rawValue), \(bind: metric.bodyFatPercent), \(bind: metric.note), \(bind: metric.updatedAt))
                    """).run()
            }
        }
        return metric
    }

    public func delete(id: UUID, userID: UUID) async throws {
        try await db.writeTransaction { tx in
            let sql = tx.sql
            guard try await sql.raw(
                "SELECT m.id FROM body_metrics m WHERE m.id = \(bind: id) AND m.user_id = \(bind: userID)"
            ).first() != nil else { throw SpotterError.notFound("The measurement") }
            try await sql.raw("DELETE FROM body_metrics WHERE id = \(bind: id) AND user_id = \(bind: userID)").run()
        }
    }

    static func metric(_ row: any SQLRow) throws -> BodyMetric {
        BodyMetric(
            id: try row.decode(column: "id", as: UUID.self), day: try row.decode(column: "day", as: String.self),
            bodyWeight: try row.mass(value: "body_weight_value", unit: "body_weight_unit"),
            bodyFatPercent: try row.optional("body_fat_percent"), note: try row.decode(column: "note", as: String.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }
}
