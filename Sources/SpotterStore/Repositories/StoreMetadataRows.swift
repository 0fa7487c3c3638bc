import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `store_metadata` (made by `M006CreateStoreMetadata`):
/// facts about the database itself, by key (the catalog version it holds).
enum StoreMetadataRows {
    static func value(_ key: String, on db: any Database) async throws -> String? {
        try await db.sql.raw("SELECT m.value FROM store_metadata m WHERE m.key = \(bind: key)").first()?.decode(
            column: "value", as: String.self)
    }

    static func set(_ key: String, to value: String, on db: any Database) async throws {
        if try await self.value(key, on: db) == nil {
            try await db.sql.raw("INSERT INTO store_metadata (key, value) VALUES (\(bind: key), \(bind: value))").run()
        } else {
            try await db.sql.raw("UPDATE store_metadata SET value = \(bind: value) WHERE key = \(bind: key)").run()
        }
    }
}
