import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `stored_images` (made by `M016MoveFilesIntoDatabase`):
/// each exercise image's bytes, named as the exercise's `image_file` names it, and
/// owned by one lifter.
enum StoredImageRows: TableRows {
    static let table = "stored_images"
    static let columns = ["name", "user_id", "format", "byte_count", "bytes", "created_at"]

    static func insert(_ image: StoredImage, bytes: [UInt8], userID: UUID, now: Date, on db: any Database) async throws {
        try await db.sql.raw(
            """
            INSERT INTO stored_images (name, user_id, format, byte_count, bytes, created_at) \
            VALUES (\(bind: image.fileName), \(bind: userID), \(bind: image.format.rawValue), \(bind: image.byteCount), \
            \(bind: Data(bytes)), \(bind: now))
            """
        ).run()
    }

    /// The bytes of the lifter's images of these names that the database holds.
    static func bytes(names: [String], userID: UUID, on db: any Database) async throws -> [String: [UInt8]] {
        guard !names.isEmpty else { return [:] }
        var found: [String: [UInt8]] = [:]
        for row in try await db.sql.raw(
            """
            SELECT i.name, i.bytes FROM stored_images i WHERE i.user_id = \(bind: userID) AND i.name IN (\(binds: names))
            """
        ).all() {
            found[try row.decode(column: "name", as: String.self)] = Array(try row.decode(column: "bytes", as: Data.self))
        }
        return found
    }

    static func delete(name: String, userID: UUID, on db: any Database) async throws {
        try await db.sql.raw("DELETE FROM stored_images WHERE user_id = \(bind: userID) AND name = \(bind: name)").run()
    }

    /// Every exercise image an exercise names that the database does not hold yet:
    /// those still on disk from before `M016`.
    static func missing(on db: any Database) async throws -> [(userID: UUID, image: StoredImage)] {
        try await db.sql.raw(
            """
            SELECT x.user_id, x.image_file, x.image_format, x.image_bytes FROM exercises x \
            WHERE x.image_file IS NOT NULL AND x.user_id IS NOT NULL \
            AND NOT EXISTS (SELECT 1 FROM stored_images i WHERE i.name = x.image_file)
            """
        ).all().compactMap { row in
            guard let format = ImageFormat(rawValue: try row.decode(column: "image_format", as: String.self)) else { return nil }
            let image = StoredImage(
                fileName: try row.decode(column: "image_file", as: String.self), format: format,
                byteCount: try row.decode(column: "image_bytes", as: Int?.self) ?? 0)
            return (try row.decode(column: "user_id", as: UUID.self), image)
        }
    }
}
