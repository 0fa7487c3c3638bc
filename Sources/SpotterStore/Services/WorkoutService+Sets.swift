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
    /// starts the rest timer at the lifter's default rest unless the exercise has its own.
    public func putSet(_ write: SetWrite, user: User) async throws -> SetWriteResult {
        let now = clock()
        return try await workouts.putSet(
            workoutID: write.workoutID, entryID: write.entryID, setID: write.setID, draft: write.draft, changedAt: write.changedAt ?? now,
            userID: user.id, unit: user.settings.unit, defaultRestSeconds: user.settings.defaultRestSeconds, now: now)
    }

    /// Deletes a set; a rest it started ends with it.
    public func deleteSet(workoutID: UUID, setID: UUID, user: User) async throws -> Workout {
        try await workouts.deleteSet(workoutID: workoutID, setID: setID, userID: user.id)
    }
}
