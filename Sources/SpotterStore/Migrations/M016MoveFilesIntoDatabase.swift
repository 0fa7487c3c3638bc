import FluentKit
import SQLKit

/// `stored_images`, `import_uploads` and `import_upload_parts`: what lived on the
/// local disk of whichever instance took the upload (exercise images, exports
/// waiting between preview and import) moves into the database, so that any
/// instance serves any request and a backup holds everything. The image files
/// already on disk are moved in at start (`ImageStore.moveFilesIntoDatabase`),
/// which a migration cannot do: it does not know the data folder.
struct M016MoveFilesIntoDatabase: AsyncMigration {
    var name: String { "M016MoveFilesIntoDatabase" }

    func prepare(on database: any Database) async throws {
        try await database.schema("stored_images")
            .field("name", .string, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("format", .string, .required)
            .field("byte_count", .int, .required)
            .field("bytes", .data, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.createIndex("stored_images_user", on: "stored_images", columns: ["user_id"])

        try await database.schema("import_uploads")
            .field("token", .string, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references("users", "id", onDelete: .cascade))
            .field("source", .string, .required)
            .field("file_name", .string, .required)
            .field("byte_count", .int, .required)
            .field("uploaded_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("ready", .bool, .required)
            .field("result", .string)
            .create()
        try await database.createIndex("import_uploads_user", on: "import_uploads", columns: ["user_id"])
        try await database.createIndex("import_uploads_expiry", on: "import_uploads", columns: ["expires_at"])

        try await database.schema("import_upload_parts")
            .field("token", .string, .required, .references("import_uploads", "token", onDelete: .cascade))
            .field("part", .int, .required)
            .field("bytes", .data, .required)
            .compositeIdentifier(over: "token", "part")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("import_upload_parts").delete()
        try await database.schema("import_uploads").delete()
        try await database.schema("stored_images").delete()
    }
}
