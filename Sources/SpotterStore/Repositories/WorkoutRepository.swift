import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// How much of each set a read of many workouts fills in.
public enum SetDetail: Sendable {
    /// Every column.
    case full
    /// What volume, records, summaries and a set's label read: kind, reps, weight,
    /// duration, distance, RPE, done and record marks, read as one text per entry
    /// (`WorkoutRows.setText`); entries carry their exercise and volume mark only.
    /// No notes, times or plans: such workouts are for adding up and listing as
    /// strips, never for showing in full or writing back. Home adds up weeks of
    /// sets, and a whole set row costs several times as much to read.
    case totals
}

/// Workouts and everything in them. Writes are upserts by the client's ids, so a
/// retried request never duplicates anything; every query is scoped by the owner,
/// and another user's ids behave exactly like missing ones.
public struct WorkoutRepository: Sendable {
    /// Where writes (and the reads inside them) go.
    let db: any Database
    /// Where reads outside a write go (see `SpotterStore.reader`).
    let reads: any Database
    /// Batches the writes of every set (see `GroupCommit`).
    let groupCommit: GroupCommit?

    public init(store: SpotterStore) {
        db = store.database
        reads = store.reader
        groupCommit = store.groupCommit
    }

    /// Runs a frequent write to one workout in a transaction, batched with others
    /// where the engine gains by it; `body` learns whether the workout is locked already.
    func batchedWrite<T: Sendable>(
        workoutID: UUID, userID: UUID, _ body: @escaping @Sendable (any Database, WriteTurn) async throws -> T
    ) async throws -> T {
        if let groupCommit { return try await groupCommit.write(.init(workoutID: workoutID, userID: userID), body) }
        return try await db.writeTransaction { try await body($0, .alone) }
    }

    // MARK: Reading

    /// The workout in progress, if any.
    public func active(userID: UUID) async throws -> Workout? {
        try await WorkoutRows.workouts(where: "w.user_id = \(bind: userID) AND w.ended_at IS NULL", on: reads).first
    }

    public func find(id: UUID, userID: UUID) async throws -> Workout? {
        try await WorkoutRows.workouts(where: "w.id = \(bind: id) AND w.user_id = \(bind: userID)", on: reads).first
    }

    /// Finished workouts, newest first (ties by id), at most `filter.limit`, after
    /// `filter.after` when it is given. Every search word must occur, ignoring case,
    /// in the workout's name or notes, an entry's notes or the name of one of its
    /// exercises; the search runs in the database, so it reaches every workout.
    /// `sets: .totals` reads what Home adds up (see `SetDetail`).
    public func history(userID: UUID, filter: HistoryFilter = .init(), sets: SetDetail = .full) async throws -> [Workout] {
        try await WorkoutRows.workouts(where: historyCondition(userID: userID, filter: filter), sets: sets, on: reads)
    }

    /// The same workouts as `history`, each as the sums of its sets by exercise (see
    /// `WorkoutTotals`): what the stats add up, read in one query.
    public func totals(userID: UUID, filter: HistoryFilter) async throws -> [WorkoutTotals] {
        try await WorkoutRows.totals(where: historyCondition(userID: userID, filter: filter), on: reads)
    }

