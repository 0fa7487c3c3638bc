import Foundation
import SpotterCore
import SpotterImport
import SpotterStore

/// Uploaded exports waiting between the preview and the import. The record and the
/// bytes are in the database (`ImportUploadRepository`), so the preview and the
/// import may be served by different instances; the file an instance reads is a
/// copy in its data folder (`imports/<lifter>/<token>.csv`), made from the database
/// when missing and swept with the uploads, so it is only ever a cache. A token is
/// only looked up with its lifter, so nobody can open another lifter's upload, and
/// the names never come from the upload.
struct ImportUploads: Sendable {
    /// What the preview and the import need to know besides the file.
    struct Upload: Sendable {
        var token: String
        /// Detected or chosen when it was uploaded.
        var source: ImportSource
        /// As the browser named it, for the preview's words only.
        var fileName: String
        var uploadedAt: Date
        /// What importing it did, once imported through the API: a repeated commit
        /// answers this again instead of importing twice.
        var result: ImportOutcomeRecord?
    }

    /// `ImportOutcome`'s counts, kept with an upload imported through the API.
    struct ImportOutcomeRecord: Codable, Sendable, Equatable {
        var workouts: Int
        var sets: Int
        var newExercises: Int
        var alreadyImported: Int
    }

    let root: URL
    let repository: ImportUploadRepository
    /// The largest file taken, in bytes.
    let fileLimit: Int
    /// Uploads older than this are removed when anyone uploads again.
    static let lifetime: TimeInterval = 24 * 3600

    init(store: SpotterStore, dataDirectory: URL, fileLimit: Int) {
        root = dataDirectory.appendingPathComponent("imports", isDirectory: true)
        repository = ImportUploadRepository(store: store)
        self.fileLimit = fileLimit
    }

    /// A new token (32 hex digits) and the empty folder its file arrives in.
    func reserve(userID: UUID) throws -> String {
        try FileManager.default.createDirectory(at: folder(for: userID), withIntermediateDirectories: true)
        return RandomToken.hex(bytes: 16)
    }

    /// Where an upload is written while it arrives.
    func receivingURL(token: String, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent("\(token).part")
    }

    /// Records a received file that reads well, in the database: from now on its
    /// token finds it on every instance. The received file stays as this instance's copy.
    func keep(_ upload: Upload, userID: UUID) async throws {
        let received = receivingURL(token: upload.token, userID: userID)
        let size = (try? FileManager.default.attributesOfItem(atPath: received.path)[.size] as? Int) ?? 0
        try await repository.save(
            ImportUploadRecord(
                token: upload.token, userID: userID, source: upload.source.rawValue, fileName: upload.fileName, byteCount: size,
                uploadedAt: upload.uploadedAt, expiresAt: upload.uploadedAt.addingTimeInterval(Self.lifetime)),
            file: received)
        try FileManager.default.moveItem(at: received, to: cachedURL(token: upload.token, userID: userID))
    }

    /// The lifter's upload of this token still to be imported; nil for a malformed
    /// token, one of another lifter, and one imported or removed already.
    func find(token: String, userID: UUID) async throws -> Upload? {
        guard let upload = try await record(token: token, userID: userID), upload.result == nil else { return nil }
        return upload
    }

    /// The lifter's upload of this token already imported through the API, or nil.
    func imported(token: String, userID: UUID) async throws -> Upload? {
        guard let upload = try await record(token: token, userID: userID), upload.result != nil else { return nil }
        return upload
    }

    /// The file of an upload to read: this instance's copy, made from the database
    /// first when this instance did not take the upload.
    func file(of upload: Upload, userID: UUID) async throws -> URL {
        let cached = cachedURL(token: upload.token, userID: userID)
        if FileManager.default.fileExists(atPath: cached.path) { return cached }
        guard let record = try await repository.find(token: upload.token, userID: userID) else { throw SpotterError.notFound("The upload") }
        try FileManager.default.createDirectory(at: folder(for: userID), withIntermediateDirectories: true)
        let copying = folder(for: userID).appendingPathComponent("\(upload.token).\(RandomToken.hex(bytes: 4)).copy")
        do {
            try await repository.copy(record, to: copying)
            // Another request may have made the copy meanwhile: the same bytes either way.
            if FileManager.default.fileExists(atPath: cached.path) {
                try? FileManager.default.removeItem(at: copying)
            } else {
                try FileManager.default.moveItem(at: copying, to: cached)
            }
        } catch {
            try? FileManager.default.removeItem(at: copying)
            throw error
        }
        return cached
    }

    /// An upload imported through the API: its bytes go, its record stays with what
    /// the import did until it expires.
    func markImported(_ upload: Upload, result: ImportOutcomeRecord, userID: UUID) async throws {
        let text = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        try await repository.markImported(token: upload.token, userID: userID, result: text)
        try? FileManager.default.removeItem(at: cachedURL(token: upload.token, userID: userID))
    }

    func remove(token: String, userID: UUID) async {
        guard Self.isWellFormed(token) else { return }
        await repository.remove(token: token, userID: userID)
        for url in [receivingURL(token: token, userID: userID), cachedURL(token: token, userID: userID)] {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Removes every lifter's uploads older than `lifetime` from the database, and
    /// this instance's copies (and files cut off while arriving) once the file
    /// system's clock says they are as old.
    func removeStale(now: Date) async {
        try? await repository.removeExpired(now: now)
        let manager = FileManager.default
        let cutoff = Date().addingTimeInterval(-Self.lifetime)
        for lifter in (try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? [] {
            for file in (try? manager.contentsOfDirectory(at: lifter, includingPropertiesForKeys: [.contentModificationDateKey])) ?? [] {
                let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
                if (modified ?? .distantPast) < cutoff { try? manager.removeItem(at: file) }
            }
        }
    }

    private func record(token: String, userID: UUID) async throws -> Upload? {
        guard Self.isWellFormed(token), let record = try await repository.find(token: token, userID: userID),
            let source = ImportSource(rawValue: record.source)
        else { return nil }
        return Upload(
            token: record.token, source: source, fileName: record.fileName, uploadedAt: record.uploadedAt,
            result: record.result.flatMap { try? JSONDecoder().decode(ImportOutcomeRecord.self, from: Data($0.utf8)) })
    }

    private func folder(for userID: UUID) -> URL {
        root.appendingPathComponent(userID.text, isDirectory: true)
    }

    private func cachedURL(token: String, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent("\(token).csv")
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
