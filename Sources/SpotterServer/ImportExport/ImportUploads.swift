import Foundation
import SpotterCore
import SpotterImport

/// Uploaded exports waiting between the preview and the import: the file and a
/// small record of it, in a folder of the lifter's own under the data directory,
/// named by a random token. A token is only looked up in its lifter's folder, so
/// nobody can open another lifter's upload, and the names never come from the upload.
struct ImportUploads: Sendable {
    /// What the preview and the import need to know besides the file.
    struct Upload: Codable, Sendable {
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
    /// The largest file taken, in bytes.
    let fileLimit: Int
    /// Uploads older than this are removed when anyone uploads again.
    static let lifetime: TimeInterval = 24 * 3600

    init(dataDirectory: URL, fileLimit: Int) {
        root = dataDirectory.appendingPathComponent("imports", isDirectory: true)
        self.fileLimit = fileLimit
    }

    /// A new token (32 hex digits) and the empty folder its file goes into.
    func reserve(userID: UUID) throws -> String {
        try FileManager.default.createDirectory(at: folder(for: userID), withIntermediateDirectories: true)
        return RandomToken.hex(bytes: 16)
    }

    /// Where an upload is written while it arrives.
    func receivingURL(token: String, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent("\(token).part")
    }

    /// Where the file of a recorded upload is read.
    func fileURL(token: String, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent("\(token).csv")
    }

    /// Records a received file that reads well: from now on its token finds it.
    func keep(_ upload: Upload, userID: UUID) throws {
        let data = try JSONEncoder().encode(upload)
        try data.write(to: recordURL(token: upload.token, userID: userID), options: .atomic)
        try FileManager.default.moveItem(at: receivingURL(token: upload.token, userID: userID), to: fileURL(token: upload.token, userID: userID))
    }

    /// The lifter's upload of this token; nil for a malformed token, one of another
    /// lifter, and one imported or removed already.
    func find(token: String, userID: UUID) -> Upload? {
        guard Self.isWellFormed(token),
            FileManager.default.fileExists(atPath: fileURL(token: token, userID: userID).path),
            let data = try? Data(contentsOf: recordURL(token: token, userID: userID)),
            let upload = try? JSONDecoder().decode(Upload.self, from: data), upload.token == token
        else { return nil }
        return upload
    }

    /// An upload imported through the API: its file goes, its record stays with what
    /// the import did until it is as old as any upload kept.
    func markImported(_ upload: Upload, result: ImportOutcomeRecord, userID: UUID) throws {
        var done = upload
        done.result = result
        try JSONEncoder().encode(done).write(to: recordURL(token: upload.token, userID: userID), options: .atomic)
        try? FileManager.default.removeItem(at: fileURL(token: upload.token, userID: userID))
    }

    /// The lifter's upload of this token already imported through the API, or nil.
    func imported(token: String, userID: UUID) -> Upload? {
        guard Self.isWellFormed(token), let data = try? Data(contentsOf: recordURL(token: token, userID: userID)),
            let upload = try? JSONDecoder().decode(Upload.self, from: data), upload.token == token, upload.result != nil
        else { return nil }
        return upload
    }

    func remove(token: String, userID: UUID) {
        guard Self.isWellFormed(token) else { return }
        for url in [receivingURL(token: token, userID: userID), fileURL(token: token, userID: userID), recordURL(token: token, userID: userID)] {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Removes every lifter's uploads recorded more than `lifetime` before `now`. A
    /// file without a live record (being received, or cut off before it was
    /// recorded) goes once the file system's clock says it is as old.
    func removeStale(now: Date) {
        let manager = FileManager.default
        let lifters = (try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? []
        for lifter in lifters {
            let files = (try? manager.contentsOfDirectory(at: lifter, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
            var live = Set<String>()
            for record in files where record.pathExtension == "json" {
                if let data = try? Data(contentsOf: record), let upload = try? JSONDecoder().decode(Upload.self, from: data),
                    upload.uploadedAt > now.addingTimeInterval(-Self.lifetime)
                {
                    live.insert(upload.token)
                } else {
                    try? manager.removeItem(at: record)
                }
            }
            let fileSystemCutoff = Date().addingTimeInterval(-Self.lifetime)
            for file in files where file.pathExtension != "json" && !live.contains(file.deletingPathExtension().lastPathComponent) {
                let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
                if file.pathExtension == "csv" || (modified ?? .distantPast) < fileSystemCutoff { try? manager.removeItem(at: file) }
            }
        }
    }

    private func folder(for userID: UUID) -> URL {
        root.appendingPathComponent(userID.text, isDirectory: true)
    }

    private func recordURL(token: String, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent("\(token).json")
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
