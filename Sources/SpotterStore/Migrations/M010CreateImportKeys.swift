import FluentKit
import SQLKit

/// Where an imported workout came from: `workouts.import_key` holds the app, start
/// and name of a workout read from another app's export (nil for one logged
/// here), unique per lifter, so importing the same file again adds nothing.
struct M010CreateImportKeys: AsyncMigration {
    var name: String { "M010CreateImportKeys" }

    func prepare(on database: any Database) async throws {
        try await database.schema("workouts").field("import_key", .string).update()
        try await database.createIndex("workouts_import_key", on: "workouts", columns: ["user_id", "import_key"], unique: true)
    }

    func revert(on database: any Database) async throws {
        try await database.dropIndex("workouts_import_key")
        try await database.schema("workouts").deleteField("import_key").update()
    }
}
