import FluentKit
import SQLKit

/// `unjudged_exercises`: the exercises a bulk load (an import) has written sets of
/// whose record marks, bests and weekly counts it has not yet judged. Each part of
/// the load adds its exercises in the transaction that writes its sets, and the last
/// transaction removes them once judged; rows left behind mean the process died in
/// between, and the next start judges those exercises (`finishInterruptedLoads`).
struct M011CreateUnjudgedExercises: AsyncMigration {
    var name: String { "M011CreateUnjudgedExercises" }

    func prepare(on database: any Database) async throws {
        try await database.schema("unjudged_exercises")
            .id()
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("exercise_id", .uuid, .required, .references("exercises", "id", onDelete: .cascade))
            .create()
        try await database.createIndex(
            "unjudged_exercises_exercise", on: "unjudged_exercises", columns: ["user_id", "exercise_id"], unique: true)
    }

    func revert(on database: any Database) async throws {
        try await database.dropIndex("unjudged_exercises_exercise")
        try await database.schema("unjudged_exercises").delete()
    }
}
