import FluentKit

struct M003CreateAPITokens: AsyncMigration {
    var name: String { "M003CreateAPITokens" }

    func prepare(on database: any Database) async throws {
        try await database.schema("api_tokens")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("token_hash", .string, .required)
            .field("prefix", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_used_at", .datetime)
            .unique(on: "token_hash")
            .create()
        try await database.createIndex("api_tokens_user", on: "api_tokens", columns: ["user_id"])
    }

    func revert(on database: any Database) async throws {
        try await database.dropIndex("api_tokens_user")
        try await database.schema("api_tokens").delete()
    }
}
