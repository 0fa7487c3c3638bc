import FluentKit
import SQLKit

/// Keeping one's place in a program:
/// - `active_programs.paused_days` (the days of pauses that ended) and `paused_on` (the
///   day the present pause began, null when running): paused days move the program's
///   calendar on, so a pause is never late or missed;
/// - `program_stops`: where a lifter left each program they stopped following (its
///   start day, activation and pauses, and the day they stopped), so activating it
///   again can resume there instead of starting over.
struct M018ProgramPauses: AsyncMigration {
    var name: String { "M018ProgramPauses" }

    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds a single column per ALTER TABLE.
        try await database.schema("active_programs").field("paused_days", .int, .required, .sql(.default(0))).update()
        try await database.schema("active_programs").field("paused_on", .string).update()
        try await database.schema("program_stops")
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("program_id", .uuid, .required, .references("programs", "id", onDelete: .cascade))
            .field("start_day", .string, .required)
            .field("activated_at", .datetime, .required)
            .field("paused_days", .int, .required)
            .field("stopped_on", .string, .required)
            .compositeIdentifier(over: "user_id", "program_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("program_stops").delete()
        try await database.schema("active_programs").deleteField("paused_on").update()
        try await database.schema("active_programs").deleteField("paused_days").update()
    }
}
