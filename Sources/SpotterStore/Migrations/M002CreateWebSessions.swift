import FluentKit

struct M002CreateWebSessions: AsyncMigration {
    var name: String { "M002CreateWebSessions" }

    func prepare(on database: any Database) async throws {
        try await database.schema("web_sessions")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("csrf_token", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "token_hash")
            .create()
        try await database.createIndex("web_sessions_user", on: "web_sessions", columns: ["user_id"])
    }

    func revert(on database: any Database) async throws {
        try await database.dropIndex("web_sessions_user")
        try await database.schema("web_sessions").delete()
    }
}
