import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The answer to a set write: the set as stored, the rest timer after it, and
/// whether the change was applied (false when a newer change of the same set, made
/// on another device, was already stored; the caller then shows the stored set).
public struct SetWriteResult: Sendable, Equatable {
    public var set: WorkoutSet
    public var rest: RestTimer.State
    public var applied: Bool
    /// The record marks of every set of this exercise in the workout after the
    /// change (a change to one set can take a mark from a later one).
    public var records: EntryRecords = EntryRecords()
}

/// What a set write reads before the set rules decide (`WorkoutService.SetRules`):
/// the set as stored (nil for a new one), the workout's rest timer, whether the
/// workout is in progress, and where the set sits (for the rest after it).
public struct SetWriteState: Sendable {
    public var stored: WorkoutSet?
    public var rest: RestTimer.State
    public var isActive: Bool
    public var place: RestTimer.SetPlace
}

/// What the set rules decided: the set and the rest timer to store.
public struct SetWritePlan: Sendable {
    public var set: WorkoutSet
    public var rest: RestTimer.State

    public init(set: WorkoutSet, rest: RestTimer.State) {
        self.set = set
        self.rest = rest
    }
}

/// Decides a set write from what was read; nil keeps the stored set.
public typealias SetDecision = @Sendable (SetWriteState) throws -> SetWritePlan?

extension WorkoutRepository {
    /// Creates or changes a set by the client's id, in one transaction: reads the
    /// stored set and the workout's state, lets `decide` make the change, and
    /// writes what it decided (the set, and the rest timer when it moved).
    ///
    /// This is the request a lifter makes for every set, so it is plain SQL (see
    /// `WorkoutRows`): one query reads the workout's state, the stored set and where
    /// it sits, and one statement writes the set, a second the rest timer when a tick
    /// moves it (on PostgreSQL both go in one statement: each is a round trip with
    /// the workout locked). The answer carries what the records of the set's
    /// exercise are judged on (`SetProgress`), read on the way.
    public func putSet(
        workoutID: UUID, entryID: UUID, setID: UUID, userID: UUID, now: Date, decide: @escaping SetDecision
    ) async throws -> (SetWriteResult, SetProgress?) {
        try await batchedWrite(workoutID: workoutID, userID: userID) { tx, turn in
            try await writeSet(
                workoutID: workoutID, entryID: entryID, setID: setID, userID: userID, now: now, locked: turn.workoutLocked,
                on: tx,
                decide: decide)
        }
    }

