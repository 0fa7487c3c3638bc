import Foundation
import Hummingbird
import SpotterCore

/// A workout as the API shows it, with exercise names, a summary, and for the
/// active workout the previous performance beside each set position.
struct WorkoutResponse: ResponseEncodable, Equatable {
    struct SetResponse: Codable, Equatable {
        let id: UUID
        let kind: SetKind
        @Nullable var reps: Int?
        @Nullable var weight: Double?
        @Nullable var weightUnit: MassUnit?
        @Nullable var durationSeconds: Int?
        @Nullable var distanceMeters: Double?
        @Nullable var rpe: Double?
        let done: Bool
        let note: String
        @Nullable var loggedAt: Date?
        let changedAt: Date
        /// The plan from the template it came from: rep range and RPE.
        @Nullable var target: TargetResponse?
        /// The personal records this set set (empty for most sets).
        var records: [PersonalRecords.Kind]

        struct TargetResponse: Codable, Equatable, Sendable {
            @Nullable var repMin: Int?
            @Nullable var repMax: Int?
            @Nullable var rpe: Double?
        }

        init(_ set: WorkoutSet, records: [PersonalRecords.Kind] = []) {
            self.records = records
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
            target = set.target.map { TargetResponse(repMin: $0.reps?.min, repMax: $0.reps?.max, rpe: $0.rpe) }
        }
    }

    struct EntryResponse: Codable, Equatable {
        let id: UUID
        let exerciseId: UUID
        let exerciseName: String
        let exerciseKind: ExerciseKind
        var exerciseEquipment: Equipment = .other
        let notes: String
        @Nullable var supersetGroup: Int?
        @Nullable var restSeconds: Int?
        let sets: [SetResponse]
        /// Whether this exercise's volume in the workout was a record.
        let volumeRecord: Bool
        /// For the active workout: what was done last time at each set position
        /// (one more than the sets so far, for the next set); null where nothing was.
        let previous: [SetResponse?]
        /// Why its weight was suggested, when a program started the workout.
        @Nullable var suggestion: String?
        /// For the active workout: the notes of the last session of this exercise.
        @Nullable var lastNotes: String?
        /// For the active workout: the rest the user last chose for this exercise, used
        /// when `restSeconds` is null (before the user's default).
        @Nullable var rememberedRestSeconds: Int?
    }

    /// The program day a workout was started from.
    struct ProgramLinkResponse: Codable, Equatable {
        let programId: UUID
        let week: Int
        let dayId: UUID

        init(_ link: ProgramLink) {
            programId = link.programID
            week = link.week
            dayId = link.dayID
        }
    }

    struct RestResponse: ResponseCodable, Equatable {
        @Nullable var endsAt: Date?
        let totalSeconds: Int
        @Nullable var afterSetId: UUID?

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
    @Nullable var workoutTypeId: UUID?
    let startedAt: Date
    @Nullable var endedAt: Date?
    let isActive: Bool
    let notes: String
    @Nullable var sessionRPE: Int?
    /// The template it was started from.
    @Nullable var templateId: UUID?
    /// The program day it was started from.
    @Nullable var program: ProgramLinkResponse?
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
    /// The record marks of every set of the exercise in this workout after the
    /// change, by set id (sets without a mark are absent), and whether its
    /// session volume is a record.
    let records: [String: [PersonalRecords.Kind]]
    let volumeRecord: Bool
}
