import FluentKit
import SQLKit

/// Training programs: a program's own row, one row per week (phase, modifier,
/// deload) and one per training day (weekday, template, notes, suggested RPE); the
/// user's active program with its start day; the weeks a lifter skipped. Workouts
/// remember the program day they were started from, and entries why their weight
/// was suggested.
///
/// `program_days.template_id` has no foreign key, as `workouts.template_id` has
/// none: deleting a template a program uses is refused by the template delete
/// itself, which names the programs. `workouts.program_id` has none either: a
/// deleted program leaves its workouts in history.
struct M012CreatePrograms: AsyncMigration {
    var name: String { "M012CreatePrograms" }

    func prepare(on database: any Database) async throws {
        try await database.schema("programs")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("name_key", .string, .required)
            .field("summary", .string, .required)
            .field("category", .string, .required)
            .field("difficulty", .string, .required)
            .field("pattern", .string, .required)
            .field("base_intensity", .double, .required)
            .field("weekly_increment", .double, .required)
            .field("archived_at", .datetime)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.createIndex("programs_name", on: "programs", columns: ["user_id", "name_key"], unique: true)

        try await database.schema("program_weeks")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("program_id", .uuid, .required, .references("programs", "id", onDelete: .cascade))
            .field("number", .int, .required)
            .field("phase", .string)
            .field("modifier", .double, .required)
            .field("is_deload", .bool, .required)
            .create()
        try await database.createIndex(
            "program_weeks_program", on: "program_weeks", columns: ["program_id", "number"], unique: true)

        try await database.schema("program_days")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("program_id", .uuid, .required, .references("programs", "id", onDelete: .cascade))
            .field("week_number", .int, .required)
            .field("weekday", .int, .required)
            .field("template_id", .uuid, .required)
            .field("notes", .string, .required)
            .field("suggested_rpe", .double)
            .create()
        try await database.createIndex(
            "program_days_program", on: "program_days", columns: ["program_id", "week_number", "weekday"], unique: true)
        try await database.createIndex("program_days_template", on: "program_days", columns: ["user_id", "template_id"])

        // One row per user at most: activating is an upsert on it, so two racing
        // activations leave exactly one active program.
        try await database.schema("active_programs")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("program_id", .uuid, .required, .references("programs", "id", onDelete: .cascade))
            .field("start_day", .string, .required)
            .field("activated_at", .datetime, .required)
            .create()
        try await database.createIndex("active_programs_user", on: "active_programs", columns: ["user_id"], unique: true)

        try await database.schema("program_skips")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("program_id", .uuid, .required, .references("programs", "id", onDelete: .cascade))
            .field("week_number", .int, .required)
            .field("skipped_on", .string, .required)
            .create()
        try await database.createIndex("program_skips_program", on: "program_skips", columns: ["user_id", "program_id"])

        // One column per statement: SQLite adds a single column per ALTER TABLE.
        try await database.schema("workouts").field("program_id", .uuid).update()
        try await database.schema("workouts").field("program_week", .int).update()
        try await database.schema("workouts").field("program_day_id", .uuid).update()
        try await database.createIndex("workouts_program", on: "workouts", columns: ["user_id", "program_id"])
        try await database.schema("exercise_entries").field("suggestion", .string).update()
        // The lifter's smallest plate step (null: 2.5 kg or 5 lb), which suggestions round to.
        try await database.schema("users").field("plate_step", .double).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("users").deleteField("plate_step").update()
        try await database.schema("exercise_entries").deleteField("suggestion").update()
        try await database.dropIndex("workouts_program")
        try await database.schema("workouts").deleteField("program_day_id").update()
        try await database.schema("workouts").deleteField("program_week").update()
        try await database.schema("workouts").deleteField("program_id").update()
        try await database.dropIndex("program_skips_program")
        try await database.schema("program_skips").delete()
        try await database.dropIndex("active_programs_user")
        try await database.schema("active_programs").delete()
        try await database.dropIndex("program_days_template")
        try await database.dropIndex("program_days_program")
        try await database.schema("program_days").delete()
        try await database.dropIndex("program_weeks_program")
        try await database.schema("program_weeks").delete()
        try await database.dropIndex("programs_name")
        try await database.schema("programs").delete()
    }
}
