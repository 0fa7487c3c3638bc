import Foundation
import SpotterCore

/// `POST /api/v1/workouts`: the client makes the id, so a retry changes nothing.
struct StartWorkoutInput: Decodable, Sendable {
    var id: UUID
    var name: String?
    var workoutTypeId: UUID?
    /// Discard the workout in progress and start this one (the "discard and start" choice).
    var replaceActive: Bool?
    /// Start with the exercises and sets of this earlier workout ("repeat").
    var repeatOf: UUID?
    /// When it began, if not now. With `durationSeconds`, a workout done earlier,
    /// finished from the start; alone, a workout begun on a phone without signal that
    /// is still running.
    var startedAt: Date?
    var durationSeconds: Int?
}

/// `PATCH /api/v1/workouts/{id}`. A field that is present but null clears it.
struct WorkoutChangeInput: Decodable, Sendable {
    var name: String?
    var notes: String?
    var workoutTypeId: UUID??
    var sessionRPE: Int??
    var startedAt: Date?
    var durationSeconds: Int?

    var change: WorkoutChange {
        WorkoutChange(
            name: name, notes: notes, workoutTypeID: workoutTypeId, sessionRPE: sessionRPE, startedAt: startedAt,
            durationSeconds: durationSeconds)
    }

    enum CodingKeys: String, CodingKey { case name, notes, workoutTypeId, sessionRPE, startedAt, durationSeconds }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        workoutTypeId = try c.decodeClearable(UUID.self, forKey: .workoutTypeId)
        sessionRPE = try c.decodeClearable(Int.self, forKey: .sessionRPE)
        startedAt = try c.decodeIfPresent(Date.self, forKey: .startedAt)
        durationSeconds = try c.decodeIfPresent(Int.self, forKey: .durationSeconds)
    }
}

/// `PUT /api/v1/workouts/{id}/entries/{entryId}`.
struct EntryInput: Decodable, Sendable {
    var exerciseId: UUID?
    var notes: String?
    var supersetGroup: Int??
    var restSeconds: Int??

    var change: EntryChange {
        EntryChange(exerciseID: exerciseId, notes: notes, supersetGroup: supersetGroup, restSeconds: restSeconds)
    }

    enum CodingKeys: String, CodingKey { case exerciseId, notes, supersetGroup, restSeconds }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        exerciseId = try c.decodeIfPresent(UUID.self, forKey: .exerciseId)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        supersetGroup = try c.decodeClearable(Int.self, forKey: .supersetGroup)
        restSeconds = try c.decodeClearable(Int.self, forKey: .restSeconds)
    }
}

/// `PUT .../sets/{setId}`. `changedAt` is when the lifter made the change on the
/// device (it decides between two devices); it defaults to the server's time.
struct SetInput: Decodable, Sendable {
    /// The set's fields, decoded straight into the Core draft from the same object,
    /// so a new field of a set is named in `SetDraft` alone.
    var draft: SetDraft
    /// When the lifter made the change on their device.
    var changedAt: Date?

    init(from decoder: any Decoder) throws {
        draft = try SetDraft(from: decoder)
        changedAt = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Date.self, forKey: .changedAt)
    }

    private enum Keys: String, CodingKey { case changedAt }
}

struct OrderInput: Decodable, Sendable {
    var ids: [UUID]
}

/// `POST /api/v1/workouts/{id}/rest`: `add` (+15 s), `subtract` (-15 s) or `skip`.
struct RestInput: Decodable, Sendable {
    var action: String
}

extension KeyedDecodingContainer {
    /// A field a client may leave out (nil: keep the value), send as null
    /// (`.some(nil)`: clear it) or send with a value.
    func decodeClearable<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value?? {
        contains(key) ? .some(try decodeIfPresent(type, forKey: key)) : nil
    }
}
