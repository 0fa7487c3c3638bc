import FluentKit
import SQLKit

/// Progress kept up to date as workouts change, so the dashboard, exercise and
/// stats pages never walk a lifter's whole history:
/// - `exercise_records`: the bests of each exercise a lifter has finished
///   (`PersonalRecords.Bests`, in kilograms), one row per lifter and exercise;
/// - `workout_sets.records` and `exercise_entries.volume_record`: the record marks
///   of finished sets and sessions;
/// - `training_weeks`: finished workouts per week (local Monday, as a day number),
///   for the streak;
/// - `body_metrics`: body weight and body fat by day.
struct M009CreateProgress: AsyncMigration {
    var name: String { "M009CreateProgress" }

    func prepare(on database: any Database) async throws {
        try await database.schema("exercise_records")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("exercise_id", .uuid, .required, .references("exercises", "id", onDelete: .cascade))
            .field("heaviest_kg", .double, .required)
            .field("e1rm_kg", .double, .required)
            .field("set_volume_kg", .double, .required)
            .field("session_volume_kg", .double, .required)
            .field("rep_weights", .string, .required)
            .create()
        try await database.createIndex(
            "exercise_records_exercise", on: "exercise_records", columns: ["user_id", "exercise_id"], unique: true)

        // One column per statement: SQLite adds a single column per ALTER TABLE.
        try await database.schema("workout_sets").field("records", .string).update()
        try await database.schema("exercise_entries").field("volume_record", .bool).update()

        try await database.schema("training_weeks")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("week", .int, .required)
            .field("workouts", .int, .required)
            .create()
        try await database.createIndex("training_weeks_week", on: "training_weeks", columns: ["user_id", "week"], unique: true)

        try await database.schema("body_metrics")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("body_weight_value", .double)
            .field("body_weight_unit", .string)
            .field("body_fat_percent", .double)
            .field("note", .string, .required)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.createIndex("body_metrics_day", on: "body_metrics", columns: ["user_id", "day"])
    }

    func revert(on database: any Database) async throws {
        try await database.dropIndex("body_metrics_day")
        try await database.schema("body_metrics").delete()
        try await database.dropIndex("training_weeks_week")
        try await database.schema("training_weeks").delete()
        try await database.schema("exercise_entries").deleteField("volume_record").update()
        try await database.schema("workout_sets").deleteField("records").update()
        try await database.dropIndex("exercise_records_exercise")
        try await database.schema("exercise_records").delete()
    }
}
