import FluentKit

struct M001CreateUsers: AsyncMigration {
    var name: String { "M001CreateUsers" }

    func prepare(on database: any Database) async throws {
        try await database.schema("users")
            .id()
            .field("username", .string, .required)
            .field("password_hash", .string, .required)
            .field("unit", .string, .required)
            .field("default_rest_seconds", .int, .required)
            .field("theme", .string, .required)
            .field("time_zone", .string, .required)
            .field("onboarding_seen", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "username")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("users").delete()
    }
}
