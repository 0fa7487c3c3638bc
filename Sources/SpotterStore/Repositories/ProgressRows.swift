import FluentKit
import Foundation
import SQLKit
import Synchronization
import SpotterCore

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
        let rows = try await (db as! any SQLDatabase).raw("""
            SELECT r.* FROM exercise_records r WHERE r.user_id = \(bind: userID) AND r.exercise_id IN (\(binds: Array(exerciseIDs)))
            """).all()
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
        let weights = try row.decode(column: "rep_weights", as: String.self).utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        for (index, text) in weights.enumerated() { if let value = Double(String(Substring(text))) { bests.weightForReps[index + 1] = value } }
        return bests
    }

    /// Stores the bests of these exercises; exercises in `cleared` have none any more.
    static func save(_ all: [UUID: Bests], cleared: Set<UUID> = [], userID: UUID, on db: any Database) async throws {
        let sql = db as! any SQLDatabase
        for (exerciseID, bests) in all {
            let weights = OneRepMax.repsCounted.map { bests.weightForReps[$0].map { String($0) } ?? "" }.joined(separator: ",")
            try await sql.raw("""
                INSERT INTO exercise_records (id, user_id, exercise_id, heaviest_kg, e1rm_kg, set_volume_kg, session_volume_kg, rep_weights) \
                VALUES (\(bind: UUID()), \(bind: userID), \(bind: exerciseID), \(bind: bests.heaviest), \(bind: bests.e1RM), \
                \(bind: bests.setVolume), \(bind: bests.sessionVolume), \(bind: weights)) \
                ON CONFLICT (user_id, exercise_id) DO UPDATE SET heaviest_kg = excluded.heaviest_kg, e1rm_kg = excluded.e1rm_kg, \
                set_volume_kg = excluded.set_volume_kg, session_volume_kg = excluded.session_volume_kg, rep_weights = excluded.rep_weights
                """).run()
        }
        if !cleared.isEmpty {
            try await sql.raw("""
                DELETE FROM exercise_records WHERE user_id = \(bind: userID) AND exercise_id IN (\(binds: Array(cleared)))
                """).run()
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
        let sql = db as! any SQLDatabase
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
        let laterRows = try await (db as! any SQLDatabase).raw("""
            SELECT DISTINCT e.exercise_id FROM exercise_entries e JOIN workouts w ON w.id = e.workout_id \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id IN (\(binds: Array(exerciseIDs))) AND w.ended_at IS NOT NULL \
            AND w.id <> \(bind: workout.id) AND w.started_at > \(bind: workout.startedAt)
            """).all()
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
        _ = try await refresh(userID: userID, exerciseIDs: exerciseIDs, adding: [], on: db)
    }

    /// The same, with finished workouts about to be inserted counted in from memory
    /// (a bulk load): returns them with their marks set, to be written by their
    /// insert (`WorkoutRows.insertWhole`) rather than read back and updated.
    static func refresh(userID: UUID, exerciseIDs: Set<UUID>, adding new: [Workout], on db: any Database) async throws -> [Workout] {
        guard !exerciseIDs.isEmpty else { return new }
        let judged = try await judge(userID: userID, exerciseIDs: exerciseIDs, adding: new, on: db)
        try await apply(judged, userID: userID, exerciseIDs: exerciseIDs, on: db)
        return judged.workouts
    }

    /// Writes what `judge` found: the changed marks of stored sets and entries, and the bests.
    static func apply(_ judged: Judgement, userID: UUID, exerciseIDs: Set<UUID>, on db: any Database) async throws {
        guard !exerciseIDs.isEmpty else { return }
        // Entries left without sets lose their mark too.
        try await (db as! any SQLDatabase).raw("""
            UPDATE exercise_entries SET volume_record = NULL WHERE user_id = \(bind: userID) \
            AND exercise_id IN (\(binds: Array(exerciseIDs))) AND volume_record IS NOT NULL \
            AND NOT EXISTS (SELECT 1 FROM workout_sets s WHERE s.entry_id = exercise_entries.id)
            """).run()
        try await write(setMarks: judged.setMarks, volumeRecords: judged.volumeRecords, on: db)
        try await save(judged.bests, cleared: exerciseIDs.subtracting(judged.bests.keys), userID: userID, on: db)
    }

    /// How many sets of finished sessions of these exercises the lifter has stored: a
    /// cheap sign that nothing but a bulk load changed them since they were judged.
    static func storedSetCount(userID: UUID, exerciseIDs: Set<UUID>, on db: any Database) async throws -> Int {
        guard !exerciseIDs.isEmpty else { return 0 }
        let row = try await (db as! any SQLDatabase).raw("""
            SELECT COUNT(*) AS n FROM workout_sets s JOIN exercise_entries e ON e.id = s.entry_id JOIN workouts w ON w.id = s.workout_id \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id IN (\(binds: Array(exerciseIDs))) AND w.ended_at IS NOT NULL
            """).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    /// What judging a lifter's sessions of some exercises finds, without writing it.
    struct Judgement: Sendable {
        /// Stored sets whose marks change, and stored entries whose session-volume flag does.
        var setMarks: [UUID: String?] = [:]
        var volumeRecords: [UUID: Bool] = [:]
        /// The bests of each exercise with any history.
        var bests: [UUID: Bests] = [:]
        /// The workouts `adding` with their marks set.
        var workouts: [Workout] = []
        /// How many stored sets were judged (see `storedSetCount`).
        var storedSets = 0
    }

    /// Judges every finished session of these exercises, with `new` counted in from
    /// memory. Only reads: a bulk import judges once on a reader, then writes in parts.
    /// The stored sets are streamed row by row, so a long history is never held as rows.
    static func judge(userID: UUID, exerciseIDs: Set<UUID>, adding new: [Workout], on db: any Database) async throws -> Judgement {
        guard !exerciseIDs.isEmpty else { return Judgement(workouts: new) }
        struct Key: Hashable { let exercise: UUID, workout: UUID }
        struct Reading: Sendable {
            var sessions: [UUID: [PersonalRecords.Session]] = [:]
            var index: [Key: Int] = [:]
            var firstEntry: [Key: UUID] = [:]
            var storedMarks: [UUID: String?] = [:]
            /// Per exercise: the stored session-volume flag of each of its entries.
            var storedVolume: [UUID: [UUID: Bool]] = [:]
            var failure: String?

            mutating func add(_ set: WorkoutSet, exerciseID: UUID, entryID: UUID, workoutID: UUID, startedAt: Date) {
                let key = Key(exercise: exerciseID, workout: workoutID)
                if let at = index[key] {
                    sessions[exerciseID]![at].sets.append(set)
                } else {
                    index[key] = sessions[exerciseID, default: []].count
                    firstEntry[key] = entryID
                    sessions[exerciseID, default: []].append(.init(id: workoutID, startedAt: startedAt, sets: [set]))
                }
            }
        }
        let reading = Mutex(Reading())
        try await (db as! any SQLDatabase).raw("""
            SELECT s.*, e.exercise_id AS entry_exercise, e.volume_record AS entry_volume_record, w.started_at AS session_start \
            FROM workout_sets s JOIN exercise_entries e ON e.id = s.entry_id JOIN workouts w ON w.id = s.workout_id \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id IN (\(binds: Array(exerciseIDs))) AND w.ended_at IS NOT NULL \
            ORDER BY w.started_at, w.id, e.position, s.position
            """).run { row in
                reading.withLock { reading in
                    guard reading.failure == nil else { return }
                    do {
                        let (workoutID, entryID, set) = try WorkoutRows.set(row)
                        let exerciseID = try row.decode(column: "entry_exercise", as: UUID.self)
                        reading.storedMarks[set.id] = try row.optional("records", as: String.self)
                        reading.storedVolume[exerciseID, default: [:]][entryID] = try row.optional("entry_volume_record", as: Bool.self) ?? false
                        reading.add(
                            set, exerciseID: exerciseID, entryID: entryID, workoutID: workoutID,
                            startedAt: try row.decode(column: "session_start", as: Date.self))
                    } catch {
                        reading.failure = String(describing: error)
                    }
                }
            }
        // Taken out of the lock (and the lock's copy dropped), so the arrays below are not copied.
        var state = reading.withLock { held in
            defer { held = Reading() }
            return held
        }
        if let failure = state.failure { throw StoreError.refused("A stored set could not be read: \(failure)") }
        var newSets = Set<UUID>()
        var newEntries = Set<UUID>()
        for workout in new {
            for entry in workout.entries where exerciseIDs.contains(entry.exerciseID) {
                newEntries.insert(entry.id)
                for set in entry.sets {
                    newSets.insert(set.id)
                    state.add(set, exerciseID: entry.exerciseID, entryID: entry.id, workoutID: workout.id, startedAt: workout.startedAt)
                }
            }
        }
        if !new.isEmpty {
            // In the query's order: by start, then by id (hex digits sort as the stored bytes do).
            for exerciseID in state.sessions.keys {
                state.sessions[exerciseID]!.sort { ($0.startedAt, $0.id.uuidString) < ($1.startedAt, $1.id.uuidString) }
            }
        }
        var judged = Judgement(storedSets: state.storedMarks.count)
        var newMarks: [UUID: [PersonalRecords.Kind]] = [:]
        var newVolume = Set<UUID>()
        for (exerciseID, list) in state.sessions {
            let result = PersonalRecords.find(in: list)
            if result.bests.hasHistory { judged.bests[exerciseID] = result.bests }
            for session in list {
                for set in session.sets {
                    let kinds = result.setRecords[set.id] ?? []
                    if newSets.contains(set.id) {
                        if !kinds.isEmpty { newMarks[set.id] = kinds }
                        continue
                    }
                    let new = text(kinds)
                    if state.storedMarks[set.id] ?? nil != new { judged.setMarks[set.id] = new }
                }
            }
            let recordEntries = Set(result.sessionRecords.compactMap { state.firstEntry[Key(exercise: exerciseID, workout: $0)] })
            // Only this exercise's entries: another's flags are its own business.
            let stored = state.storedVolume[exerciseID] ?? [:]
            for (entryID, flag) in stored where flag != recordEntries.contains(entryID) {
                judged.volumeRecords[entryID] = recordEntries.contains(entryID)
            }
            for entryID in recordEntries where stored[entryID] == nil {
                if newEntries.contains(entryID) { newVolume.insert(entryID) } else { judged.volumeRecords[entryID] = true }
            }
        }
        judged.workouts = new.map { workout in
            var workout = workout
            for index in workout.entries.indices {
                let entry = workout.entries[index]
                workout.entries[index].records = EntryRecords(
                    sets: Dictionary(uniqueKeysWithValues: entry.sets.compactMap { set in newMarks[set.id].map { (set.id, $0) } }),
                    sessionVolume: newVolume.contains(entry.id))
            }
            return workout
        }
        return judged
    }

    // MARK: Weeks

    static func timeZone(userID: UUID, on db: any Database) async throws -> TimeZone {
        let row = try await (db as! any SQLDatabase).raw("SELECT u.time_zone FROM users u WHERE u.id = \(bind: userID)").first()
        return try row.flatMap { TimeZone(identifier: try $0.decode(column: "time_zone", as: String.self)) } ?? .gmt
    }

    /// Counts again the finished workouts of the week holding `date`.
    static func recountWeek(userID: UUID, of date: Date, on db: any Database) async throws {
        let sql = db as! any SQLDatabase
        let zone = try await timeZone(userID: userID, on: db)
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        let start = WeekGrouping.weekStart(of: date, timeZone: zone)
        let end = calendar.date(byAdding: .weekOfYear, value: 1, to: start)!
        let week = TrainingWeeks.weekNumber(of: date, timeZone: zone)
        let count = try await sql.raw("""
            SELECT COUNT(*) AS n FROM workouts w WHERE w.user_id = \(bind: userID) AND w.ended_at IS NOT NULL \
            AND w.started_at >= \(bind: start) AND w.started_at < \(bind: end)
            """).first()!.decode(column: "n", as: Int.self)
        if count == 0 {
            try await sql.raw("DELETE FROM training_weeks WHERE user_id = \(bind: userID) AND week = \(bind: week)").run()
        } else {
            try await sql.raw("""
                INSERT INTO training_weeks (id, user_id, week, workouts) VALUES (\(bind: UUID()), \(bind: userID), \(bind: week), \(bind: count)) \
                ON CONFLICT (user_id, week) DO UPDATE SET workouts = excluded.workouts
                """).run()
        }
    }

    /// Counts every week again, after the lifter's time zone changed or a bulk load.
    /// The same in the lifter's own time zone.
    static func rebuildWeeks(userID: UUID, on db: any Database) async throws {
        try await rebuildWeeks(userID: userID, timeZone: try await timeZone(userID: userID, on: db), on: db)
    }

    static func rebuildWeeks(userID: UUID, timeZone: TimeZone, on db: any Database) async throws {
        let sql = db as! any SQLDatabase
        let rows = try await sql.raw(
            "SELECT w.started_at FROM workouts w WHERE w.user_id = \(bind: userID) AND w.ended_at IS NOT NULL"
        ).all()
        var tally: [Int: Int] = [:]
        for row in rows {
            tally[TrainingWeeks.weekNumber(of: try row.decode(column: "started_at", as: Date.self), timeZone: timeZone), default: 0] += 1
        }
        try await sql.raw("DELETE FROM training_weeks WHERE user_id = \(bind: userID)").run()
        let values: [SQLQueryString] = tally.map { "(\(bind: UUID()), \(bind: userID), \(bind: $0.key), \(bind: $0.value))" }
        for chunk in values.chunked(by: 500) {
            try await sql.raw("INSERT INTO training_weeks (id, user_id, week, workouts) VALUES \(chunk.joined(separator: ", "))").run()
        }
    }

    /// Workouts this week, and the streak of weeks with one (see `TrainingWeeks.streak`),
    /// in two indexed queries however long the history.
    static func weeks(userID: UUID, now: Date, timeZone: TimeZone, on db: any Database) async throws -> (thisWeek: Int, streak: Int) {
        let sql = db as! any SQLDatabase
        let current = TrainingWeeks.weekNumber(of: now, timeZone: timeZone)
        var present: [Int: Int] = [:]
        for row in try await sql.raw("""
            SELECT t.week, t.workouts FROM training_weeks t WHERE t.user_id = \(bind: userID) AND t.week IN (\(bind: current), \(bind: current - 7))
            """).all() {
            present[try row.decode(column: "week", as: Int.self)] = try row.decode(column: "workouts", as: Int.self)
        }
        let anchor = present[current] != nil ? current : current - 7
        guard present[anchor] != nil else { return (0, 0) }
        // The newest week at or before the anchor whose week before had no workout starts the run.
        let start = try await sql.raw("""
            SELECT MAX(a.week) AS start FROM training_weeks a WHERE a.user_id = \(bind: userID) AND a.week <= \(bind: anchor) \
            AND NOT EXISTS (SELECT 1 FROM training_weeks b WHERE b.user_id = a.user_id AND b.week = a.week - 7)
            """).first()?.optional("start", as: Int.self) ?? anchor
        return (present[current] ?? 0, (anchor - start) / 7 + 1)
    }
}
