import FluentKit
import SQLKit

/// `exercise_rests`: the rest a lifter last chose for an exercise (in a workout's
/// exercise options), used after its sets wherever the entry has no rest of its own,
/// before the lifter's default.
struct M015CreateExerciseRests: AsyncMigration {
    var name: String { "M015CreateExerciseRests" }

    func prepare(on database: any Database) async throws {
        try await database.schema("exercise_rests")
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("exercise_id", .uuid, .required, .references("exercises", "id", onDelete: .cascade))
            .field("rest_seconds", .int, .required)
            .field("updated_at", .datetime, .required)
            .compositeIdentifier(over: "user_id", "exercise_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("exercise_rests").delete()
    }
}
