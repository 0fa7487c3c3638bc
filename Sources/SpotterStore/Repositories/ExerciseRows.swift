import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `exercises` (made by `M004CreateExercises`): its
/// columns, the row an exercise is written as and the exercise a row is read as.
/// Built-in exercises have no owner and a catalog key; custom ones have an owner.
enum ExerciseRows: TableRows {
    static let table = "exercises"
    /// The columns, in the order of `values`.
    static let columns = [
        "id", "user_id", "catalog_key", "name", "name_key", "description", "primary_muscles", "secondary_muscles", "equipment",
        "kind",
        "aliases", "video_id", "image_file", "image_format", "image_bytes", "archived", "created_at", "updated_at",
    ]

    static func values(_ e: Exercise) -> [RowValue] {
        [
            .uuid(e.id), .uuid(e.ownerID), .text(e.catalogKey), .text(e.name), .text(NameKey(e.name).rawValue),
            .text(e.description),
            .text(muscleList(e.primaryMuscles)), .text(muscleList(e.secondaryMuscles)), .name(e.equipment.rawValue),
            .name(e.kind.rawValue),
            .text(e.aliases.joined(separator: "\n")), .text(e.videoURL?.id), .text(e.image?.fileName),
            .name(e.image?.format.rawValue),
            .int(e.image?.byteCount), .bool(e.archived), .time(e.createdAt), .time(e.updatedAt),
        ]
    }

    static func exercise(_ row: any SQLRow) throws -> Exercise {
        var image: StoredImage?
        if let file: String = try row.optional("image_file"),
            let format = try row.optional("image_format", as: String.self).flatMap(ImageFormat.init(rawValue:))
        {
            image = StoredImage(fileName: file, format: format, byteCount: try row.optional("image_bytes") ?? 0)
        }
        let aliases = try row.decode(column: "aliases", as: String.self)
        return Exercise(
            id: try row.decode(column: "id", as: UUID.self), ownerID: try row.optional("user_id"),
            catalogKey: try row.optional("catalog_key"),
            name: try row.decode(column: "name", as: String.self),
            description: try row.decode(column: "description", as: String.self),
            primaryMuscles: muscles(from: try row.decode(column: "primary_muscles", as: String.self)),
            secondaryMuscles: muscles(from: try row.decode(column: "secondary_muscles", as: String.self)),
            equipment: Equipment(rawValue: try row.decode(column: "equipment", as: String.self)) ?? .other,
            kind: ExerciseKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .weightReps,
            aliases: aliases.isEmpty ? [] : aliases.components(separatedBy: "\n"),
            videoURL: try row.optional("video_id", as: String.self).flatMap(YouTubeVideo.init(id:)), image: image,
            archived: try row.decode(column: "archived", as: Bool.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }

    /// The exercises a condition selects (`WHERE` and what follows it; the table is `x`).
    static func exercises(where condition: SQLQueryString, on db: any Database) async throws -> [Exercise] {
        try await db.sql.raw("SELECT x.* FROM exercises x WHERE " + condition).all().map(exercise)
    }

    /// The condition for the rows one user can see: the built-in catalog and their own.
    static func visible(to userID: UUID) -> SQLQueryString {
        "(x.user_id IS NULL OR x.user_id = \(bind: userID))"
    }

    static func insert(_ exercises: [Exercise], on db: any Database) async throws {
        try await insert(rows: exercises.map(values), on: db)
    }

    /// What an edit of a custom exercise writes (its name, aliases and the fields of its form).
    static let editedColumns: Set<String> = [
        "name", "name_key", "aliases", "description", "primary_muscles", "secondary_muscles", "equipment", "kind", "video_id",
        "updated_at",
    ]
    /// What archiving or restoring writes.
    static let archiveColumns: Set<String> = ["archived", "updated_at"]
    /// What a new or removed image writes.
    static let imageColumns: Set<String> = ["image_file", "image_format", "image_bytes", "updated_at"]
    /// What a newer catalog writes over a built-in exercise.
    static let catalogColumns: Set<String> = [
        "name", "name_key", "aliases", "description", "primary_muscles", "secondary_muscles", "equipment", "kind", "updated_at",
    ]

    /// Writes the `only` columns of a stored exercise, on its owner's row (or the
    /// catalog's, for a built-in one).
    static func save(_ exercise: Exercise, only: Set<String>, on db: any Database) async throws {
        let owner: SQLQueryString = exercise.ownerID.map { "user_id = \(bind: $0)" } ?? "user_id IS NULL"
        let changes = assignments(values(exercise), only: only)
        try await db.sql.raw("UPDATE exercises SET \(changes) WHERE id = \(bind: exercise.id) AND " + owner).run()
    }

    /// Muscle names between commas (`,chest,triceps,`), so one can be found with LIKE.
    static func muscleList(_ muscles: [MuscleGroup]) -> String {
        muscles.isEmpty ? "," : "," + muscles.map(\.rawValue).joined(separator: ",") + ","
    }

    static func muscles(from list: String) -> [MuscleGroup] {
        list.split(separator: ",").compactMap { MuscleGroup(rawValue: String($0)) }
    }
}
