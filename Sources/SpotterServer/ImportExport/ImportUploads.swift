import Foundation
import SpotterCore
import SpotterImport
import SpotterStore

/// Uploaded exports waiting between the preview and the import. The record and the
/// bytes are in the database (`ImportUploadRepository`), so the preview and the
/// import may be served by different instances, and that is the only copy kept: the
/// file a request reads is the one it received, or a copy made from the database for
/// that request and removed after it (`withFile`). How much may wait is bounded
/// (`ImportRoom`). A token is only looked up with its lifter, so nobody can open
/// another lifter's upload, and the names never come from the upload.
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
    /// How many uploads, and how many bytes of them, may wait.
    let room: ImportRoom
    /// Uploads older than this are removed when anyone uploads again.
    static let lifetime: TimeInterval = 24 * 3600
    /// Files a request left behind (a crash while it read) are removed after this long.
    static let leftoverLifetime: TimeInterval = 3600

    init(store: SpotterStore, dataDirectory: URL, fileLimit: Int, room: ImportRoom = ImportRoom()) {
        root = dataDirectory.appendingPathComponent("imports", isDirectory: true)
        repository = ImportUploadRepository(store: store)
        self.fileLimit = fileLimit
        self.room = room
    }

    /// A new token (32 hex digits) and the empty folder its file arrives in, once
    /// the server has room for `expectedBytes` more (the request's length, when it
    /// says): refused with 503 while everyone's waiting uploads fill the server's
    /// share, or the disk would keep less than its reserve free.
    func reserve(userID: UUID, expectedBytes: Int?) async throws -> String {
        let incoming = min(expectedBytes ?? fileLimit, fileLimit)
        guard room.serverTakes(incoming, waitingOnServer: try await repository.waitingBytes()) else {
            throw Self.noRoom(
                "The server holds as many imports waiting for their preview as it takes. Try again in a few minutes.")
        }
        try FileManager.default.createDirectory(at: folder(for: userID), withIntermediateDirectories: true)
        if let disk = DiskSpace(of: root), !ImportRoom.diskTakes(incoming, free: disk.free, volume: disk.total) {
            throw Self.noRoom(
                "The server's disk is nearly full, so it takes no imports now (what you log still saves). Try again later.")
        }
        return RandomToken.hex(bytes: 16)
    }

    private static func noRoom(_ message: String) -> APIProblem {
        var problem = APIProblem(status: .serviceUnavailable, code: "unavailable", message: message, field: "file")
        problem.headers[.retryAfter] = "300"
        return problem
    }

    /// Where an upload is written while it arrives.
    func receivingURL(token: String, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent("\(token).part")
    }

    /// Records a received file that reads well, in the database: from now on its
    /// token finds it on every instance. The lifter's oldest waiting uploads make way
    /// first when this one would pass their share (`ImportRoom`). The received file
    /// stays for the rest of this request (`withFile` reads it); `letGo` removes it.
    func keep(_ upload: Upload, userID: UUID) async throws {
        let received = receivingURL(token: upload.token, userID: userID)
        let size = (try? FileManager.default.attributesOfItem(atPath: received.path)[.size] as? Int) ?? 0
        let waiting = try await repository.waiting(userID: userID).map {
            ImportRoom.Waiting(token: $0.token, bytes: $0.byteCount, uploadedAt: $0.uploadedAt)
        }
        for token in room.making(roomFor: size, among: waiting) { await remove(token: token, userID: userID) }
        try await repository.save(
            ImportUploadRecord(
                token: upload.token, userID: userID, source: upload.source.rawValue, fileName: upload.fileName, byteCount: size,
                uploadedAt: upload.uploadedAt, expiresAt: upload.uploadedAt.addingTimeInterval(Self.lifetime)),
            file: received)
        try FileManager.default.moveItem(at: received, to: heldURL(token: upload.token, userID: userID))
    }

    /// Removes this instance's files of an upload once the request that received it
    /// is answered: the database keeps the upload.
    func letGo(token: String, userID: UUID) {
        for url in [receivingURL(token: token, userID: userID), heldURL(token: token, userID: userID)] {
            try? FileManager.default.removeItem(at: url)
        }
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

    /// Runs `body` with the upload's file on this instance's disk: the file this
    /// request received, or a copy made from the database for `body` alone (then
    /// removed, so the database holds the only lasting copy).
    func withFile<T>(of upload: Upload, userID: UUID, _ body: (URL) async throws -> T) async throws -> T {
        let held = heldURL(token: upload.token, userID: userID)
        if FileManager.default.fileExists(atPath: held.path) { return try await body(held) }
        guard let record = try await repository.find(token: upload.token, userID: userID) else {
            throw SpotterError.notFound("The upload")
        }
        try FileManager.default.createDirectory(at: folder(for: userID), withIntermediateDirectories: true)
        let copy = folder(for: userID).appendingPathComponent("\(upload.token).\(RandomToken.hex(bytes: 4)).copy")
        defer { try? FileManager.default.removeItem(at: copy) }
        try await repository.copy(record, to: copy)
        return try await body(copy)
    }

    /// An upload imported through the API: its bytes go, its record stays with what
    /// the import did until it expires.
    func markImported(_ upload: Upload, result: ImportOutcomeRecord, userID: UUID) async throws {
        let text = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        try await repository.markImported(token: upload.token, userID: userID, result: text)
    }

    func remove(token: String, userID: UUID) async {
        guard Self.isWellFormed(token) else { return }
        await repository.remove(token: token, userID: userID)
        letGo(token: token, userID: userID)
    }

    /// Removes every lifter's uploads older than `lifetime` from the database, and
    /// the files requests left on this instance (a crash while one read) once the
    /// file system's clock says they are `leftoverLifetime` old.
    func removeStale(now: Date) async {
        try? await repository.removeExpired(now: now)
        let manager = FileManager.default
        let cutoff = Date().addingTimeInterval(-Self.leftoverLifetime)
        for lifter in (try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? [] {
            for file in (try? manager.contentsOfDirectory(at: lifter, includingPropertiesForKeys: [.contentModificationDateKey]))
                ?? []
            {
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

    /// The file a request received, once kept, for the rest of that request.
    private func heldURL(token: String, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent("\(token).csv")
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
