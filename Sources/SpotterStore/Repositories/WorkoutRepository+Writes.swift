import FluentKit
import Foundation
import SQLKit
import SpotterCore

extension WorkoutRepository {
    /// Adds a started workout with the entries it holds (made by the caller with
    /// fresh ids), in one transaction. `whenActive` is called with the lifter's
    /// workout in progress, if any: it throws to refuse the start, or returns and
    /// that workout is discarded. `templateUsed` is marked used. A retry that raced
    /// its first attempt finds that one.
    public func start(
        _ workout: Workout, entries: [ExerciseEntry], templateUsed: UUID?, now: Date,
        whenActive: @escaping @Sendable (Workout) throws -> Void
    ) async throws -> Workout {
        let (id, userID) = (workout.id, workout.ownerID)
        if let workoutTypeID = workout.workoutTypeID { try await ensureWorkoutType(workoutTypeID, userID: userID, on: db) }
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockUser(userID, on: tx)
            if try await WorkoutRows.workout(id: id, userID: userID, on: tx) != nil { return }
            if let active = try await tx.sql.raw(
                "SELECT w.* FROM workouts w WHERE w.user_id = \(bind: userID) AND w.ended_at IS NULL"
            ).first().map(WorkoutRows.workout) {
                try whenActive(active)
                try await tx.sql.raw("DELETE FROM workouts WHERE id = \(bind: active.id)").run()
            }
            do {
                try await WorkoutRows.insert(workout, now: now, on: tx)
                try await WorkoutRows.insert(entries, workoutID: id, userID: userID, now: now, on: tx)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw SpotterError.idInUse
            }
            if let templateUsed {
                try await tx.sql.raw(
                    """
                    UPDATE workout_templates SET last_used_at = \(bind: now) WHERE id = \(bind: templateUsed) AND user_id = \(bind: userID)
                    """
                ).run()
            }
        }
        return try await found(id, userID: userID)
    }

    /// Changes a workout as `apply` says, in one transaction. A finished workout
    /// moved to another time is counted again where it now stands: its exercises'
    /// records and bests, and the weeks it left and joined.
    public func update(
        id: UUID, userID: UUID, now: Date, _ apply: @escaping @Sendable (Workout) throws -> Workout
    ) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: id, userID: userID, on: tx)
            guard let stored = try await WorkoutRows.workout(id: id, userID: userID, on: tx) else {
                throw SpotterError.notFound("The workout")
            }
            let workout = try apply(stored)
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

    /// Adds a workout done earlier, finished from the start; the week it falls in
    /// counts it.
    public func logPast(_ workout: Workout, now: Date) async throws -> Workout {
        let userID = workout.ownerID
        try await db.writeTransaction { tx in
            if let workoutTypeID = workout.workoutTypeID { try await ensureWorkoutType(workoutTypeID, userID: userID, on: tx) }
            do {
                try await WorkoutRows.insert(workout, now: now, on: tx)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw SpotterError.idInUse
            }
            try await ProgressRows.recountWeek(userID: userID, of: workout.startedAt, on: tx)
        }
        return try await found(workout.id, userID: userID)
    }

    /// Adds an exercise entry (at the end) or changes one, as `apply` makes it from
    /// the stored entry (nil: a new one); a new exercise must be in the lifter's
    /// library. `rememberRest` is kept as the exercise's rest, in later workouts too.
    public func putEntry(
        workoutID: UUID, entryID: UUID, userID: UUID, rememberRest: Int?, now: Date,
        _ apply: @escaping @Sendable (ExerciseEntry?) throws -> ExerciseEntry
    ) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard let workout = try await WorkoutRows.workout(id: workoutID, userID: userID, on: tx) else {
                throw SpotterError.notFound("The workout")
            }
            let found = try await tx.sql.raw(
                "SELECT e.* FROM exercise_entries e WHERE e.user_id = \(bind: userID) AND e.id = \(bind: entryID)"
            ).first().map(WorkoutRows.entry)
            if let found, found.workoutID != workoutID { throw SpotterError.notFound("The exercise entry") }
            let existing = found?.entry
            let entry = try apply(existing)
            if entry.exerciseID != existing?.exerciseID {
                let visible = try await tx.sql.raw(
                    "SELECT x.id FROM exercises x WHERE x.id = \(bind: entry.exerciseID) AND " + ExerciseRows.visible(to: userID)
                ).first()
                guard visible != nil else {
                    throw SpotterError.invalid(field: "exerciseId", "That exercise is not in your library.")
                }
            }
            if let rememberRest {
                try await ExerciseRestRows.remember(rememberRest, exerciseID: entry.exerciseID, userID: userID, now: now, on: tx)
            }
            if let existing {
                let swapped = existing.exerciseID != entry.exerciseID ? [existing.exerciseID, entry.exerciseID] : []
                try await WorkoutRows.save(entry, now: now, on: tx)
                if workout.endedAt != nil, !swapped.isEmpty {
                    try await ProgressRows.refresh(userID: userID, exerciseIDs: Set(swapped), on: tx)
                }
            } else {
                let count =
                    try await tx.sql.raw(
                        "SELECT COUNT(*) AS n FROM exercise_entries e WHERE e.workout_id = \(bind: workoutID)"
                    ).first()?.decode(column: "n", as: Int.self) ?? 0
                let row = WorkoutRows.entryValues(entry, workoutID: workoutID, userID: userID, position: count, now: now)
                do {
                    try await BulkRows.insert(
                        [row], into: "exercise_entries", columns: WorkoutRows.entryColumns, streaming: false, on: tx)
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
            guard
                let (_, entry) = try await tx.sql.raw(
                    """
                    SELECT e.* FROM exercise_entries e WHERE e.user_id = \(bind: userID) AND e.id = \(bind: entryID) AND e.workout_id = \(bind: workoutID)
                    """
                ).first().map(WorkoutRows.entry)
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

    /// Moves the entries to the positions `order` gives them (from their ids in
    /// their present order).
    public func reorderEntries(
        workoutID: UUID, userID: UUID, _ order: @escaping @Sendable ([UUID]) throws -> [UUID: Int]
    ) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard try await WorkoutRows.workout(id: workoutID, userID: userID, on: tx) != nil else {
                throw SpotterError.notFound("The workout")
            }
            let rows = try await tx.sql.raw(
                "SELECT e.id, e.position FROM exercise_entries e WHERE e.workout_id = \(bind: workoutID) ORDER BY e.position"
            ).all()
            let current = try rows.map {
                (id: try $0.decode(column: "id", as: UUID.self), position: try $0.decode(column: "position", as: Int.self))
            }
            let positions = try order(current.map(\.id))
            for entry in current where entry.position != positions[entry.id] {
                try await tx.sql.raw(
                    "UPDATE exercise_entries SET position = \(literal: positions[entry.id]!) WHERE id = \(bind: entry.id)"
                ).run()
            }
        }
        return try await found(workoutID, userID: userID)
    }

    /// Changes the rest timer of the workout in progress as `apply` says.
    public func restTimer(
        workoutID: UUID, userID: UUID, now: Date, _ apply: @escaping @Sendable (inout RestTimer.State) -> Void
    ) async throws -> RestTimer.State {
        try await batchedWrite(workoutID: workoutID, userID: userID) { tx, turn in
            if !turn.workoutLocked { try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx) }
            guard var workout = try await WorkoutRows.workout(id: workoutID, userID: userID, on: tx), workout.endedAt == nil
            else {
                throw SpotterError.notFound("The active workout")
            }
            apply(&workout.rest)
            try await WorkoutRows.save(workout, updatedAt: now, on: tx)
            return workout.rest
        }
    }

    /// Ends a workout as `apply` says (it sets when it ended); the workout's sets
    /// then count for the exercises' records and the week.
    public func finish(id: UUID, userID: UUID, now: Date, _ apply: @escaping @Sendable (inout Workout) throws -> Void)
        async throws -> Workout
    {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: id, userID: userID, on: tx)
            guard var workout = try await WorkoutRows.workout(id: id, userID: userID, on: tx) else {
                throw SpotterError.notFound("The workout")
            }
            try apply(&workout)
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
            guard let workout = try await WorkoutRows.workout(id: id, userID: userID, on: tx) else {
                throw SpotterError.notFound("The workout")
            }
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
    static let idInUse = SpotterError.conflict(
        field: "id", message: "This id is already in use. Make a new one and send the change again.")
}
