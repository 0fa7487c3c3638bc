import FluentKit
import Foundation
import SQLKit
import SpotterCore
import Synchronization

/// Keeps the stored progress in step with the workouts (see `M009CreateProgress`).
///
/// A workout in progress is marked live against the stored bests and nothing is
/// written for it. Finishing one folds it into the bests in a few statements. A
/// change to a finished workout (a set edited or deleted, an exercise swapped, a
/// workout deleted) recomputes the exercises it touched from their whole history,
/// so a deleted record set stops being a record and the one before it counts again.
enum ProgressRows {
    typealias Bests = PersonalRecords.Bests

    // MARK: Bests

    static func bests(userID: UUID, exerciseIDs: some Collection<UUID>, on db: any Database) async throws -> [UUID: Bests] {
        guard !exerciseIDs.isEmpty else { return [:] }
        let rows = try await db.sql.raw(
            """
            SELECT r.* FROM exercise_records r WHERE r.user_id = \(bind: userID) AND r.exercise_id IN (\(binds: Array(exerciseIDs)))
            """
        ).all()
        var result: [UUID: Bests] = [:]
        for row in rows { result[try row.decode(column: "exercise_id", as: UUID.self)] = try bests(row) }
        return result
    }

    static func bests(_ row: any SQLRow) throws -> Bests {
        var bests = Bests()
        bests.heaviest = try row.decode(column: "heaviest_kg", as: Double.self)
        bests.e1RM = try row.decode(column: "e1rm_kg", as: Double.self)
        bests.setVolume = try row.decode(column: "set_volume_kg", as: Double.self)
        bests.sessionVolume = try row.decode(column: "session_volume_kg", as: Double.self)
        // Split as bytes (read on every set logged; splitting by Character costs more).
        let weights = try row.decode(column: "rep_weights", as: String.self).utf8.split(
            separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        for (index, text) in weights.enumerated() {
            if let value = Double(String(Substring(text))) { bests.weightForReps[index + 1] = value }
        }
        return bests
    }

    /// Stores the bests of these exercises; exercises in `cleared` have none any more.
    static func save(_ all: [UUID: Bests], cleared: Set<UUID> = [], userID: UUID, on db: any Database) async throws {
        let sql = db.sql
        for (exerciseID, bests) in all {
            let weights = OneRepMax.repsCounted.map { bests.weightForReps[$0].map { String($0) } ?? "" }.joined(separator: ",")
            try await sql.raw(
                """
                INSERT INTO exercise_records (id, user_id, exercise_id, heaviest_kg, e1rm_kg, set_volume_kg, session_volume_kg, rep_weights) \
                VALUES (\(bind: UUID()), \(bind: userID), \(bind: exerciseID), \(bind: bests.heaviest), \(bind: bests.e1RM), \
                \(bind: bests.setVolume), \(bind: bests.sessionVolume), \(bind: weights)) \
                ON CONFLICT (user_id, exercise_id) DO UPDATE SET heaviest_kg = excluded.heaviest_kg, e1rm_kg = excluded.e1rm_kg, \
                set_volume_kg = excluded.set_volume_kg, session_volume_kg = excluded.session_volume_kg, rep_weights = excluded.rep_weights
                """
            ).run()
        }
        if !cleared.isEmpty {
            try await sql.raw(
                """
                DELETE FROM exercise_records WHERE user_id = \(bind: userID) AND exercise_id IN (\(binds: Array(cleared)))
                """
            ).run()
        }
    }

    // MARK: Marks

    /// A set's stored marks, "heaviestWeight,bestE1RM".
    static func kinds(_ text: String?) -> [PersonalRecords.Kind] {
        (text ?? "").split(separator: ",").compactMap { PersonalRecords.Kind(rawValue: String($0)) }
    }

    static func text(_ kinds: [PersonalRecords.Kind]) -> String? {
        kinds.isEmpty ? nil : kinds.map(\.rawValue).joined(separator: ",")
    }

    /// Writes changed marks: one statement per distinct value, however many sets.
    static func write(setMarks: [UUID: String?], volumeRecords: [UUID: Bool], on db: any Database) async throws {
        let sql = db.sql
        var byText: [String?: [UUID]] = [:]
        for (id, text) in setMarks { byText[text, default: []].append(id) }
        for (text, ids) in byText {
            for chunk in ids.chunked(by: 500) {
                try await sql.raw("UPDATE workout_sets SET records = \(bind: text) WHERE id IN (\(binds: Array(chunk)))").run()
            }
        }
        var byFlag: [Bool: [UUID]] = [:]
        for (id, flag) in volumeRecords { byFlag[flag, default: []].append(id) }
        for (flag, ids) in byFlag {
            for chunk in ids.chunked(by: 500) {
                try await sql.raw(
                    "UPDATE exercise_entries SET volume_record = \(bind: flag ? true : nil) WHERE id IN (\(binds: Array(chunk)))"
                ).run()
            }
        }
    }

    // MARK: Keeping up

    /// Marks a workout just finished and folds it into the bests. An exercise with
    /// a later finished session (the history was not logged in order) is
    /// recomputed in full instead.
    static func finished(_ workout: Workout, on db: any Database) async throws {
        let userID = workout.ownerID
        let exerciseIDs = Set(workout.entries.map(\.exerciseID))
        guard !exerciseIDs.isEmpty else { return }
        let laterRows = try await db.sql.raw(
            """
            SELECT DISTINCT e.exercise_id FROM exercise_entries e JOIN workouts w ON w.id = e.workout_id \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id IN (\(binds: Array(exerciseIDs))) AND w.ended_at IS NOT NULL \
            AND w.id <> \(bind: workout.id) AND w.started_at > \(bind: workout.startedAt)
            """
        ).all()
        let later = Set(try laterRows.map { try $0.decode(column: "exercise_id", as: UUID.self) })
        var inOrder = workout
        inOrder.entries.removeAll { later.contains($0.exerciseID) }
        let (marked, after) = PersonalRecords.marking(
            inOrder, after: try await bests(userID: userID, exerciseIDs: exerciseIDs.subtracting(later), on: db))
        var setMarks: [UUID: String?] = [:]
        var volumeRecords: [UUID: Bool] = [:]
        for entry in marked.entries {
            for set in entry.sets { setMarks[set.id] = text(entry.records.sets[set.id] ?? []) }
            volumeRecords[entry.id] = entry.records.sessionVolume
        }
        try await write(setMarks: setMarks, volumeRecords: volumeRecords, on: db)
        try await save(after, userID: userID, on: db)
        if !later.isEmpty { try await refresh(userID: userID, exerciseIDs: later, on: db) }
    }

    /// Recomputes the marks and bests of these exercises from every finished
    /// session, writing only what changed.
    static func refresh(userID: UUID, exerciseIDs: Set<UUID>, on db: any Database) async throws {
        try await apply(
            try await judge(userID: userID, exerciseIDs: exerciseIDs, on: db), userID: userID, exerciseIDs: exerciseIDs, on: db)
    }

    /// Writes what `judge` found: the changed marks of stored sets and entries, and the bests.
    static func apply(_ judged: Judgement, userID: UUID, exerciseIDs: Set<UUID>, on db: any Database) async throws {
        guard !exerciseIDs.isEmpty else { return }
        // Entries left without sets lose their mark too.
        try await db.sql.raw(
            """
            UPDATE exercise_entries SET volume_record = NULL WHERE user_id = \(bind: userID) \
            AND exercise_id IN (\(binds: Array(exerciseIDs))) AND volume_record IS NOT NULL \
            AND NOT EXISTS (SELECT 1 FROM workout_sets s WHERE s.entry_id = exercise_entries.id)
            """
        ).run()
        try await write(setMarks: judged.setMarks, volumeRecords: judged.volumeRecords, on: db)
        try await save(judged.bests, cleared: exerciseIDs.subtracting(judged.bests.keys), userID: userID, on: db)
    }

    /// How many sets of finished sessions of these exercises the lifter has stored: a
    /// cheap sign that nothing but a bulk load changed them since they were judged.
    static func storedSetCount(userID: UUID, exerciseIDs: Set<UUID>, on db: any Database) async throws -> Int {
        guard !exerciseIDs.isEmpty else { return 0 }
        let row = try await db.sql.raw(
            """
            SELECT COUNT(*) AS n FROM workout_sets s JOIN exercise_entries e ON e.id = s.entry_id JOIN workouts w ON w.id = s.workout_id \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id IN (\(binds: Array(exerciseIDs))) AND w.ended_at IS NOT NULL
            """
        ).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    /// What judging a lifter's sessions of some exercises finds, without writing it.
    struct Judgement: Sendable {
        /// Stored sets whose marks change, and stored entries whose session-volume flag does.
        var setMarks: [UUID: String?] = [:]
        var volumeRecords: [UUID: Bool] = [:]
        /// The bests of each exercise with any history.
        var bests: [UUID: Bests] = [:]
        /// How many stored sets were judged (see `storedSetCount`).
        var storedSets = 0
    }

    /// Workouts whose sets `judge` reads in one query.
    static let judgedWorkoutsPerRead = 200

    /// Judges every finished session of these exercises in time order, without
    /// writing: a bulk load judges on a reader, then writes what changed in one short
    /// transaction. The sets are streamed and judged one session at a time against
    /// the bests of the sessions before it (`PersonalRecords.find(after:)`), so memory
    /// holds one workout's sets and what changes, never the history.
    static func judge(userID: UUID, exerciseIDs: Set<UUID>, on db: any Database) async throws -> Judgement {
        guard !exerciseIDs.isEmpty else { return Judgement() }
        /// One exercise's sets in the workout being read, with their entries' stored marks.
        struct Session {
            var sets: [WorkoutSet] = []
            var storedMarks: [UUID: String?] = [:]
            /// Entries in position order, with their stored session-volume flag.
            var entries: [(id: UUID, volumeRecord: Bool)] = []
        }
        struct Reading: Sendable {
            var judged = Judgement()
            var workout: (id: UUID, startedAt: Date)?
            var sessions: [UUID: Session] = [:]
            var failure: String?

            /// Judges the workout read so far and folds it into the bests.
            mutating func close() {
                guard let workout else { return }
                for (exerciseID, session) in sessions {
                    let result = PersonalRecords.find(
                        in: [.init(id: workout.id, startedAt: workout.startedAt, sets: session.sets)],
                        after: judged.bests[exerciseID])
                    if result.bests.hasHistory { judged.bests[exerciseID] = result.bests }
                    for set in session.sets {
                        let marks = ProgressRows.text(result.setRecords[set.id] ?? [])
                        if session.storedMarks[set.id] ?? nil != marks { judged.setMarks[set.id] = marks }
                    }
                    // A session-volume record marks the exercise's first entry of the workout.
                    let record = result.sessionRecords.contains(workout.id) ? session.entries.first?.id : nil
                    for entry in session.entries where entry.volumeRecord != (entry.id == record) {
                        judged.volumeRecords[entry.id] = entry.id == record
                    }
                }
                sessions = [:]
            }

            mutating func add(_ row: any SQLRow) throws {
                let (workoutID, entryID, set) = try WorkoutRows.set(row)
                if workout?.id != workoutID {
                    close()
                    workout = (workoutID, try row.decode(column: "session_start", as: Date.self))
                }
                let exerciseID = try row.decode(column: "entry_exercise", as: UUID.self)
                var session = sessions[exerciseID] ?? Session()
                session.sets.append(set)
                session.storedMarks[set.id] = try row.optional("records", as: String.self)
                if session.entries.last?.id != entryID {
                    session.entries.append((entryID, try row.optional("entry_volume_record", as: Bool.self) ?? false))
                }
                sessions[exerciseID] = session
                judged.storedSets += 1
            }
        }
        let sql = db.sql
        // The finished workouts with sets of these exercises, in time order; their sets
        // are then read a batch of workouts at a time, so no more than one batch of
        // rows waits to be judged (the SQLite driver hands over rows faster than they
        // are taken, and would otherwise queue the whole history).
        let workouts = try await sql.raw(
            """
            SELECT w.id FROM workouts w WHERE w.user_id = \(bind: userID) AND w.ended_at IS NOT NULL \
            AND EXISTS (SELECT 1 FROM exercise_entries e WHERE e.workout_id = w.id AND e.exercise_id IN (\(binds: Array(exerciseIDs)))) \
            ORDER BY w.started_at, w.id
            """
        ).all().map { try $0.decode(column: "id", as: UUID.self) }
        let reading = Mutex(Reading())
        // The batch's workouts are the lifter's (chosen above): filtering by them alone
        // lets SQLite start from their ids, not from every entry of the exercises.
        for batch in workouts.chunked(by: judgedWorkoutsPerRead) {
            try await sql.raw(
                """
                SELECT s.*, e.exercise_id AS entry_exercise, e.volume_record AS entry_volume_record, w.started_at AS session_start \
                FROM workout_sets s JOIN exercise_entries e ON e.id = s.entry_id JOIN workouts w ON w.id = s.workout_id \
                WHERE w.id IN (\(binds: Array(batch))) AND e.exercise_id IN (\(binds: Array(exerciseIDs))) AND w.ended_at IS NOT NULL \
                ORDER BY w.started_at, w.id, e.position, s.position
                """
            ).run { row in
                reading.withLock { reading in
                    guard reading.failure == nil else { return }
                    do { try reading.add(row) } catch { reading.failure = String(describing: error) }
                }
            }
        }
        return try reading.withLock { reading in
            if let failure = reading.failure { throw StoreError.refused("A stored set could not be read: \(failure)") }
            reading.close()
            return reading.judged
        }
    }

    // MARK: Weeks

    static func timeZone(userID: UUID, on db: any Database) async throws -> TimeZone {
        let row = try await db.sql.raw("SELECT u.time_zone FROM users u WHERE u.id = \(bind: userID)").first()
        return try row.flatMap { TimeZone(identifier: try $0.decode(column: "time_zone", as: String.self)) } ?? .gmt
    }

    /// Counts again the finished workouts of the week holding `date`.
    static func recountWeek(userID: UUID, of date: Date, on db: any Database) async throws {
        let sql = db.sql
        let zone = try await timeZone(userID: userID, on: db)
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        let start = WeekGrouping.weekStart(of: date, timeZone: zone)
        let end = calendar.date(byAdding: .weekOfYear, value: 1, to: start)!
        let week = TrainingWeeks.weekNumber(of: date, timeZone: zone)
        let count = try await sql.raw(
            """
            SELECT COUNT(*) AS n FROM workouts w WHERE w.user_id = \(bind: userID) AND w.ended_at IS NOT NULL \
            AND w.started_at >= \(bind: start) AND w.started_at < \(bind: end)
            """
        ).first()!.decode(column: "n", as: Int.self)
        if count == 0 {
            try await sql.raw("DELETE FROM training_weeks WHERE user_id = \(bind: userID) AND week = \(bind: week)").run()
        } else {
            try await sql.raw(
                """
                INSERT INTO training_weeks (id, user_id, week, workouts) VALUES (\(bind: UUID()), \(bind: userID), \(bind: week), \(bind: count)) \
                ON CONFLICT (user_id, week) DO UPDATE SET workouts = excluded.workouts
                """
            ).run()
        }
    }

    /// Counts every week again, after the lifter's time zone changed or a bulk load.
    /// The same in the lifter's own time zone.
    static func rebuildWeeks(userID: UUID, on db: any Database) async throws {
        try await rebuildWeeks(userID: userID, timeZone: try await timeZone(userID: userID, on: db), on: db)
    }

    static func rebuildWeeks(userID: UUID, timeZone: TimeZone, on db: any Database) async throws {
        let sql = db.sql
        let rows = try await sql.raw(
            "SELECT w.started_at FROM workouts w WHERE w.user_id = \(bind: userID) AND w.ended_at IS NOT NULL"
        ).all()
        var tally: [Int: Int] = [:]
        for row in rows {
            tally[
                TrainingWeeks.weekNumber(of: try row.decode(column: "started_at", as: Date.self), timeZone: timeZone), default: 0] +=
                1
        }
        try await sql.raw("DELETE FROM training_weeks WHERE user_id = \(bind: userID)").run()
        let values: [SQLQueryString] = tally.map { "(\(bind: UUID()), \(bind: userID), \(bind: $0.key), \(bind: $0.value))" }
        for chunk in values.chunked(by: 500) {
            try await sql.raw("INSERT INTO training_weeks (id, user_id, week, workouts) VALUES \(chunk.joined(separator: ", "))")
                .run()
        }
    }

    /// Workouts this week, and the streak of weeks with one (see `TrainingWeeks.streak`),
    /// in two indexed queries however long the history.
    static func weeks(userID: UUID, now: Date, timeZone: TimeZone, on db: any Database) async throws -> (
        thisWeek: Int, streak: Int
    ) {
        let sql = db.sql
        let current = TrainingWeeks.weekNumber(of: now, timeZone: timeZone)
        var present: [Int: Int] = [:]
        for row in try await sql.raw(
            """
            SELECT t.week, t.workouts FROM training_weeks t WHERE t.user_id = \(bind: userID) AND t.week IN (\(bind: current), \(bind: current - 7))
            """
        ).all() {
            present[try row.decode(column: "week", as: Int.self)] = try row.decode(column: "workouts", as: Int.self)
        }
        let anchor = present[current] != nil ? current : current - 7
        guard present[anchor] != nil else { return (0, 0) }
        // The newest week at or before the anchor whose week before had no workout starts the run.
        let start =
            try await sql.raw(
                """
                SELECT MAX(a.week) AS start FROM training_weeks a WHERE a.user_id = \(bind: userID) AND a.week <= \(bind: anchor) \
                AND NOT EXISTS (SELECT 1 FROM training_weeks b WHERE b.user_id = a.user_id AND b.week = a.week - 7)
                """
            ).first()?.optional("start", as: Int.self) ?? anchor
        return (present[current] ?? 0, (anchor - start) / 7 + 1)
    }
}
