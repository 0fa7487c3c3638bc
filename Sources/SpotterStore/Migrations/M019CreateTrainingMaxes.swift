import FluentKit
import SQLKit

/// `training_maxes`: each training max a lifter set for a lift, with the day it
/// holds from, so the lift's history shows how it moved (the newest day is in force).
struct M019CreateTrainingMaxes: AsyncMigration {
    var name: String { "M019CreateTrainingMaxes" }

    func prepare(on database: any Database) async throws {
        try await database.schema("training_maxes")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("exercise_id", .uuid, .required, .references("exercises", "id", onDelete: .cascade))
            .field("weight_value", .double, .required)
            .field("weight_unit", .string, .required)
            .field("day", .string, .required)
            .field("source", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.createIndex(
            "training_maxes_lift", on: "training_maxes", columns: ["user_id", "exercise_id", "day"])
    }

    func revert(on database: any Database) async throws {
        try await database.schema("training_maxes").delete()
    }
}
