import FluentKit
import Foundation
import SpotterCore

/// The answer to a set write: the set as stored, the rest timer after it, and
/// whether the change was applied (false when a newer change of the same set, made
/// on another device, was already stored; the caller then shows the stored set).
public struct SetWriteResult: Sendable, Equatable {
    public var set: WorkoutSet
    public var rest: RestTimer.State
    public var applied: Bool
}

extension WorkoutRepository {
    /// Creates or changes a set by the client's id, in one transaction. Ticking a
    /// set done starts the rest timer (see `RestTimer.event`); unticking cancels it.
    public func putSet(
        workoutID: UUID, entryID: UUID, setID: UUID, draft: SetDraft, changedAt: Date, userID: UUID, unit: MassUnit,
        defaultRestSeconds: Int, now: Date
    ) async throws -> SetWriteResult {
        try await db.transaction { tx in
            guard let workout = try await workoutModel(id: workoutID, userID: userID, on: tx) else {
                throw SpotterError.notFound("The workout")
            }
            let existing = try await WorkoutSetModel.query(on: tx).filter(\.$userID == userID).filter(\.$id == setID).first()
            if let existing, existing.workoutID != workoutID || existing.entryID != entryID {
                throw SpotterError.notFound("The set")
            }
            if let existing, SetSync.decide(stored: existing.updatedAt, incoming: changedAt) == .keepStored {
                return SetWriteResult(set: existing.core, rest: workout.rest, applied: false)
            }
            var set: WorkoutSet
            do {
                set = try draft.applied(to: existing?.core ?? WorkoutSet(id: setID, updatedAt: changedAt), unit: unit)
            } catch let failure as ValidationFailure { throw SpotterError.invalid(failure) }
            set.updatedAt = changedAt
            let wasDone = existing?.done ?? false
            if set.done && !wasDone { set.loggedAt = now }
            if !set.done { set.loggedAt = nil }

            if let existing {
                existing.apply(set)
                try await existing.save(on: tx)
            } else {
                guard let entry = try await ExerciseEntryModel.query(on: tx).filter(\.$userID == userID).filter(\.$id == entryID)
                    .filter(\.$workoutID == workoutID).first()
                else { throw SpotterError.notFound("The exercise entry") }
                let position = try await WorkoutSetModel.query(on: tx).filter(\.$entryID == entryID).count()
                try await insert(newSetModel(set, entry: entry, position: position), on: tx)
            }

            if set.done != wasDone, workout.endedAt == nil {
                var rest = workout.rest
                let event: RestTimer.Event?
                if set.done {
                    let current = try await assemble([workout], on: tx)[0]
                    event = RestTimer.event(completing: setID, in: current, defaultRestSeconds: defaultRestSeconds, at: now)
                } else {
                    event = .setReopened(setID: setID)
                }
                if let event { _ = RestTimer.reduce(&rest, event) }
                workout.rest = rest
                workout.updatedAt = now
                try await workout.save(on: tx)
            }
            return SetWriteResult(set: set, rest: workout.rest, applied: true)
        }
    }

    /// Removes a set; the others of its exercise close ranks.
    public func deleteSet(workoutID: UUID, setID: UUID, userID: UUID) async throws -> Workout {
        try await db.transaction { tx in
            guard let set = try await WorkoutSetModel.query(on: tx).filter(\.$userID == userID).filter(\.$id == setID)
                .filter(\.$workoutID == workoutID).first()
            else { throw SpotterError.notFound("The set") }
            try await set.delete(on: tx)
            let rest = try await WorkoutSetModel.query(on: tx).filter(\.$entryID == set.entryID).sort(\.$position).all()
            for (index, model) in rest.enumerated() where model.position != index {
                model.position = index
                try await model.save(on: tx)
            }
            if let workout = try await workoutModel(id: workoutID, userID: userID, on: tx), workout.restAfterSetID == setID {
                workout.rest = .idle
                try await workout.save(on: tx)
            }
        }
        return try await find(id: workoutID, userID: userID)!
    }

    /// +15 s, -15 s or skip on the running rest.
    public func restTimer(workoutID: UUID, userID: UUID, event: RestTimer.Event, now: Date) async throws -> RestTimer.State {
        guard let workout = try await workoutModel(id: workoutID, userID: userID, on: db), workout.endedAt == nil else {
            throw SpotterError.notFound("The active workout")
        }
        var rest = workout.rest
        _ = RestTimer.reduce(&rest, .timerElapsed(at: now))
        _ = RestTimer.reduce(&rest, event)
        workout.rest = rest
        workout.updatedAt = now
        try await workout.save(on: db)
        return rest
    }

    /// Ends the active workout; it moves to history.
    public func finish(id: UUID, userID: UUID, now: Date) async throws -> Workout {
        guard let workout = try await workoutModel(id: id, userID: userID, on: db) else { throw SpotterError.notFound("The workout") }
        guard workout.endedAt == nil else { throw SpotterError.conflict(field: nil, message: "This workout is already finished.") }
        workout.endedAt = max(now, workout.startedAt)
        workout.rest = .idle
        workout.updatedAt = now
        try await workout.save(on: db)
        return try await find(id: id, userID: userID)!
    }

    /// Discards the active workout or deletes a finished one, with everything in it.
    public func delete(id: UUID, userID: UUID) async throws {
        guard let workout = try await workoutModel(id: id, userID: userID, on: db) else { throw SpotterError.notFound("The workout") }
        try await workout.delete(on: db)
    }
}