    /// The `WHERE` condition, order and limit of the user's finished workouts `filter` selects.
    private func historyCondition(userID: UUID, filter: HistoryFilter) -> SQLQueryString {
        var condition: SQLQueryString = "w.user_id = \(bind: userID) AND w.ended_at IS NOT NULL"
        if let typeID = filter.workoutTypeID { condition += " AND w.workout_type_id = \(bind: typeID)" }
        if let templateID = filter.templateID { condition += " AND w.template_id = \(bind: templateID)" }
        if let from = filter.from { condition += " AND w.started_at >= \(bind: from)" }
        if let until = filter.until { condition += " AND w.started_at < \(bind: until)" }
        if let exerciseID = filter.exerciseID {
            condition += """
                 AND w.id IN (SELECT e.workout_id FROM exercise_entries e \
                WHERE e.user_id = \(bind: userID) AND e.exercise_id = \(bind: exerciseID))
                """
        }
        for term in ExerciseSearch.terms(of: filter.search) {
            let pattern = "%" + Self.likeEscaped(term) + "%"
            condition += """
                 AND (lower(w.name) LIKE \(bind: pattern) ESCAPE '\\' OR lower(w.notes) LIKE \(bind: pattern) ESCAPE '\\' \
                OR EXISTS (SELECT 1 FROM exercise_entries e JOIN exercises x ON x.id = e.exercise_id \
                WHERE e.workout_id = w.id AND e.user_id = \(bind: userID) \
                AND (lower(e.notes) LIKE \(bind: pattern) ESCAPE '\\' OR lower(x.name) LIKE \(bind: pattern) ESCAPE '\\')))
                """
        }
        if let after = filter.after {
            // Times within 2 µs of the cursor's count as its time: the engines keep
            // microseconds and round or cut the last digit differently on the way back.
            let earliest = after.startedAt.addingTimeInterval(-0.000_002), latest = after.startedAt.addingTimeInterval(0.000_002)
            condition += """
                 AND (w.started_at < \(bind: earliest) \
                OR (w.started_at >= \(bind: earliest) AND w.started_at <= \(bind: latest) AND w.id < \(bind: after.id)))
                """
        }
        condition += " ORDER BY w.started_at DESC, w.id DESC LIMIT \(literal: filter.limit)"
        return condition
    }

    /// One page of `history`: at most `limit` workouts after `filter.after`, and the
    /// cursor of the next page when there is one.
    public func historyPage(userID: UUID, filter: HistoryFilter, limit: Int) async throws -> (
        workouts: [Workout], next: HistoryCursor?
    ) {
        var filter = filter
        filter.limit = limit + 1
        var workouts = try await history(userID: userID, filter: filter)
        guard workouts.count > limit else { return (workouts, nil) }
        workouts.removeLast(workouts.count - limit)
        return (workouts, workouts.last.map(HistoryCursor.init(after:)))
    }

