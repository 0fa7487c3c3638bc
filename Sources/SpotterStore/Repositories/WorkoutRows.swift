import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of the workout tables (`workouts`, `exercise_entries`,
/// `workout_sets`, made by `M007CreateWorkouts` and the migrations after it): the
/// columns of each, the row a Core value is written as (`workoutValues`,
/// `entryValues`, `setValues`, in column order) and the value a row is read as
/// (`workout`, `entry`, `set`). Every query of these tables goes through them; a new
/// column is added in a migration and here.
///
/// Plain SQL, not FluentKit: these queries run on every set a lifter logs and on
/// every load of the workout page and history, and profiling "log one set" showed
/// most of its time spent inside FluentKit building models by reflection and
/// serialising queries from expression trees.
enum WorkoutRows {
    /// The columns of `workout_sets`, in the order of `setValues`: read off the set's
    /// encoder (`encodeSet`), so the two cannot differ in length or order.
    static let setColumns: [String] = {
        var columns: [String] = []
        let blank = WorkoutSet(id: UUID(), updatedAt: .distantPast)
        encodeSet(blank, workoutID: blank.id, entryID: blank.id, position: 0, userID: blank.id, records: []) { column, _ in
            columns.append(column)
        }
        return columns
    }()

    /// The columns of `workout_sets` as a select list on the table named `alias` (a
    /// fixed alias): a prepared statement must name its columns (see `PreparedQuery`).
    static func setColumnList(_ alias: String) -> SQLQueryString {
        "\(unsafeRaw: setColumns.map { alias + "." + $0 }.joined(separator: ", "))"
    }

    /// The columns of `workouts`, in the order of `workoutValues`.
    static let workoutColumns = [
        "id", "user_id", "name", "workout_type_id", "started_at", "ended_at", "notes", "session_rpe", "rest_ends_at",
        "rest_total_seconds",
        "rest_after_set_id", "created_at", "updated_at", "template_id", "import_key", "program_id", "program_week",
        "program_day_id",
    ]

    /// The columns of `exercise_entries`, in the order of `entryValues`.
    static let entryColumns = [
        "id", "user_id", "workout_id", "exercise_id", "position", "notes", "superset_group", "rest_seconds", "updated_at",
        "volume_record",
        "suggestion",
    ]

    /// A workout's row (its entries are rows of their own).
    static func workoutValues(_ w: Workout, userID: UUID, createdAt: Date, updatedAt: Date, importKey: String?) -> [RowValue] {
        [
            .uuid(w.id), .uuid(userID), .text(w.name), .uuid(w.workoutTypeID), .time(w.startedAt), .time(w.endedAt),
            .text(w.notes),
            .int(w.sessionRPE), .time(w.rest.endsAt), .int(w.rest.totalSeconds), .uuid(w.rest.afterSetID), .time(createdAt),
            .time(updatedAt),
            .uuid(w.templateID), .text(importKey), .uuid(w.program?.programID), .int(w.program?.week), .uuid(w.program?.dayID),
        ]
    }

    /// An entry's row at `position` in its workout, with its session-volume mark.
    static func entryValues(_ entry: ExerciseEntry, workoutID: UUID, userID: UUID, position: Int, now: Date) -> [RowValue] {
        [
            .uuid(entry.id), .uuid(userID), .uuid(workoutID), .uuid(entry.exerciseID), .int(position), .text(entry.notes),
            .int(entry.supersetGroup), .int(entry.restSeconds), .time(now), entry.records.sessionVolume ? .bool(true) : .null,
            .text(entry.suggestion),
        ]
    }

    /// A set's row at `position` in its entry, with its plan and record marks, in the
    /// order of `setColumns` (one array per row, as a bulk load writes thousands).
    static func setValues(
        _ set: WorkoutSet, workoutID: UUID, entryID: UUID, position: Int, userID: UUID, records: [PersonalRecords.Kind]
    ) -> [RowValue] {
        var values: [RowValue] = []
        values.reserveCapacity(setColumns.count)
        encodeSet(set, workoutID: workoutID, entryID: entryID, position: position, userID: userID, records: records) { _, value in
            values.append(value)
        }
        return values
    }

    /// The set's row encoder, the one place a column of `workout_sets` is named with
    /// its value: `field` gets each (column, value) pair in the table's order, and
    /// `setColumns` and `setValues` are both read off it. A new column is one line
    /// here (and its migration).
    @inline(__always)
    static func encodeSet(
        _ set: WorkoutSet, workoutID: UUID, entryID: UUID, position: Int, userID: UUID, records: [PersonalRecords.Kind],
        _ field: (_ column: String, _ value: RowValue) -> Void
    ) {
        field("id", .uuid(set.id))
        field("workout_id", .uuid(workoutID))
        field("entry_id", .uuid(entryID))
        field("position", .int(position))
        field("kind", .name(set.kind.rawValue))
        field("reps", .int(set.reps))
        field("weight_value", .double(set.weight?.value))
        field("weight_unit", .name(set.weight?.unit.rawValue))
        field("duration_seconds", .int(set.durationSeconds))
        field("distance_meters", .double(set.distanceMeters))
        field("rpe", .double(set.rpe))
        field("done", .bool(set.done))
        field("note", .text(set.note))
        field("logged_at", .time(set.loggedAt))
        field("updated_at", .time(set.updatedAt))
        field("user_id", .uuid(userID))
        field("target_reps_min", .int(set.target?.reps?.min))
        field("target_reps_max", .int(set.target?.reps?.max))
        field("target_rpe", .double(set.target?.rpe))
        field("records", .name(ProgressRows.text(records)))
    }

    /// Adds one workout's row (a client-made id another user has is refused).
    static func insert(_ workout: Workout, now: Date, on db: any Database) async throws {
        let row = workoutValues(workout, userID: workout.ownerID, createdAt: now, updatedAt: now, importKey: nil)
        try await BulkRows.insert([row], into: "workouts", columns: workoutColumns, streaming: false, on: db)
    }

    /// Writes a workout's own columns from `workout`: all but its id, owner, creation
    /// and import key, and `updated_at` only when `updatedAt` is given.
    static func save(_ workout: Workout, updatedAt: Date?, on db: any Database) async throws {
        var kept: Set<String> = ["id", "user_id", "created_at", "import_key"]
        if updatedAt == nil { kept.insert("updated_at") }
        let values = workoutValues(
            workout, userID: workout.ownerID, createdAt: .distantPast, updatedAt: updatedAt ?? .distantPast, importKey: nil)
        try await db.sql.raw(
            """
            UPDATE workouts SET \(BulkRows.assignments(workoutColumns, values, except: kept)) \
            WHERE id = \(bind: workout.id) AND user_id = \(bind: workout.ownerID)
            """
        ).run()
    }

    /// Writes an entry's exercise, notes, superset and rest, stamped `now` (its place
    /// and record mark are written by their own rules).
    static func save(_ entry: ExerciseEntry, now: Date, on db: any Database) async throws {
        let values = entryValues(entry, workoutID: entry.id, userID: entry.id, position: 0, now: now)
        let kept: Set<String> = ["id", "user_id", "workout_id", "position", "volume_record"]
        try await db.sql.raw(
            "UPDATE exercise_entries SET \(BulkRows.assignments(entryColumns, values, except: kept)) WHERE id = \(bind: entry.id)"
        ).run()
    }

    /// Numbers the rows of `table` under one parent 0..n-1 in their order, after one
    /// was removed or moved (`table` and `parent` are fixed names).
    static func renumber(_ table: String, parent: String, id: UUID, on db: any Database) async throws {
        let rows = try await db.sql.raw(
            "SELECT id, position FROM \(unsafeRaw: table) WHERE \(unsafeRaw: parent) = \(bind: id) ORDER BY position"
        ).all()
        for (index, row) in rows.enumerated() where try row.decode(column: "position", as: Int.self) != index {
            try await db.sql.raw(
                "UPDATE \(unsafeRaw: table) SET position = \(literal: index) WHERE id = \(bind: try row.decode(column: "id", as: UUID.self))"
            ).run()
        }
    }

    /// The user's workout without its entries, or nil.
    static func workout(id: UUID, userID: UUID, on db: any Database) async throws -> Workout? {
        try await db.sql.raw("SELECT w.* FROM workouts w WHERE w.id = \(bind: id) AND w.user_id = \(bind: userID)").first().map(
            workout)
    }

    /// A workout without its entries.
    static func workout(_ row: any SQLRow) throws -> Workout {
        Workout(
            id: try row.decode(column: "id", as: UUID.self), ownerID: try row.decode(column: "user_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self), workoutTypeID: try row.optional("workout_type_id"),
            startedAt: try row.decode(column: "started_at", as: Date.self), endedAt: try row.optional("ended_at"),
            notes: try row.decode(column: "notes", as: String.self), sessionRPE: try row.optional("session_rpe"),
            rest: try rest(row), templateID: try row.optional("template_id"), program: try programLink(row))
    }

    /// The program day a workout row was started from, if any.
    static func programLink(_ row: any SQLRow) throws -> ProgramLink? {
        guard let programID: UUID = try row.optional("program_id"), let week: Int = try row.optional("program_week"),
            let dayID: UUID = try row.optional("program_day_id")
        else { return nil }
        return ProgramLink(programID: programID, week: week, dayID: dayID)
    }

    /// A workout's rest timer.
    static func rest(_ row: any SQLRow) throws -> RestTimer.State {
        RestTimer.State(
            endsAt: try row.optional("rest_ends_at"), totalSeconds: try row.decode(column: "rest_total_seconds", as: Int.self),
            afterSetID: try row.optional("rest_after_set_id"))
    }

    /// An entry without its sets, with the workout it belongs to.
    static func entry(_ row: any SQLRow) throws -> (workoutID: UUID, entry: ExerciseEntry) {
        let entry = ExerciseEntry(
            id: try row.decode(column: "id", as: UUID.self), exerciseID: try row.decode(column: "exercise_id", as: UUID.self),
            notes: try row.decode(column: "notes", as: String.self), supersetGroup: try row.optional("superset_group"),
            restSeconds: try row.optional("rest_seconds"), suggestion: try row.optional("suggestion"))
        return (try row.decode(column: "workout_id", as: UUID.self), entry)
    }

    /// The `SET` list that turns a stored set into `new`: only the columns that
    /// differ, and always `updated_at`. Ticking a set done changes three columns,
    /// and a short statement is parsed faster (SQLite parses every statement anew).
    static func changes(from stored: WorkoutSet, to new: WorkoutSet) -> SQLQueryString {
        // Both through the table's encoder, placed alike, so only the set's own columns can differ.
        func row(_ set: WorkoutSet) -> [RowValue] {
            setValues(set, workoutID: stored.id, entryID: stored.id, position: 0, userID: stored.id, records: [])
        }
        let (before, after) = (row(stored), row(new))
        var changed: Set<String> = ["updated_at"]
        for (index, column) in setColumns.enumerated() where before[index] != after[index] { changed.insert(column) }
        return BulkRows.assignments(setColumns, after, only: changed)
    }

    /// A set with where it belongs.
    static func set(_ row: any SQLRow) throws -> (workoutID: UUID, entryID: UUID, set: WorkoutSet) {
        let weight = try row.mass(value: "weight_value", unit: "weight_unit")
        let set = WorkoutSet(
            id: try row.decode(column: "id", as: UUID.self),
            kind: SetKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .working,
            reps: try row.optional("reps"), weight: weight, durationSeconds: try row.optional("duration_seconds"),
            distanceMeters: try row.optional("distance_meters"), rpe: try row.optional("rpe"),
            done: try row.decode(column: "done", as: Bool.self), note: try row.decode(column: "note", as: String.self),
            loggedAt: try row.optional("logged_at"), updatedAt: try row.decode(column: "updated_at", as: Date.self),
            target: try target(row))
        return (
            try row.decode(column: "workout_id", as: UUID.self), try row.decode(column: "entry_id", as: UUID.self), set
        )
    }

    /// The plan a set was started with, if it came from a template.
    static func target(_ row: any SQLRow) throws -> SetTarget? {
        let low: Int? = try row.optional("target_reps_min"), high: Int? = try row.optional("target_reps_max")
        let rpe: Double? = try row.optional("target_rpe")
        let reps = low.flatMap { low in high.map { RepRange(low, $0) } }
        return reps == nil && rpe == nil ? nil : SetTarget(reps: reps, rpe: rpe)
    }

    /// The workouts a condition selects (`WHERE` and what follows it), entries and
    /// sets filled in: three queries, however many workouts (one for `.totals`).
    static func workouts(where condition: SQLQueryString, sets: SetDetail = .full, on db: any Database) async throws -> [Workout]
    {
        if sets == .totals { return try await workoutsForTotals(where: condition, on: db) }
        let sql = db.sql
        let rows = try await sql.raw("SELECT w.* FROM workouts w WHERE " + condition).all()
        return try await filled(rows.map(workout), on: db)
    }

    /// Adds the entries and sets to workouts read without them.
    static func filled(_ workouts: [Workout], on db: any Database) async throws -> [Workout] {
        guard !workouts.isEmpty else { return [] }
        let sql = db.sql
        let ids = workouts.map(\.id)
        let entryRows = try await sql.raw(
            "SELECT e.* FROM exercise_entries e WHERE e.workout_id IN (\(binds: ids)) ORDER BY e.position"
        ).all()
        let setRows = try await sql.raw(
            "SELECT s.* FROM workout_sets s WHERE s.workout_id IN (\(binds: ids)) ORDER BY s.position"
        ).all()
        var setsByEntry: [UUID: [WorkoutSet]] = [:]
        var marks: [UUID: [UUID: [PersonalRecords.Kind]]] = [:]
        for row in setRows {
            let (_, entryID, set) = try self.set(row)
            setsByEntry[entryID, default: []].append(set)
            let kinds = ProgressRows.kinds(try row.optional("records"))
            if !kinds.isEmpty { marks[entryID, default: [:]][set.id] = kinds }
        }
        var entriesByWorkout: [UUID: [ExerciseEntry]] = [:]
        for row in entryRows {
            var (workoutID, entry) = try self.entry(row)
            entry.sets = setsByEntry[entry.id] ?? []
            entry.records = EntryRecords(sets: marks[entry.id] ?? [:], sessionVolume: try row.optional("volume_record") ?? false)
            entriesByWorkout[workoutID, default: []].append(entry)
        }
        return workouts.map { workout in
            var workout = workout
            workout.entries = entriesByWorkout[workout.id] ?? []
            return workout
        }
    }

    /// `workouts(where:sets:)` for `SetDetail.totals`: one query, a row per workout
    /// with its entries and their sets as one text (`entriesText`).
    private static func workoutsForTotals(where condition: SQLQueryString, on db: any Database) async throws -> [Workout] {
        let rows = try await db.sql.raw("SELECT w.*, " + entriesText("w") + " AS entries FROM workouts w WHERE " + condition)
            .all()
        return try rows.map { row in
            var workout = try self.workout(row)
            workout.entries = entries(text: try row.optional("entries"))
            return workout
        }
    }
}

extension WorkoutRows {
    /// Adds whole workouts at once (a bulk load writes thousands): the workout rows
    /// with their rest timers and import keys, then their entries and sets, and
    /// judges the record marks and bests of the exercises the finished ones touch.
    static func insertWhole(_ workouts: [Workout], importKeys: [UUID: String], userID: UUID, now: Date, on db: any Database)
        async throws
    {
        try await insertUnjudged(workouts, importKeys: importKeys, userID: userID, now: now, on: db)
        let used = Set(workouts.filter { !$0.isActive }.flatMap { $0.entries.map(\.exerciseID) })
        try await ProgressRows.refresh(userID: userID, exerciseIDs: used, on: db)
    }

    /// Inserts whole workouts as they are, record marks included: the caller judges
    /// the marks afterwards (`ProgressRows.judge`).
    static func insertUnjudged(_ workouts: [Workout], importKeys: [UUID: String], userID: UUID, now: Date, on db: any Database)
        async throws
    {
        let rows = workouts.map {
            workoutValues($0, userID: userID, createdAt: now, updatedAt: now, importKey: importKeys[$0.id])
        }
        try await BulkRows.insert(rows, into: "workouts", columns: workoutColumns, streaming: false, on: db)
        try await insert(workouts.map { (id: $0.id, entries: $0.entries) }, userID: userID, now: now, streaming: true, on: db)
    }

    /// Adds a new workout's entries and their sets, positions 0..n-1, in a few
    /// multi-row statements (a template start writes dozens of rows at once).
    static func insert(_ entries: [ExerciseEntry], workoutID: UUID, userID: UUID, now: Date, on db: any Database) async throws {
        try await insert([(workoutID, entries)], userID: userID, now: now, streaming: false, on: db)
    }

    /// The same for many workouts at once (a bulk load writes thousands, streamed on
    /// PostgreSQL: see `BulkRows`). The entries' record marks are written with them
    /// (a bulk load computes them first, see `ProgressRows.refresh(userID:exerciseIDs:adding:on:)`).
    static func insert(
        _ workouts: [(id: UUID, entries: [ExerciseEntry])], userID: UUID, now: Date, streaming: Bool, on db: any Database
    ) async throws {
        let entries: [[RowValue]] = workouts.flatMap { workoutID, entries in
            entries.enumerated().map { position, entry in
                entryValues(entry, workoutID: workoutID, userID: userID, position: position, now: now)
            }
        }
        try await BulkRows.insert(entries, into: "exercise_entries", columns: entryColumns, streaming: streaming, on: db)
        let sets: [[RowValue]] = workouts.flatMap { workoutID, entries in
            entries.flatMap { entry in
                entry.sets.enumerated().map { position, set in
                    setValues(
                        set, workoutID: workoutID, entryID: entry.id, position: position, userID: userID,
                        records: entry.records.sets[set.id] ?? [])
                }
            }
        }
        try await BulkRows.insert(sets, into: "workout_sets", columns: setColumns, streaming: streaming, on: db)
    }

    /// Whether write transactions must lock the workout they change: on PostgreSQL
    /// two changes of one workout then take turns (positions stay 0..n-1, the later
    /// change of a set wins). SQLite needs no locks: it lets one writer in at a
    /// time, and `writeTransaction` begins as that writer.
    static func locksWorkouts(_ db: any Database) -> Bool {
        db.sql.dialect.name != "sqlite"
    }

    /// Locks the user's row until the transaction ends, so two starts of a workout
    /// by the same lifter (a double tap, two tabs) take turns on PostgreSQL instead
    /// of both discarding the same active workout.
    static func lockUser(_ userID: UUID, on db: any Database) async throws {
        guard locksWorkouts(db) else { return }
        try await db.sql.raw("SELECT u.id FROM users u WHERE u.id = \(bind: userID) FOR UPDATE").run()
    }

    /// Locks a workout of the user until the transaction ends (see `locksWorkouts`).
    static func lockWorkout(id: UUID, userID: UUID, on db: any Database) async throws {
        guard locksWorkouts(db) else { return }
        try await db.sql.raw(
            "SELECT w.id FROM workouts w WHERE w.id = \(bind: id) AND w.user_id = \(bind: userID) FOR UPDATE OF w"
        ).run()
    }
}

extension Array {
    func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

extension SQLRow {
    /// A column that may be NULL.
    func optional<T: Decodable>(_ column: String, as type: T.Type = T.self) throws -> T? {
        try decodeNil(column: column) ? nil : decode(column: column, as: T.self)
    }

    /// A weight stored as a value column and a unit column, or nil.
    func mass(value: String, unit: String) throws -> Mass? {
        guard let number: Double = try optional(value),
            let unit = try optional(unit, as: String.self).flatMap(MassUnit.init(rawValue:))
        else { return nil }
        return Mass(number, unit)
    }
}
