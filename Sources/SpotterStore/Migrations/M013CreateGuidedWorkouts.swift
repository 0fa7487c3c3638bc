import FluentKit
import SQLKit

/// Guided workouts: the break cards of a template's timeline, the mark of a
/// template built in the timeline view, and the player of a workout being played
/// (its timeline as it was at the start, and the player's state), kept with the
/// active workout so any device resumes it at the right second.
struct M013CreateGuidedWorkouts: AsyncMigration {
    var name: String { "M013CreateGuidedWorkouts" }

    func prepare(on database: any Database) async throws {
        try await database.schema("template_breaks")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("template_id", .uuid, .required, .references("workout_templates", "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("seconds", .int, .required)
            .create()
        try await database.createIndex("template_breaks_template", on: "template_breaks", columns: ["template_id", "position"])

        try await database.schema("workout_templates").field("guided", .bool, .required, .sql(.default(false))).update()

        // One player per workout: the row goes with the workout.
        try await database.schema("guided_sessions")
            .field("workout_id", .uuid, .identifier(auto: false), .references("workouts", "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("plan", .string, .required)
            .field("state", .string, .required)
            .field("updated_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("guided_sessions").delete()
        try await database.schema("workout_templates").deleteField("guided").update()
        try await database.dropIndex("template_breaks_template")
        try await database.schema("template_breaks").delete()
    }
}