    /// A search word as a LIKE pattern's text: `%`, `_` and the escape itself match only themselves.
    static func likeEscaped(_ term: String) -> String {
        var escaped = ""
        for character in term {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// The rest the user last chose for each of these exercises that has one.
    public func rememberedRests(userID: UUID, exerciseIDs: Set<UUID>) async throws -> [UUID: Int] {
        try await ExerciseRestRows.remembered(userID: userID, exerciseIDs: exerciseIDs, on: reads)
    }

    /// The done sets of each exercise in the user's finished workouts, newest
    /// session first (at most `limit` per exercise), for the previous-performance
    /// hints. Two queries, however many exercises are asked for.
    public func previousSessions(
        userID: UUID, exerciseIDs: Set<UUID>, excluding workoutID: UUID?, limit: Int = 5
    ) async throws -> [UUID: [PreviousPerformance.Session]] {
        guard !exerciseIDs.isEmpty else { return [:] }
        let sql = reads.sql
        var query: SQLQueryString = """
            SELECT e.id, e.exercise_id, e.notes, w.started_at, w.session_rpe, w.program_id, w.program_week, w.program_day_id \
            FROM exercise_entries e JOIN workouts w ON w.id = e.workout_id \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id IN (\(binds: Array(exerciseIDs))) AND w.ended_at IS NOT NULL
            """
        if let workoutID { query += " AND e.workout_id <> \(bind: workoutID)" }
        // Newest first; the entries of one workout in the order they were logged.
        query += " ORDER BY w.started_at DESC, e.position"
        // Newest sessions first, then keep `limit` per exercise.
        var chosen: [UUID: [(entryID: UUID, startedAt: Date, sessionRPE: Int?, notes: String, program: ProgramLink?)]] = [:]
        for row in try await sql.raw(query).all() {
            let exerciseID = try row.decode(column: "exercise_id", as: UUID.self)
            guard chosen[exerciseID, default: []].count < limit else { continue }
            chosen[exerciseID, default: []].append(
                (
                    try row.decode(column: "id", as: UUID.self), try row.decode(column: "started_at", as: Date.self),
                    try row.optional("session_rpe"),
                    try row.decode(column: "notes", as: String.self), try WorkoutRows.programLink(row)
                ))
        }
        let entryIDs = chosen.values.flatMap { $0.map(\.entryID) }
        guard !entryIDs.isEmpty else { return [:] }
        let setRows = try await sql.raw(
            """
            SELECT s.* FROM workout_sets s \
            WHERE s.entry_id IN (\(binds: entryIDs)) AND s.done = \(bind: true) ORDER BY s.position
            """
        ).all()
        var byEntry: [UUID: [WorkoutSet]] = [:]
        for row in setRows {
            let (_, entryID, set) = try WorkoutRows.set(row)
            byEntry[entryID, default: []].append(set)
        }
        return chosen.mapValues { entries in
            entries.map {
                PreviousPerformance.Session(
                    startedAt: $0.startedAt, sets: byEntry[$0.entryID] ?? [], sessionRPE: $0.sessionRPE, notes: $0.notes,
                    program: $0.program)
            }
        }
    }

    // MARK: Helpers shared by the write side

    /// A workout just written, read back for the answer. Another request of the
    /// same lifter may have removed it in between (a start that discarded it):
    /// then it is gone, and the answer says so instead of failing hard.
    func found(_ id: UUID, userID: UUID) async throws -> Workout {
        guard let workout = try await find(id: id, userID: userID) else { throw SpotterError.notFound("The workout") }
        return workout
    }
}

/// Which finished workouts to list.
public struct HistoryFilter: Sendable, Equatable {
    public var workoutTypeID: UUID?
    /// Only workouts started from this template.
    public var templateID: UUID?
    public var exerciseID: UUID?
    public var from: Date?
    public var until: Date?
    public var search: String
    public var limit: Int
    /// Where a page starts: after this workout in the list's order.
    public var after: HistoryCursor?

    public init(
        workoutTypeID: UUID? = nil, exerciseID: UUID? = nil, from: Date? = nil, until: Date? = nil, search: String = "",
        limit: Int = 200,
        after: HistoryCursor? = nil, templateID: UUID? = nil
    ) {
        self.workoutTypeID = workoutTypeID
        self.templateID = templateID
        self.exerciseID = exerciseID
        self.from = from
        self.until = until
        self.search = search
        self.limit = limit
        self.after = after
    }

    /// Whether any filter narrows the list (a page's start or size does not).
    public var narrows: Bool {
        workoutTypeID != nil || templateID != nil || exerciseID != nil || from != nil || until != nil
            || !ExerciseSearch.terms(of: search).isEmpty
    }
}

/// The place in the history list after which the next page starts: a workout's start
/// and id, written as opaque text for links and API clients.
public struct HistoryCursor: Sendable, Equatable {
    public var startedAt: Date
    public var id: UUID

    public init(after workout: Workout) {
        startedAt = workout.startedAt
        id = workout.id
    }

    /// The start is written as its exact bits, so the page boundary compares equal.
    public var text: String {
        String(startedAt.timeIntervalSince1970.bitPattern, radix: 16) + "-" + id.text
    }

    public init?(text: String) {
        guard let dash = text.firstIndex(of: "-"), let bits = UInt64(text[..<dash], radix: 16),
            let id = UUID(text: text[text.index(after: dash)...])
        else { return nil }
        let seconds = Double(bitPattern: bits)
        // Years 1900 to 3000: no workout lies outside, and a database driver need not
        // meet a time it cannot hold.
        guard seconds.isFinite, (-2_208_988_800...32_503_680_000).contains(seconds) else { return nil }
        startedAt = Date(timeIntervalSince1970: seconds)
        self.id = id
    }
}

extension WorkoutRepository {
    /// Every exercise the user has in any workout.
    public func loggedExerciseIDs(userID: UUID) async throws -> Set<UUID> {
        let rows = try await reads.sql.raw(
            "SELECT DISTINCT exercise_id FROM exercise_entries WHERE user_id = \(bind: userID)"
        ).all()
        return Set(try rows.map { try $0.decode(column: "exercise_id", as: UUID.self) })
    }

    /// How many workouts are in progress, over every lifter: a figure for `/metrics`,
    /// the one query that names no owner, as it reads no lifter's data.
    public func activeCount() async throws -> Int {
        try await reads.sql.raw("SELECT COUNT(*) AS n FROM workouts w WHERE w.ended_at IS NULL").first()?.decode(
            column: "n", as: Int.self) ?? 0
    }
}
