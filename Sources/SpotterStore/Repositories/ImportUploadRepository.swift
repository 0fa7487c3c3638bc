import FluentKit
import Foundation
import SpotterCore

/// An uploaded export as it waits between the preview and the import.
public struct ImportUploadRecord: Sendable, Equatable {
    /// A random token (32 hex digits), only ever looked up together with its lifter.
    public var token: String
    public var userID: UUID
    /// The app it came from (`ImportSource`'s raw value), detected or chosen.
    public var source: String
    /// As the browser named it, for the preview's words only.
    public var fileName: String
    public var byteCount: Int
    public var uploadedAt: Date
    public var expiresAt: Date
    /// What importing it did, once imported through the API (kept as JSON text by the
    /// caller): a repeated commit answers it again instead of importing twice.
    public var result: String?

    public init(
        token: String, userID: UUID, source: String, fileName: String, byteCount: Int, uploadedAt: Date, expiresAt: Date,
        result: String? = nil
    ) {
        self.token = token
        self.userID = userID
        self.source = source
        self.fileName = fileName
        self.byteCount = byteCount
        self.uploadedAt = uploadedAt
        self.expiresAt = expiresAt
        self.result = result
    }
}

/// Uploads in the database, so that a preview made on one instance is imported on
/// another. The bytes go in and out in parts of `partSize`, each part in a write of
/// its own, so a large file neither sits whole in memory nor holds the writer long.
public struct ImportUploadRepository: Sendable {
    let store: SpotterStore

    public static let partSize = 1 << 20

    public init(store: SpotterStore) { self.store = store }

    /// Stores the file at `file` under `record`; the upload is found only once all of
    /// it is in. On failure nothing of it stays.
    public func save(_ record: ImportUploadRecord, file: URL) async throws {
        try await store.database.writeTransaction { db in try await ImportUploadRows.insert(record, on: db) }
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            var number = 0
            while let bytes = try handle.read(upToCount: Self.partSize), !bytes.isEmpty {
                let part = number
                try await store.database.writeTransaction { db in
                    try await ImportUploadRows.insertPart(token: record.token, number: part, bytes: bytes, on: db)
                }
                number += 1
            }
            try await store.database.writeTransaction { db in
                try await ImportUploadRows.markReady(token: record.token, userID: record.userID, on: db)
            }
        } catch {
            await remove(token: record.token, userID: record.userID)
            throw error
        }
    }

    /// The lifter's upload of this token, imported or not; nil for another lifter's.
    public func find(token: String, userID: UUID) async throws -> ImportUploadRecord? {
        try await ImportUploadRows.find(token: token, userID: userID, on: store.reader)
    }

    /// The lifter's uploads still waiting for their import, oldest first.
    public func waiting(userID: UUID) async throws -> [ImportUploadRecord] {
        try await ImportUploadRows.waiting(userID: userID, on: store.reader)
    }

    /// The bytes of every lifter's uploads still waiting for their import.
    public func waitingBytes() async throws -> Int {
        try await ImportUploadRows.waitingBytes(on: store.reader)
    }

    /// Writes the upload's bytes to `file` (a new file), part by part.
    public func copy(_ record: ImportUploadRecord, to file: URL) async throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        for number in try await ImportUploadRows.partNumbers(token: record.token, on: store.reader) {
            guard let bytes = try await ImportUploadRows.part(token: record.token, number: number, on: store.reader) else {
                continue
            }
            try handle.write(contentsOf: bytes)
        }
    }

    public func markImported(token: String, userID: UUID, result: String) async throws {
        try await store.database.writeTransaction { db in
            try await ImportUploadRows.markImported(token: token, userID: userID, result: result, on: db)
        }
    }

    public func remove(token: String, userID: UUID) async {
        try? await store.database.writeTransaction { db in try await ImportUploadRows.delete(token: token, userID: userID, on: db)
        }
    }

    /// Removes every lifter's uploads past their expiry.
    public func removeExpired(now: Date) async throws {
        try await store.database.writeTransaction { db in try await ImportUploadRows.deleteExpired(now: now, on: db) }
    }
}