    /// `putSet`'s write inside the caller's transaction (the guided player logs its
    /// sets with it); `locked` says the caller locked the workout already.
    func writeSet(
        workoutID: UUID, entryID: UUID, setID: UUID, userID: UUID, now: Date, locked: Bool = false, on tx: any Database,
        decide: SetDecision
    ) async throws -> (SetWriteResult, SetProgress?) {
        let sql = tx.sql
        // On PostgreSQL the workout is locked first, in a statement of its own:
        // a query that waits for the lock would still see the other rows as they
        // were before the waiting ended.
        if !locked { try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx) }
        // The stored set, the workout's state and where the set sits (a new one goes
        // last in its entry, with no set after it). Kept short: SQLite parses the
        // text on every request. The bests of the set's exercise come with it, and
        // when there are bests and the workout is in progress, so do the other sets
        // of that exercise in the workout: a lifter with no history of it reads
        // nothing more, and one with history is judged without another round trip.
        guard
            let row = try await PreparedQuery<SetWriteRead>(
                """
                SELECT \(WorkoutRows.setColumnList("s")), w.ended_at, w.started_at AS workout_start, w.rest_ends_at, w.rest_total_seconds, w.rest_after_set_id, \
                x.exercise_id AS entry_exercise, r.heaviest_kg, r.e1rm_kg, r.set_volume_kg, r.session_volume_kg, r.rep_weights, \
                \(ExerciseRestRows.entryRest("x")) AS entry_rest_seconds, x.superset_group AS entry_superset_group, \
                (SELECT n.kind FROM workout_sets n WHERE n.entry_id = x.id AND n.position > s.position ORDER BY n.position LIMIT 1) AS next_kind, \
                (SELECT COUNT(*) FROM exercise_entries n WHERE n.workout_id = x.workout_id AND n.position > x.position) AS later_entries, \
                (SELECT n.superset_group FROM exercise_entries n WHERE n.workout_id = x.workout_id AND n.position > x.position \
                ORDER BY n.position LIMIT 1) AS next_group, \
                (SELECT string_agg(CAST(oe.id AS TEXT) || COALESCE(' ' || \(WorkoutRows.setText("o")), ''), ';' ORDER BY oe.position, o.position) \
                FROM exercise_entries oe LEFT JOIN workout_sets o ON o.entry_id = oe.id \
                WHERE oe.workout_id = w.id AND oe.exercise_id = r.exercise_id AND w.ended_at IS NULL) AS exercise_sets \
                FROM workouts w LEFT JOIN workout_sets s ON s.id = \(bind: setID) AND s.user_id = w.user_id \
                LEFT JOIN exercise_entries x ON x.id = \(bind: entryID) AND x.workout_id = w.id \
                LEFT JOIN exercise_records r ON r.user_id = w.user_id AND r.exercise_id = x.exercise_id \
                WHERE w.id = \(bind: workoutID) AND w.user_id = \(bind: userID)
                """
            ).first(on: tx)
        else { throw SpotterError.notFound("The workout") }
        let isActive = try row.decodeNil(column: "ended_at")
        var progress = try row.optional("entry_exercise", as: UUID.self).map { exerciseID in
            SetProgress(
                exerciseID: exerciseID, bests: try row.decodeNil(column: "heaviest_kg") ? nil : ProgressRows.bests(row),
                isActive: isActive, startedAt: try row.decode(column: "workout_start", as: Date.self),
                others: Self.exerciseSets(try row.optional("exercise_sets")))
        }
        let existing = try row.decodeNil(column: "id") ? nil : WorkoutRows.set(row)
        if let existing, existing.workoutID != workoutID || existing.entryID != entryID {
            throw SpotterError.notFound("The set")
        }
        let state = SetWriteState(
            stored: existing?.set, rest: try WorkoutRows.rest(row), isActive: isActive, place: try Self.place(row))
        guard let plan = try decide(state) else {
            guard let stored = state.stored else { preconditionFailure("A new set is always written.") }
            return (SetWriteResult(set: stored, rest: state.rest, applied: false), progress)
        }
        let (set, rest) = (plan.set, plan.rest)
        let restMoved = rest != state.rest
        let restWrite: SQLQueryString = """
            UPDATE workouts SET rest_ends_at = \(bind: rest.endsAt), \
            rest_total_seconds = \(bind: rest.totalSeconds), rest_after_set_id = \(bind: rest.afterSetID), \
            updated_at = \(bind: now) WHERE id = \(bind: workoutID)
            """
        if let stored = existing?.set {
            let setWrite: SQLQueryString =
                "UPDATE workout_sets SET " + WorkoutRows.changes(from: stored, to: set) + " WHERE id = \(bind: setID)"
            if restMoved, WorkoutRows.locksWorkouts(tx) {
                // PostgreSQL runs an UPDATE inside WITH to completion, read or not.
                try await sql.raw("WITH changed_set AS (" + setWrite + ") " + restWrite).run()
            } else {
                try await sql.raw(setWrite).run()
                if restMoved { try await sql.raw(restWrite).run() }
            }
        } else {
            try await insertSet(set, entryID: entryID, workoutID: workoutID, userID: userID, on: sql)
            if restMoved { try await sql.raw(restWrite).run() }
        }
        progress?.put(set, in: entryID)
        if !isActive { try await refreshProgress(entryID: entryID, userID: userID, on: tx) }
        return (SetWriteResult(set: set, rest: rest, applied: true), progress)
    }

    /// Names the set write's first read as a prepared statement (see `PreparedQuery`).
    enum SetWriteRead {}

    /// What a set write learns about the exercise's records on the way.
    public struct SetProgress: Sendable {
        public let exerciseID: UUID
        public let bests: PersonalRecords.Bests?
        public let isActive: Bool
        public let startedAt: Date
        /// The sets of the exercise in this workout by entry, in order (read only
        /// when there are bests to judge them against and the workout is in progress).
        public internal(set) var others: [(entryID: UUID, sets: [WorkoutSet])]

        /// Puts the written set in its place: in place of its stored self, else at
        /// the end of its entry (where a new set goes).
        mutating func put(_ set: WorkoutSet, in entryID: UUID) {
            guard bests != nil, isActive, let group = others.firstIndex(where: { $0.entryID == entryID }) else { return }
            if let index = others[group].sets.firstIndex(where: { $0.id == set.id }) {
                others[group].sets[index] = set
            } else {
                others[group].sets.append(set)
            }
        }
    }

    /// The sets of the exercise in the workout from the set write's first read, as
    /// one text (see `WorkoutRows.setText`): entries by ";", each "entry-id" or
    /// "entry-id" and a set's text, ordered by entry and position.
    private static func exerciseSets(_ text: String?) -> [(entryID: UUID, sets: [WorkoutSet])] {
        var groups: [(entryID: UUID, sets: [WorkoutSet])] = []
        WorkoutRows.forEachItem(of: text) { item in
            guard let entryID = item.uuid(0) else { return }
            if groups.last?.entryID != entryID { groups.append((entryID, [])) }
            if let (set, _) = item.set(from: 1) { groups[groups.count - 1].sets.append(set) }
        }
        return groups
    }

    /// The stored marks of an exercise's sets in a finished workout.
    public func storedRecords(workoutID: UUID, exerciseID: UUID, userID: UUID) async throws -> EntryRecords {
        let rows = try await reads.sql.raw(
            """
            SELECT s.id, s.records, e.volume_record FROM workout_sets s JOIN exercise_entries e ON e.id = s.entry_id \
            WHERE s.workout_id = \(bind: workoutID) AND s.user_id = \(bind: userID) AND e.exercise_id = \(bind: exerciseID)
            """
        ).all()
        var records = EntryRecords()
        for row in rows {
            let kinds = ProgressRows.kinds(try row.optional("records"))
            if !kinds.isEmpty { records.sets[try row.decode(column: "id", as: UUID.self)] = kinds }
            if try row.optional("volume_record", as: Bool.self) ?? false { records.sessionVolume = true }
        }
        return records
    }

    /// Recomputes the records of an entry's exercise (a set of a finished workout changed).
    func refreshProgress(entryID: UUID, userID: UUID, on tx: any Database) async throws {
        let row = try await tx.sql.raw(
            "SELECT e.exercise_id FROM exercise_entries e WHERE e.id = \(bind: entryID) AND e.user_id = \(bind: userID)"
        ).first()
        guard let exerciseID = try row?.decode(column: "exercise_id", as: UUID.self) else { return }
        try await ProgressRows.refresh(userID: userID, exerciseIDs: [exerciseID], on: tx)
    }

    /// Puts sets into one of the workout's entries at a position, the sets from there
    /// on moving down, in one transaction with the read of the workout: `plan` sees the
    /// stored workout and entry and returns where the sets go and which they are (the
    /// warm-up ramp, `WarmUpService`). A set of a finished workout brings the records
    /// of its exercise up to date in the same transaction.
    public func insertSets(
        workoutID: UUID, entryID: UUID, userID: UUID,
        _ plan: @escaping @Sendable (Workout, ExerciseEntry) async throws -> (position: Int, sets: [WorkoutSet])
    ) async throws {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard
                let workout = try await WorkoutRows.workouts(
                    where: "w.id = \(bind: workoutID) AND w.user_id = \(bind: userID)", on: tx
                ).first
            else { throw SpotterError.notFound("The workout") }
            guard let entry = workout.entries.first(where: { $0.id == entryID }) else {
                throw SpotterError.notFound("The exercise entry")
            }
            let (position, sets) = try await plan(workout, entry)
            try await tx.sql.raw(
                """
                UPDATE workout_sets SET position = position + \(literal: sets.count) \
                WHERE entry_id = \(bind: entryID) AND position >= \(literal: position)
                """
            ).run()
            let rows = sets.enumerated().map { index, set in
                WorkoutRows.setValues(
                    set, workoutID: workoutID, entryID: entryID, position: position + index, userID: userID, records: [])
            }
            try await BulkRows.insert(rows, into: "workout_sets", columns: WorkoutRows.setColumns, streaming: false, on: tx)
            if !workout.isActive { try await ProgressRows.refresh(userID: userID, exerciseIDs: [entry.exerciseID], on: tx) }
        }
    }

    /// Where the set sits, for the rest after it, from `writeSet`'s first read.
    private static func place(_ row: any SQLRow) throws -> RestTimer.SetPlace {
        let nextKind = try row.optional("next_kind", as: String.self)
        return RestTimer.SetPlace(
            entryRestSeconds: try row.optional("entry_rest_seconds"), nextSetKind: nextKind.flatMap(SetKind.init(rawValue:)),
            isLastOfWorkout: try nextKind == nil && row.decode(column: "later_entries", as: Int.self) == 0,
            supersetGoesOn: RestTimer.SetPlace.sameSuperset(
                try row.optional("entry_superset_group"), try row.optional("next_group")))
    }

    /// Adds a set at the end of its entry, in one statement that also checks the
    /// entry is the user's and in this workout.
    private func insertSet(_ set: WorkoutSet, entryID: UUID, workoutID: UUID, userID: UUID, on sql: any SQLDatabase) async throws
    {
        // The set's row as the table's encoder writes it, but its position counted in
        // the statement, and only when the entry is the user's and in this workout.
        let values = WorkoutRows.setValues(set, workoutID: workoutID, entryID: entryID, position: 0, userID: userID, records: [])
        let selected = zip(WorkoutRows.setColumns, values).map { column, value -> SQLQueryString in
            column == "position" ? "(SELECT COUNT(*) FROM workout_sets c WHERE c.entry_id = e.id)" : value.sql
        }
        let inserted: (any SQLRow)?
        do {
            inserted = try await sql.raw(
                """
                INSERT INTO workout_sets (\(unsafeRaw: WorkoutRows.setColumns.joined(separator: ", "))) \
                SELECT \(selected.joined(separator: ", ")) \
                FROM exercise_entries e WHERE e.id = \(bind: entryID) AND e.user_id = \(bind: userID) AND e.workout_id = \(bind: workoutID) \
                RETURNING position
                """
            ).first()
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw SpotterError.idInUse
        }
        guard inserted != nil else { throw SpotterError.notFound("The exercise entry") }
    }

    /// Removes a set; the others of its exercise close ranks.
    public func deleteSet(workoutID: UUID, setID: UUID, userID: UUID) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard
                let (_, entryID, _) = try await tx.sql.raw(
                    """
                    SELECT s.* FROM workout_sets s WHERE s.user_id = \(bind: userID) AND s.id = \(bind: setID) AND s.workout_id = \(bind: workoutID)
                    """
                ).first().map(WorkoutRows.set)
            else { throw SpotterError.notFound("The set") }
            try await tx.sql.raw("DELETE FROM workout_sets WHERE id = \(bind: setID)").run()
            try await WorkoutRows.renumber("workout_sets", parent: "entry_id", id: entryID, on: tx)
            guard var workout = try await WorkoutRows.workout(id: workoutID, userID: userID, on: tx) else { return }
            if workout.rest.afterSetID == setID {
                workout.rest = .idle
                try await WorkoutRows.save(workout, updatedAt: nil, on: tx)
            }
            if workout.endedAt != nil { try await refreshProgress(entryID: entryID, userID: userID, on: tx) }
        }
        return try await found(workoutID, userID: userID)
    }
}
