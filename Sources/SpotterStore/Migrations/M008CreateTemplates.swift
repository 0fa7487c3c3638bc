import FluentKit
import SQLKit

/// Templates and their exercises; a workout remembers the template it started
/// from, and each set the target it was planned with.
///
/// `workouts.template_id` has no foreign key: SQLite cannot add one to an existing
/// table, and a deleted template only means its workouts no longer offer to update it.
struct M008CreateTemplates: AsyncMigration {
    var name: String { "M008CreateTemplates" }

    func prepare(on database: any Database) async throws {
        try await database.schema("workout_templates")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("name_key", .string, .required)
            .field("category", .string, .required)
            .field("notes", .string, .required)
            .field("pinned", .bool, .required)
            .field("archived_at", .datetime)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .field("last_used_at", .datetime)
            .create()
        try await database.createIndex(
            "workout_templates_name", on: "workout_templates", columns: ["user_id", "name_key"], unique: true)

        try await database.schema("template_exercises")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("template_id", .uuid, .required, .references("workout_templates", "id", onDelete: .cascade))
            .field("exercise_id", .uuid, .required, .references("exercises", "id"))
            .field("position", .int, .required)
            .field("set_count", .int, .required)
            .field("rep_min", .int, .required)
            .field("rep_max", .int, .required)
            .field("target_weight_value", .double)
            .field("target_weight_unit", .string)
            .field("target_rpe", .double)
            .field("rest_seconds", .int)
            .field("target_duration_seconds", .int)
            .field("notes", .string, .required)
            .create()
        try await database.createIndex(
            "template_exercises_template", on: "template_exercises", columns: ["template_id", "position"])
        try await database.createIndex(
            "template_exercises_exercise", on: "template_exercises", columns: ["user_id", "exercise_id"])

        // One column per statement: SQLite adds a single column per ALTER TABLE.
        try await database.schema("workouts").field("template_id", .uuid).update()
        try await database.schema("workout_sets").field("target_reps_min", .int).update()
        try await database.schema("workout_sets").field("target_reps_max", .int).update()
        try await database.schema("workout_sets").field("target_rpe", .double).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("workout_sets").deleteField("target_rpe").update()
        try await database.schema("workout_sets").deleteField("target_reps_max").update()
        try await database.schema("workout_sets").deleteField("target_reps_min").update()
        try await database.schema("workouts").deleteField("template_id").update()
        try await database.dropIndex("template_exercises_exercise")
        try await database.dropIndex("template_exercises_template")
        try await database.schema("template_exercises").delete()
        try await database.dropIndex("workout_templates_name")
        try await database.schema("workout_templates").delete()
    }
}
