import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `workout_types` (made by `M005CreateWorkoutTypes`):
/// its columns, the row a type is written as and the type a row is read as.
enum WorkoutTypeRows: TableRows {
    static let table = "workout_types"
    /// The columns, in the order of `values`.
    static let columns = [
        "id", "user_id", "seed_key", "name", "name_key", "color_hex", "icon", "sort_order", "archived", "created_at",
    ]

    static func values(_ type: WorkoutType) -> [RowValue] {
        [
            .uuid(type.id), .uuid(type.ownerID), .text(type.seedKey), .text(type.name), .text(NameKey(type.name).rawValue),
            .text(type.colorHex), .name(type.icon.rawValue), .int(type.sortOrder), .bool(type.archived), .time(type.createdAt),
        ]
    }

    static func type(_ row: any SQLRow) throws -> WorkoutType {
        WorkoutType(
            id: try row.decode(column: "id", as: UUID.self), ownerID: try row.decode(column: "user_id", as: UUID.self),
            seedKey: try row.optional("seed_key"), name: try row.decode(column: "name", as: String.self),
            colorHex: try row.decode(column: "color_hex", as: String.self),
            icon: WorkoutTypeIcon(rawValue: try row.decode(column: "icon", as: String.self)) ?? .dumbbell,
            sortOrder: try row.decode(column: "sort_order", as: Int.self),
            archived: try row.decode(column: "archived", as: Bool.self),
            createdAt: try row.decode(column: "created_at", as: Date.self))
    }

    /// The types a condition selects (`WHERE` and what follows it).
    static func types(where condition: SQLQueryString, on db: any Database) async throws -> [WorkoutType] {
        try await db.sql.raw("SELECT t.* FROM workout_types t WHERE " + condition).all().map(type)
    }

    static func insert(_ types: [WorkoutType], on db: any Database) async throws {
        try await insert(rows: types.map(values), on: db)
    }

    /// What an edit of a type writes.
    static let editedColumns: Set<String> = ["name", "name_key", "color_hex", "icon"]
    /// Every column but the id and the owner (a type read from an account file).
    static let allColumns = Set(columns).subtracting(["id", "user_id"])

    /// Writes the `only` columns of a stored type.
    static func save(_ type: WorkoutType, only: Set<String>, on db: any Database) async throws {
        try await db.sql.raw(
            """
            UPDATE workout_types SET \(assignments(values(type), only: only)) \
            WHERE id = \(bind: type.id) AND user_id = \(bind: type.ownerID)
            """
        ).run()
    }
}
