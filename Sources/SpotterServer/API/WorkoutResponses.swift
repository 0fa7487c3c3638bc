import Foundation
import Hummingbird
import SpotterCore

/// A workout as the API shows it, with exercise names, a summary, and for the
/// active workout the previous performance beside each set position.
struct WorkoutResponse: ResponseEncodable, Equatable {
    struct SetResponse: Codable, Equatable {
        let id: UUID
        let kind: SetKind
        let reps: Int?
        let weight: Double?
        let weightUnit: MassUnit?
        let durationSeconds: Int?
        let distanceMeters: Double?
        let rpe: Double?
        let done: Bool
        let note: String
        let loggedAt: Date?
        let changedAt: Date

        init(_ set: WorkoutSet) {
            id = set.id
            kind = set.kind
            reps = set.reps
            weight = set.weight?.value
            weightUnit = set.weight?.unit
            durationSeconds = set.durationSeconds
            distanceMeters = set.distanceMeters
            rpe = set.rpe
            done = set.done
            note = set.note
            loggedAt = set.loggedAt
            changedAt = set.updatedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, kind, reps, weight, weightUnit, durationSeconds, distanceMeters, rpe, done, note, loggedAt, changedAt
        }

        /// Every key present, `null` when unset, so clients see the whole shape.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(kind, forKey: .kind)
            try c.encode(reps, forKey: .reps)
            try c.encode(weight, forKey: .weight)
            try c.encode(weightUnit, forKey: .weightUnit)
            try c.encode(durationSeconds, forKey: .durationSeconds)
            try c.encode(distanceMeters, forKey: .distanceMeters)
            try c.encode(rpe, forKey: .rpe)
            try c.encode(done, forKey: .done)
            try c.encode(note, forKey: .note)
            try c.encode(loggedAt, forKey: .loggedAt)
            try c.encode(changedAt, forKey: .changedAt)
        }
    }

    struct EntryResponse: Codable, Equatable {
        let id: UUID
        let exerciseId: UUID
        let exerciseName: String
        let exerciseKind: ExerciseKind
        let notes: String
        let supersetGroup: Int?
        let restSeconds: Int?
        let sets: [SetResponse]
        /// For the active workout: what was done last time at each set position
        /// (one more than the sets so far, for the next set); null where nothing was.
        let previous: [SetResponse?]
    }

    struct RestResponse: ResponseCodable, Equatable {
        let endsAt: Date?
        let totalSeconds: Int
        let afterSetId: UUID?

        init(_ state: RestTimer.State) {
            endsAt = state.endsAt
            totalSeconds = state.totalSeconds
            afterSetId = state.afterSetID
        }
    }

    struct SummaryResponse: Codable, Equatable {
        let durationSeconds: Int
        let exerciseCount: Int
        let setCount: Int
        let volume: Double
        let volumeUnit: MassUnit
        let bodyweightReps: Int
    }

    let id: UUID
    let name: String
    let workoutTypeId: UUID?
    let startedAt: Date
    let endedAt: Date?
    let isActive: Bool
    let notes: String
    let sessionRPE: Int?
    let rest: RestResponse
    let entries: [EntryResponse]
    let summary: SummaryResponse
}

/// The answer to a set write.
struct SetWriteResponse: ResponseEncodable, Equatable {
    let set: WorkoutResponse.SetResponse
    let rest: WorkoutResponse.RestResponse
    /// False when a newer change of this set from another device was kept instead.
    let applied: Bool
}

struct WorkoutListResponse: ResponseEncodable {
    let items: [WorkoutResponse]
}
