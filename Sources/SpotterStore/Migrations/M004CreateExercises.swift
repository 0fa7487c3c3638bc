import FluentKit

/// Built-in catalog rows have no `user_id`; custom exercises carry their owner's.
struct M004CreateExercises: AsyncMigration {
    var name: String { "M004CreateExercises" }

    func prepare(on database: any Database) async throws {
        try await database.schema("exercises")
            .id()
            .field("user_id", .uuid, .references("users", "id", onDelete: .cascade))
            .field("catalog_key", .string)
            .field("name", .string, .required)
            .field("name_key", .string, .required)
            .field("description", .string, .required)
            .field("primary_muscles", .string, .required)
            .field("secondary_muscles", .string, .required)
            .field("equipment", .string, .required)
            .field("kind", .string, .required)
            .field("aliases", .string, .required)
            .field("video_id", .string)
            .field("image_file", .string)
            .field("image_format", .string)
            .field("image_bytes", .int)
            .field("archived", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "catalog_key")
            .create()
        try await database.createIndex("exercises_owner_name", on: "exercises", columns: ["user_id", "name_key"], unique: true)
        try await database.createIndex("exercises_name_key", on: "exercises", columns: ["name_key"])
    }

    func revert(on database: any Database) async throws {
        try await database.dropIndex("exercises_name_key")
        try await database.dropIndex("exercises_owner_name")
        try await database.schema("exercises").delete()
    }
}
