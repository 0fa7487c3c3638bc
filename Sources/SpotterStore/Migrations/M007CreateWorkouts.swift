import FluentKit
import SQLKit

/// Workouts, their exercise entries and sets. Every row carries its owner's id so
/// each query is scoped by user without a join. At most one workout per user is
/// active (no end time): a partial unique index holds that even under races.
struct M007CreateWorkouts: AsyncMigration {
    var name: String { "M007CreateWorkouts" }

    func prepare(on database: any Database) async throws {
        try await database.schema("workouts")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("workout_type_id", .uuid, .references("workout_types", "id"))
            .field("started_at", .datetime, .required)
            .field("ended_at", .datetime)
            .field("notes", .string, .required)
            .field("session_rpe", .int)
            .field("rest_ends_at", .datetime)
            .field("rest_total_seconds", .int, .required)
            .field("rest_after_set_id", .uuid)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.createIndex("workouts_user_started", on: "workouts", columns: ["user_id", "started_at"])
        try await database.sql
            .raw("CREATE UNIQUE INDEX workouts_one_active ON workouts (user_id) WHERE ended_at IS NULL").run()

        try await database.schema("exercise_entries")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("workout_id", .uuid, .required, .references("workouts", "id", onDelete: .cascade))
            .field("exercise_id", .uuid, .required, .references("exercises", "id"))
            .field("position", .int, .required)
            .field("notes", .string, .required)
            .field("superset_group", .int)
            .field("rest_seconds", .int)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.createIndex("exercise_entries_workout", on: "exercise_entries", columns: ["workout_id", "position"])
        try await database.createIndex("exercise_entries_exercise", on: "exercise_entries", columns: ["user_id", "exercise_id"])

        try await database.schema("workout_sets")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("workout_id", .uuid, .required, .references("workouts", "id", onDelete: .cascade))
            .field("entry_id", .uuid, .required, .references("exercise_entries", "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("kind", .string, .required)
            .field("reps", .int)
            .field("weight_value", .double)
            .field("weight_unit", .string)
            .field("duration_seconds", .int)
            .field("distance_meters", .double)
            .field("rpe", .double)
            .field("done", .bool, .required)
            .field("note", .string, .required)
            .field("logged_at", .datetime)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.createIndex("workout_sets_workout", on: "workout_sets", columns: ["workout_id"])
        try await database.createIndex("workout_sets_entry", on: "workout_sets", columns: ["entry_id", "position"])
    }

    func revert(on database: any Database) async throws {
        try await database.dropIndex("workout_sets_entry")
        try await database.dropIndex("workout_sets_workout")
        try await database.schema("workout_sets").delete()
        try await database.dropIndex("exercise_entries_exercise")
        try await database.dropIndex("exercise_entries_workout")
        try await database.schema("exercise_entries").delete()
        try await database.dropIndex("workouts_one_active")
        try await database.dropIndex("workouts_user_started")
        try await database.schema("workouts").delete()
    }
}
