import FluentKit

struct M005CreateWorkoutTypes: AsyncMigration {
    var name: String { "M005CreateWorkoutTypes" }

    func prepare(on database: any Database) async throws {
        try await database.schema("workout_types")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("seed_key", .string)
            .field("name", .string, .required)
            .field("name_key", .string, .required)
            .field("color_hex", .string, .required)
            .field("icon", .string, .required)
            .field("sort_order", .int, .required)
            .field("archived", .bool, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.createIndex(
            "workout_types_owner_name", on: "workout_types", columns: ["user_id", "name_key"], unique: true)
        try await database.createIndex(
            "workout_types_owner_seed", on: "workout_types", columns: ["user_id", "seed_key"], unique: true)
    }

    func revert(on database: any Database) async throws {
        try await database.dropIndex("workout_types_owner_seed")
        try await database.dropIndex("workout_types_owner_name")
        try await database.schema("workout_types").delete()
    }
}
