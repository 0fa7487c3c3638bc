import FluentKit
import SQLKit

/// The lifter's bar and plates (null: the usual 20 kg or 45 lb bar and plates of
/// their unit; plates as a list such as "25,20,15,10,5,2.5,1.25"), for the plate
/// calculator and warm-up sets; and the logging page's rest alert: a sound, its
/// volume, and the screen kept awake during a workout.
struct M014AddGymSettings: AsyncMigration {
    var name: String { "M014AddGymSettings" }

    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds a single column per ALTER TABLE.
        try await database.schema("users").field("bar_weight", .double).update()
        try await database.schema("users").field("plates", .string).update()
        try await database.schema("users").field("rest_sound", .bool, .required, .sql(.default(true))).update()
        try await database.schema("users").field("rest_volume", .int, .required, .sql(.default(70))).update()
        try await database.schema("users").field("wake_lock", .bool, .required, .sql(.default(true))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("users").deleteField("wake_lock").update()
        try await database.schema("users").deleteField("rest_volume").update()
        try await database.schema("users").deleteField("rest_sound").update()
        try await database.schema("users").deleteField("plates").update()
        try await database.schema("users").deleteField("bar_weight").update()
    }
}
