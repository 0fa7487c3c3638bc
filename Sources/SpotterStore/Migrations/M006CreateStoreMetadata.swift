import FluentKit

/// Small facts about the database itself, such as the catalog version it holds.
struct M006CreateStoreMetadata: AsyncMigration {
    var name: String { "M006CreateStoreMetadata" }

    func prepare(on database: any Database) async throws {
        try await database.schema("store_metadata")
            .field("key", .string, .identifier(auto: false))
            .field("value", .string, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("store_metadata").delete()
    }
}
