import FluentKit
import Foundation
import SQLKit
import SpotterCore

extension WorkoutRepository {
    /// Starts a workout with the client's id. A retry with the same id returns the
    /// same workout. While another workout is active this is refused, unless
    /// `replaceActive` says to discard that one first (the "discard and start" choice).
    /// The new workout holds `entries` (made by the caller with fresh ids: a
    /// template's, a program day's or a repeat's, see `WorkoutService`). Started from
    /// a template, it remembers `templateID` and marks that template used.
    /// `startedAt` is when it began if not now: a workout started on a phone without
    /// signal reaches the server later, and keeps the phone's start (and the name of
    /// that part of the day).
    public func start(
        id: UUID, userID: UUID, name: String?, workoutTypeID: UUID?, replaceActive: Bool, timeZone: TimeZone, now: Date,
        startedAt: Date? = nil, entries: [ExerciseEntry]? = nil, templateID: UUID? = nil,
        program: ProgramLink? = nil
    ) async throws -> Workout {
        // The request is checked before a retry is recognised, so a retry with a bad body
        // is refused like the first attempt would have been.
        let displayName = NameKey.displayForm(of: name ?? "")
        var draft = Workout(id: id, ownerID: userID, name: WorkoutChange.defaultName(at: startedAt ?? now, timeZone: timeZone), startedAt: now)
        do {
            draft = try WorkoutChange(name: displayName.isEmpty ? nil : displayName, startedAt: startedAt).applied(to: draft, now: now)
        } catch { throw SpotterError.invalid(error) }
        if let existing = try await find(id: id, userID: userID) { return existing }
        if let workoutTypeID { try await ensureWorkoutType(workoutTypeID, userID: userID, on: db) }
        let (workoutName, workoutStart) = (draft.name, draft.startedAt)
        let plan = entries ?? []
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockUser(userID, on: tx)
            // A retry that raced its first attempt finds that one done.
            if try await WorkoutRows.workout(id: id, userID: userID, on: tx) != nil { return }
            if let active = try await tx.sql.raw(
                "SELECT w.* FROM workouts w WHERE w.user_id = \(bind: userID) AND w.ended_at IS NULL"
            ).first().map(WorkoutRows.workout) {
                guard replaceActive else {
                    throw SpotterError.conflict(
                        field: nil,
                        message: "\(active.name) is still in progress. Resume it, or discard it and start the new one.")
                }
                try await tx.sql.raw("DELETE FROM workouts WHERE id = \(bind: active.id)").run()
            }
            let workout = Workout(
                id: id, ownerID: userID, name: workoutName, workoutTypeID: workoutTypeID, startedAt: workoutStart, templateID: templateID,
                program: program)
            do {
                try await WorkoutRows.insert(workout, now: now, on: tx)
                try await WorkoutRows.insert(plan, workoutID: id, userID: userID, now: now, on: tx)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw SpotterError.idInUse
            }
            if let templateID {
                try await tx.sql.raw("""
                    UPDATE workout_templates SET last_used_at = \(bind: now) WHERE id = \(bind: templateID) AND user_id = \(bind: userID)
                    """).run()
            }
        }
        return try await found(id, userID: userID)
    }

    /// Changes name, notes, type, session RPE, start or duration. A finished workout
    /// moved to another time is judged again where it now stands: its exercises'
    /// records and bests, and the weeks it left and joined.
    public func update(id: UUID, userID: UUID, change: WorkoutChange, now: Date) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: id, userID: userID, on: tx)
            guard let stored = try await WorkoutRows.workout(id: id, userID: userID, on: tx) else { throw SpotterError.notFound("The workout") }
            let workout: Workout
            do { workout = try change.applied(to: stored, now: now) } catch let failure as ValidationFailure { throw SpotterError.invalid(failure) }
            if let typeID = workout.workoutTypeID, typeID != stored.workoutTypeID {
                try await ensureWorkoutType(typeID, userID: userID, on: tx)
            }
            try await WorkoutRows.save(workout, updatedAt: now, on: tx)
            if workout.endedAt != nil, workout.startedAt != stored.startedAt {
                let exercises = try await tx.sql.raw(
                    "SELECT DISTINCT e.exercise_id FROM exercise_entries e WHERE e.workout_id = \(bind: id) AND e.user_id = \(bind: userID)"
                ).all().map { try $0.decode(column: "exercise_id", as: UUID.self) }
                try await ProgressRows.refresh(userID: userID, exerciseIDs: Set(exercises), on: tx)
                try await ProgressRows.recountWeek(userID: userID, of: stored.startedAt, on: tx)
                try await ProgressRows.recountWeek(userID: userID, of: workout.startedAt, on: tx)
            }
        }
        return try await found(id, userID: userID)
    }

    /// Logs a workout done earlier: finished from the start, `startedAt` to
    /// `startedAt + durationSeconds`, empty until its exercises are added. The lifter's
    /// workout in progress, if any, is left alone. A retry with the same id finds it.
    public func logPast(
        id: UUID, userID: UUID, name: String?, workoutTypeID: UUID? = nil, startedAt: Date, durationSeconds: Int, timeZone: TimeZone,
        now: Date
    ) async throws -> Workout {
        let displayName = NameKey.displayForm(of: name ?? "")
        // Checked as an edit of a finished workout started now: the same rules and messages.
        var draft = Workout(
            id: id, ownerID: userID, name: WorkoutChange.defaultName(at: startedAt, timeZone: timeZone), workoutTypeID: workoutTypeID,
            startedAt: now, endedAt: now.addingTimeInterval(60))
        do {
            draft = try WorkoutChange(
                name: displayName.isEmpty ? nil : displayName, startedAt: startedAt, durationSeconds: durationSeconds
            ).applied(to: draft, now: now)
        } catch { throw SpotterError.invalid(error) }
        if let existing = try await find(id: id, userID: userID) { return existing }
        let workout = draft
        try await db.writeTransaction { tx in
            if let workoutTypeID { try await ensureWorkoutType(workoutTypeID, userID: userID, on: tx) }
            do {
                try await WorkoutRows.insert(workout, now: now, on: tx)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw SpotterError.idInUse
            }
            try await ProgressRows.recountWeek(userID: userID, of: workout.startedAt, on: tx)
        }
        return try await found(id, userID: userID)
    }

    /// Adds an exercise entry (at the end) or changes one; changing its exercise
    /// swaps the exercise and keeps the sets.
    public func putEntry(workoutID: UUID, entryID: UUID, userID: UUID, change: EntryChange, now: Date) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard let workout = try await WorkoutRows.workout(id: workoutID, userID: userID, on: tx) else { throw SpotterError.notFound("The workout") }
            let found = try await tx.sql.raw(
                "SELECT e.* FROM exercise_entries e WHERE e.user_id = \(bind: userID) AND e.id = \(bind: entryID)"
            ).first().map(WorkoutRows.entry)
            if let found, found.workoutID != workoutID { throw SpotterError.notFound("The exercise entry") }
            let existing = found?.entry
            let base = existing ?? ExerciseEntry(id: entryID, exerciseID: change.exerciseID ?? UUID())
            if existing == nil && change.exerciseID == nil {
                throw SpotterError.invalid(field: "exerciseId", "Choose the exercise to add.")
            }
            let entry: ExerciseEntry
            do { entry = try change.applied(to: base) } catch let failure as ValidationFailure { throw SpotterError.invalid(failure) }
            if entry.exerciseID != existing?.exerciseID {
                let visible = try await tx.sql.raw(
                    "SELECT x.id FROM exercises x WHERE x.id = \(bind: entry.exerciseID) AND " + ExerciseRows.visible(to: userID)
                ).first()
                guard visible != nil else {
                    throw SpotterError.invalid(field: "exerciseId", "That exercise is not in your library.")
                }
            }
            // A rest chosen for the exercise is remembered for it, in later workouts too.
            if case .some(.some(let seconds)) = change.restSeconds {
                try await ExerciseRestRows.remember(seconds, exerciseID: entry.exerciseID, userID: userID, now: now, on: tx)
            }
            if let existing {
                let swapped = existing.exerciseID != entry.exerciseID ? [existing.exerciseID, entry.exerciseID] : []
                try await WorkoutRows.save(entry, now: now, on: tx)
                if workout.endedAt != nil, !swapped.isEmpty {
                    try await ProgressRows.refresh(userID: userID, exerciseIDs: Set(swapped), on: tx)
                }
            } else {
                let count = try await tx.sql.raw(
                    "SELECT COUNT(*) AS n FROM exercise_entries e WHERE e.workout_id = \(bind: workoutID)"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
                let row = WorkoutRows.entryValues(entry, workoutID: workoutID, userID: userID, position: count, now: now)
                do {
                    try await BulkRows.insert([row], into: "exercise_entries", columns: WorkoutRows.entryColumns, streaming: false, on: tx)
                } catch let error as any DatabaseError where error.isConstraintFailure {
                    throw SpotterError.idInUse
                }
            }
        }
        return try await found(workoutID, userID: userID)
    }

    public func deleteEntry(workoutID: UUID, entryID: UUID, userID: UUID) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard let (_, entry) = try await tx.sql.raw("""
                SELECT e.* FROM exercise_entries e WHERE e.user_id = \(bind: userID) AND e.id = \(bind: entryID) AND e.workout_id = \(bind: workoutID)
                """).first().map(WorkoutRows.entry)
            else { throw SpotterError.notFound("The exercise entry") }
            let setIDs = try await tx.sql.raw("SELECT s.id FROM workout_sets s WHERE s.entry_id = \(bind: entryID)").all()
                .map { try $0.decode(column: "id", as: UUID.self) }
            try await tx.sql.raw("DELETE FROM exercise_entries WHERE id = \(bind: entryID)").run()
            try await WorkoutRows.renumber("exercise_entries", parent: "workout_id", id: workoutID, on: tx)
            guard var workout = try await WorkoutRows.workout(id: workoutID, userID: userID, on: tx) else { return }
            // A rest started by one of its sets ends with it.
            if let after = workout.rest.afterSetID, setIDs.contains(after) {
                workout.rest = .idle
                try await WorkoutRows.save(workout, updatedAt: nil, on: tx)
            }
            if workout.endedAt != nil {
                try await ProgressRows.refresh(userID: userID, exerciseIDs: [entry.exerciseID], on: tx)
            }
        }
        guard let workout = try await find(id: workoutID, userID: userID) else { throw SpotterError.notFound("The workout") }
        return workout
    }

    /// Puts the entries in the given order; `ids` must name each entry once.
    public func reorderEntries(workoutID: UUID, ids: [UUID], userID: UUID) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard try await WorkoutRows.workout(id: workoutID, userID: userID, on: tx) != nil else { throw SpotterError.notFound("The workout") }
            let rows = try await tx.sql.raw(
                "SELECT e.id, e.position FROM exercise_entries e WHERE e.workout_id = \(bind: workoutID) ORDER BY e.position").all()
            let current = try rows.map { (id: try $0.decode(column: "id", as: UUID.self), position: try $0.decode(column: "position", as: Int.self)) }
            let positions = try ListOrder.positions(current: current.map(\.id), proposed: ids)
            for entry in current where entry.position != positions[entry.id] {
                try await tx.sql.raw(
                    "UPDATE exercise_entries SET position = \(literal: positions[entry.id]!) WHERE id = \(bind: entry.id)").run()
            }
        }
        return try await found(workoutID, userID: userID)
    }

    /// +15 s, -15 s or skip on the running rest.
    public func restTimer(workoutID: UUID, userID: UUID, event: RestTimer.Event, now: Date) async throws -> RestTimer.State {
        try await batchedWrite(workoutID: workoutID, userID: userID) { tx, turn in
            if !turn.workoutLocked { try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx) }
            guard var workout = try await WorkoutRows.workout(id: workoutID, userID: userID, on: tx), workout.endedAt == nil else {
                throw SpotterError.notFound("The active workout")
            }
            _ = RestTimer.reduce(&workout.rest, .timerElapsed(at: now))
            _ = RestTimer.reduce(&workout.rest, event)
            try await WorkoutRows.save(workout, updatedAt: now, on: tx)
            return workout.rest
        }
    }

    /// Ends the active workout; it moves to history.
    public func finish(id: UUID, userID: UUID, now: Date) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: id, userID: userID, on: tx)
            guard var workout = try await WorkoutRows.workout(id: id, userID: userID, on: tx) else { throw SpotterError.notFound("The workout") }
            guard workout.endedAt == nil else { throw SpotterError.conflict(field: nil, message: "This workout is already finished.") }
            workout.endedAt = max(now, workout.startedAt)
            workout.rest = .idle
            try await WorkoutRows.save(workout, updatedAt: now, on: tx)
            if let finished = try await WorkoutRows.workouts(where: "w.id = \(bind: id)", on: tx).first {
                try await ProgressRows.finished(finished, on: tx)
            }
            try await ProgressRows.recountWeek(userID: userID, of: workout.startedAt, on: tx)
        }
        return try await found(id, userID: userID)
    }

    /// Discards the active workout or deletes a finished one, with everything in it
    /// (and what it counted for: records and the week's count).
    public func delete(id: UUID, userID: UUID) async throws {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: id, userID: userID, on: tx)
            guard let workout = try await WorkoutRows.workout(id: id, userID: userID, on: tx) else { throw SpotterError.notFound("The workout") }
            let exerciseRows = try await tx.sql.raw(
                "SELECT DISTINCT e.exercise_id FROM exercise_entries e WHERE e.workout_id = \(bind: id)"
            ).all()
            try await tx.sql.raw("DELETE FROM workouts WHERE id = \(bind: id)").run()
            guard workout.endedAt != nil else { return }
            let exerciseIDs = Set(try exerciseRows.map { try $0.decode(column: "exercise_id", as: UUID.self) })
            try await ProgressRows.refresh(userID: userID, exerciseIDs: exerciseIDs, on: tx)
            try await ProgressRows.recountWeek(userID: userID, of: workout.startedAt, on: tx)
        }
    }

    func ensureWorkoutType(_ id: UUID, userID: UUID, on db: any Database) async throws {
        guard try await WorkoutTypeRepository(db: db).find(id: id, userID: userID) != nil else {
            throw SpotterError.invalid(field: "workoutTypeId", "That workout type is not one of yours.")
        }
    }
}

extension SpotterError {
    /// A client-made id that another user's row already has.
    static let idInUse = SpotterError.conflict(field: "id", message: "This id is already in use. Make a new one and send the change again.")
}
