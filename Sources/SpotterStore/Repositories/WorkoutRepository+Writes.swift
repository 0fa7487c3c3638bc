import FluentKit
import Foundation
import SQLKit
import SpotterCore

extension WorkoutRepository {
    /// Starts a workout with the client's id. A retry with the same id returns the
    /// same workout. While another workout is active this is refused, unless
    /// `replaceActive` says to discard that one first (the "discard and start" choice).
    /// The new workout holds `entries` (made by the caller with fresh ids), or a
    /// fresh copy of `source`'s exercises and planned sets (a repeat). Started from
    /// a template, it remembers `templateID` and marks that template used.
    public func start(
        id: UUID, userID: UUID, name: String?, workoutTypeID: UUID?, replaceActive: Bool, timeZone: TimeZone, now: Date,
        copying source: Workout? = nil, entries: [ExerciseEntry]? = nil, templateID: UUID? = nil
    ) async throws -> Workout {
        // The request is checked before a retry is recognised, so a retry with a bad body
        // is refused like the first attempt would have been.
        let displayName = NameKey.displayForm(of: name ?? "")
        var draft = Workout(id: id, ownerID: userID, name: WorkoutChange.defaultName(at: now, timeZone: timeZone), startedAt: now)
        do {
            draft = try WorkoutChange(name: displayName.isEmpty ? nil : displayName).applied(to: draft)
        } catch { throw SpotterError.invalid(error) }
        if let existing = try await find(id: id, userID: userID) { return existing }
        if let workoutTypeID { try await ensureWorkoutType(workoutTypeID, userID: userID, on: db) }
        let workoutName = draft.name
        let plan = entries ?? (source?.entries ?? []).map { entry in
            var copy = entry
            copy.id = UUID()
            copy.records = EntryRecords()
            copy.sets = entry.sets.map { set in
                WorkoutSet(
                    id: UUID(), kind: set.kind, reps: set.reps, weight: set.weight, durationSeconds: set.durationSeconds,
                    distanceMeters: set.distanceMeters, updatedAt: now, target: set.target)
            }
            return copy
        }
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockUser(userID, on: tx)
            // A retry that raced its first attempt finds that one done.
            if try await workoutModel(id: id, userID: userID, on: tx) != nil { return }
            if let active = try await WorkoutModel.query(on: tx).filter(\.$userID == userID).filter(\.$endedAt == nil).first() {
                guard replaceActive else {
                    throw SpotterError.conflict(
                        field: nil,
                        message: "\(active.name) is still in progress. Resume it, or discard it and start the new one.")
                }
                try await active.delete(on: tx)
            }
            let model = WorkoutModel()
            model.id = id
            model.userID = userID
            model.name = workoutName
            model.workoutTypeID = workoutTypeID
            model.startedAt = now
            model.notes = ""
            model.rest = .idle
            model.createdAt = now
            model.updatedAt = now
            model.templateID = templateID
            try await insert(model, on: tx)
            do {
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

    /// Changes name, notes, type or session RPE.
    public func update(id: UUID, userID: UUID, change: WorkoutChange, now: Date) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: id, userID: userID, on: tx)
            guard let model = try await workoutModel(id: id, userID: userID, on: tx) else { throw SpotterError.notFound("The workout") }
            var workout = model.core(entries: [])
            do { workout = try change.applied(to: workout) } catch let failure as ValidationFailure { throw SpotterError.invalid(failure) }
            if let typeID = workout.workoutTypeID, typeID != model.workoutTypeID {
                try await ensureWorkoutType(typeID, userID: userID, on: tx)
            }
            model.name = workout.name
            model.notes = workout.notes
            model.workoutTypeID = workout.workoutTypeID
            model.sessionRPE = workout.sessionRPE
            model.updatedAt = now
            try await model.save(on: tx)
        }
        return try await found(id, userID: userID)
    }

    /// Adds an exercise entry (at the end) or changes one; changing its exercise
    /// swaps the exercise and keeps the sets.
    public func putEntry(workoutID: UUID, entryID: UUID, userID: UUID, change: EntryChange, now: Date) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard let workout = try await workoutModel(id: workoutID, userID: userID, on: tx) else { throw SpotterError.notFound("The workout") }
            let existing = try await ExerciseEntryModel.query(on: tx).filter(\.$userID == userID).filter(\.$id == entryID).first()
            if let existing, existing.workoutID != workoutID { throw SpotterError.notFound("The exercise entry") }
            let base = existing?.core(sets: []) ?? ExerciseEntry(id: entryID, exerciseID: change.exerciseID ?? UUID())
            if existing == nil && change.exerciseID == nil {
                throw SpotterError.invalid(field: "exerciseId", "Choose the exercise to add.")
            }
            let entry: ExerciseEntry
            do { entry = try change.applied(to: base) } catch let failure as ValidationFailure { throw SpotterError.invalid(failure) }
            if entry.exerciseID != existing?.exerciseID {
                let visible = try await ExerciseModel.visible(to: userID, on: tx).filter(\.$id == entry.exerciseID).count()
                guard visible > 0 else {
                    throw SpotterError.invalid(field: "exerciseId", "That exercise is not in your library.")
                }
            }
            if let existing {
                let swapped = existing.exerciseID != entry.exerciseID ? [existing.exerciseID, entry.exerciseID] : []
                existing.exerciseID = entry.exerciseID
                existing.notes = entry.notes
                existing.supersetGroup = entry.supersetGroup
                existing.restSeconds = entry.restSeconds
                existing.updatedAt = now
                try await existing.save(on: tx)
                if workout.endedAt != nil, !swapped.isEmpty {
                    try await ProgressRows.refresh(userID: userID, exerciseIDs: Set(swapped), on: tx)
                }
            } else {
                let count = try await ExerciseEntryModel.query(on: tx).filter(\.$workoutID == workoutID).count()
                try await insert(newEntryModel(id: entryID, workoutID: workoutID, userID: userID, position: count, entry: entry, now: now), on: tx)
            }
        }
        return try await found(workoutID, userID: userID)
    }

    public func deleteEntry(workoutID: UUID, entryID: UUID, userID: UUID) async throws -> Workout {
        try await db.writeTransaction { tx in
            try await WorkoutRows.lockWorkout(id: workoutID, userID: userID, on: tx)
            guard let entry = try await ExerciseEntryModel.query(on: tx).filter(\.$userID == userID).filter(\.$id == entryID)
                .filter(\.$workoutID == workoutID).first()
            else { throw SpotterError.notFound("The exercise entry") }
            let setIDs = try await WorkoutSetModel.query(on: tx).filter(\.$entryID == entryID).all().compactMap(\.id)
            try await entry.delete(on: tx)
            try await renumberEntries(workoutID: workoutID, on: tx)
            guard let workout = try await workoutModel(id: workoutID, userID: userID, on: tx) else { return }
            // A rest started by one of its sets ends with it.
            if let after = workout.restAfterSetID, setIDs.contains(after) {
                workout.rest = .idle
                try await workout.save(on: tx)
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
            guard try await workoutModel(id: workoutID, userID: userID, on: tx) != nil else { throw SpotterError.notFound("The workout") }
            let entries = try await ExerciseEntryModel.query(on: tx).filter(\.$workoutID == workoutID).all()
            let positions = try ListOrder.positions(current: entries.map { $0.id! }, proposed: ids)
            for entry in entries where entry.position != positions[entry.id!] {
                entry.position = positions[entry.id!]!
                try await entry.save(on: tx)
            }
        }
        return try await found(workoutID, userID: userID)
    }

    func newEntryModel(id: UUID, workoutID: UUID, userID: UUID, position: Int, entry: ExerciseEntry, now: Date) -> ExerciseEntryModel {
        let model = ExerciseEntryModel()
        model.id = id
        model.userID = userID
        model.workoutID = workoutID
        model.exerciseID = entry.exerciseID
        model.position = position
        model.notes = entry.notes
        model.supersetGroup = entry.supersetGroup
        model.restSeconds = entry.restSeconds
        model.updatedAt = now
        return model
    }

    func renumberEntries(workoutID: UUID, on db: any Database) async throws {
        let entries = try await ExerciseEntryModel.query(on: db).filter(\.$workoutID == workoutID).sort(\.$position).all()
        for (index, entry) in entries.enumerated() where entry.position != index {
            entry.position = index
            try await entry.save(on: db)
        }
    }

    /// Inserts a row whose id the client chose. An id that is already taken (by
    /// another user's row: our own would have been found and updated) is refused.
    func insert(_ model: some Model, on db: any Database) async throws {
        do {
            try await model.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw SpotterError.idInUse
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
