import Foundation
import SpotterCore

/// One set write, as the lifter's device sends it: which set, what it says, and
/// when the change was made there.
public struct SetWrite: Sendable, Equatable {
    public var workoutID: UUID
    public var entryID: UUID
    public var setID: UUID
    public var draft: SetDraft
    /// When the lifter made the change (on a phone, maybe long before it arrives);
    /// the newer of two changes of one set wins. Nil means now.
    public var changedAt: Date?

    public init(workoutID: UUID, entryID: UUID, setID: UUID, draft: SetDraft, changedAt: Date? = nil) {
        self.workoutID = workoutID
        self.entryID = entryID
        self.setID = setID
        self.draft = draft
        self.changedAt = changedAt
    }
}

extension WorkoutService {
    /// Creates or changes a set by the client's id, in the lifter's unit; a tick
    /// starts the rest timer at the lifter's default rest unless the exercise has its
    /// own. The answer marks the records the exercise's sets in this workout hold.
    public func putSet(_ write: SetWrite, user: User) async throws -> SetWriteResult {
        let now = clock()
        let rules = SetRules(
            draft: write.draft, setID: write.setID, changedAt: write.changedAt ?? now, unit: user.settings.unit,
            defaultRestSeconds: user.settings.defaultRestSeconds, now: now)
        var (result, progress) = try await workouts.putSet(
            workoutID: write.workoutID, entryID: write.entryID, setID: write.setID, userID: user.id, now: now,
            decide: rules.decide)
        if let progress {
            if !progress.isActive {
                result.records = try await workouts.storedRecords(
                    workoutID: write.workoutID, exerciseID: progress.exerciseID, userID: user.id)
            } else if let bests = progress.bests {
                let judged = PersonalRecords.find(
                    in: [.init(id: write.workoutID, startedAt: progress.startedAt, sets: progress.others.flatMap(\.sets))],
                    after: bests)
                result.records = EntryRecords(sets: judged.setRecords, sessionVolume: !judged.sessionRecords.isEmpty)
            }
        }
        return result
    }

    /// Deletes a set; a rest it started ends with it.
    public func deleteSet(workoutID: UUID, setID: UUID, user: User) async throws -> Workout {
        try await marked(workouts.deleteSet(workoutID: workoutID, setID: setID, userID: user.id))
    }
}

/// The rules of one set write, applied to what the write read (`SetWriteState`):
/// the newer of two changes of a set wins (`SetSync`), the draft is checked and
/// applied in the lifter's unit, a first tick notes when the set was logged, and a
/// tick on a workout in progress moves the rest timer (`RestTimer.event`).
struct SetRules: Sendable {
    var draft: SetDraft
    var setID: UUID
    var changedAt: Date
    var unit: MassUnit
    var defaultRestSeconds: Int
    var now: Date
    /// False for the guided player's sets: the player keeps its own rests.
    var startsRest = true

    func decide(_ state: SetWriteState) throws -> SetWritePlan? {
        if let stored = state.stored, SetSync.decide(stored: stored.updatedAt, incoming: changedAt) == .keepStored { return nil }
        var set: WorkoutSet
        do {
            set = try draft.applied(to: state.stored ?? WorkoutSet(id: setID, updatedAt: changedAt), unit: unit)
        } catch { throw SpotterError.invalid(error) }
        set.updatedAt = changedAt
        let wasDone = state.stored?.done ?? false
        set.noteLogged(wasDone: wasDone, now: now)
        var rest = state.rest
        if set.done != wasDone, state.isActive, startsRest {
            let event: RestTimer.Event =
                set.done
                ? RestTimer.event(completing: setID, at: state.place, defaultRestSeconds: defaultRestSeconds, at: now)
                : .setReopened(setID: setID)
            _ = RestTimer.reduce(&rest, event)
        }
        return SetWritePlan(set: set, rest: rest)
    }
}
