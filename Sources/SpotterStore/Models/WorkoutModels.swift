import FluentKit
import Foundation
import SpotterCore

final class WorkoutModel: Model, @unchecked Sendable {
    static let schema = "workouts"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "name") var name: String
    @OptionalField(key: "workout_type_id") var workoutTypeID: UUID?
    @Field(key: "started_at") var startedAt: Date
    @OptionalField(key: "ended_at") var endedAt: Date?
    @Field(key: "notes") var notes: String
    @OptionalField(key: "session_rpe") var sessionRPE: Int?
    @OptionalField(key: "rest_ends_at") var restEndsAt: Date?
    @Field(key: "rest_total_seconds") var restTotalSeconds: Int
    @OptionalField(key: "rest_after_set_id") var restAfterSetID: UUID?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date
    @OptionalField(key: "template_id") var templateID: UUID?

    init() {}

    var rest: RestTimer.State {
        get { RestTimer.State(endsAt: restEndsAt, totalSeconds: restTotalSeconds, afterSetID: restAfterSetID) }
        set {
            restEndsAt = newValue.endsAt
            restTotalSeconds = newValue.totalSeconds
            restAfterSetID = newValue.afterSetID
        }
    }

    func core(entries: [ExerciseEntry]) -> Workout {
        Workout(
            id: id!, ownerID: userID, name: name, workoutTypeID: workoutTypeID, startedAt: startedAt, endedAt: endedAt,
            notes: notes, sessionRPE: sessionRPE, entries: entries, rest: rest, templateID: templateID)
    }
}

final class ExerciseEntryModel: Model, @unchecked Sendable {
    static let schema = "exercise_entries"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "workout_id") var workoutID: UUID
    @Field(key: "exercise_id") var exerciseID: UUID
    @Field(key: "position") var position: Int
    @Field(key: "notes") var notes: String
    @OptionalField(key: "superset_group") var supersetGroup: Int?
    @OptionalField(key: "rest_seconds") var restSeconds: Int?
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    func core(sets: [WorkoutSet]) -> ExerciseEntry {
        ExerciseEntry(id: id!, exerciseID: exerciseID, notes: notes, supersetGroup: supersetGroup, restSeconds: restSeconds, sets: sets)
    }
}

final class WorkoutSetModel: Model, @unchecked Sendable {
    static let schema = "workout_sets"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "workout_id") var workoutID: UUID
    @Field(key: "entry_id") var entryID: UUID
    @Field(key: "position") var position: Int
    @Field(key: "kind") var kind: String
    @OptionalField(key: "reps") var reps: Int?
    @OptionalField(key: "weight_value") var weightValue: Double?
    @OptionalField(key: "weight_unit") var weightUnit: String?
    @OptionalField(key: "duration_seconds") var durationSeconds: Int?
    @OptionalField(key: "distance_meters") var distanceMeters: Double?
    @OptionalField(key: "rpe") var rpe: Double?
    @Field(key: "done") var done: Bool
    @Field(key: "note") var note: String
    @OptionalField(key: "logged_at") var loggedAt: Date?
    @Field(key: "updated_at") var updatedAt: Date
    @OptionalField(key: "target_reps_min") var targetRepsMin: Int?
    @OptionalField(key: "target_reps_max") var targetRepsMax: Int?
    @OptionalField(key: "target_rpe") var targetRPE: Double?

    init() {}
}
