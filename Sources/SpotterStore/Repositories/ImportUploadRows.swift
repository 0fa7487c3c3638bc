import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `import_uploads` and `import_upload_parts` (made by
/// `M016MoveFilesIntoDatabase`): an export waiting between its preview and its
/// import, its record and its bytes cut in parts.
enum ImportUploadRows {
    static let columns = "u.token, u.user_id, u.source, u.file_name, u.byte_count, u.uploaded_at, u.expires_at, u.result"

    static func record(_ row: any SQLRow) throws -> ImportUploadRecord {
        ImportUploadRecord(
            token: try row.decode(column: "token", as: String.self), userID: try row.decode(column: "user_id", as: UUID.self),
            source: try row.decode(column: "source", as: String.self),
            fileName: try row.decode(column: "file_name", as: String.self),
            byteCount: try row.decode(column: "byte_count", as: Int.self),
            uploadedAt: try row.decode(column: "uploaded_at", as: Date.self),
            expiresAt: try row.decode(column: "expires_at", as: Date.self),
            result: try row.decode(column: "result", as: String?.self))
    }

    /// A new upload's record, not yet ready: its parts follow.
    static func insert(_ upload: ImportUploadRecord, on db: any Database) async throws {
        try await db.sql.raw(
            """
            INSERT INTO import_uploads (token, user_id, source, file_name, byte_count, uploaded_at, expires_at, ready, result) \
            VALUES (\(bind: upload.token), \(bind: upload.userID), \(bind: upload.source), \(bind: upload.fileName), \
            \(bind: upload.byteCount), \(bind: upload.uploadedAt), \(bind: upload.expiresAt), false, NULL)
            """
        ).run()
    }

    static func insertPart(token: String, number: Int, bytes: Data, on db: any Database) async throws {
        try await db.sql.raw(
            """
            INSERT INTO import_upload_parts (token, part, bytes) VALUES (\(bind: token), \(bind: number), \(bind: bytes))
            """
        ).run()
    }

    static func markReady(token: String, userID: UUID, on db: any Database) async throws {
        try await db.sql.raw("UPDATE import_uploads SET ready = true WHERE token = \(bind: token) AND user_id = \(bind: userID)")
            .run()
    }

    /// The lifter's ready upload of this token (imported or not).
    static func find(token: String, userID: UUID, on db: any Database) async throws -> ImportUploadRecord? {
        try await db.sql.raw(
            """
            SELECT \(unsafeRaw: columns) FROM import_uploads u \
            WHERE u.token = \(bind: token) AND u.user_id = \(bind: userID) AND u.ready = true
            """
        ).first().map(record)
    }

    /// The lifter's uploads still waiting for their import (ready or arriving).
    static func waiting(userID: UUID, on db: any Database) async throws -> [ImportUploadRecord] {
        try await db.sql.raw(
            """
            SELECT \(unsafeRaw: columns) FROM import_uploads u \
            WHERE u.user_id = \(bind: userID) AND u.result IS NULL ORDER BY u.uploaded_at, u.token
            """
        ).all().map(record)
    }

    /// The bytes of every lifter's uploads still waiting for their import.
    static func waitingBytes(on db: any Database) async throws -> Int {
        let row = try await db.sql.raw(
            "SELECT CAST(COALESCE(SUM(u.byte_count), 0) AS BIGINT) AS n FROM import_uploads u WHERE u.result IS NULL"
        ).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    /// The part numbers of an upload, in order.
    static func partNumbers(token: String, on db: any Database) async throws -> [Int] {
        try await db.sql.raw("SELECT p.part FROM import_upload_parts p WHERE p.token = \(bind: token) ORDER BY p.part").all()
            .map { try $0.decode(column: "part", as: Int.self) }
    }

    static func part(token: String, number: Int, on db: any Database) async throws -> Data? {
        try await db.sql.raw(
            "SELECT p.bytes FROM import_upload_parts p WHERE p.token = \(bind: token) AND p.part = \(bind: number)"
        )
        .first()?.decode(column: "bytes", as: Data.self)
    }

    /// Keeps what importing it did and lets its bytes go.
    static func markImported(token: String, userID: UUID, result: String, on db: any Database) async throws {
        try await db.sql.raw(
            "UPDATE import_uploads SET result = \(bind: result) WHERE token = \(bind: token) AND user_id = \(bind: userID)"
        ).run()
        try await db.sql.raw(
            """
            DELETE FROM import_upload_parts WHERE token IN \
            (SELECT u.token FROM import_uploads u WHERE u.token = \(bind: token) AND u.user_id = \(bind: userID))
            """
        ).run()
    }

    static func delete(token: String, userID: UUID, on db: any Database) async throws {
        try await db.sql.raw(
            "DELETE FROM import_upload_parts WHERE token IN (SELECT u.token FROM import_uploads u WHERE u.token = \(bind: token) AND u.user_id = \(bind: userID))"
        ).run()
        try await db.sql.raw("DELETE FROM import_uploads WHERE token = \(bind: token) AND user_id = \(bind: userID)").run()
    }

    /// Removes every upload past its expiry (parts first: SQLite's cascade needs foreign keys on).
    static func deleteExpired(now: Date, on db: any Database) async throws {
        try await db.sql.raw(
            "DELETE FROM import_upload_parts WHERE token IN (SELECT u.token FROM import_uploads u WHERE u.expires_at < \(bind: now))"
        ).run()
        try await db.sql.raw("DELETE FROM import_uploads WHERE expires_at < \(bind: now)").run()
    }
}
