import Foundation
import SpotterCore

/// Exercise images, in the database (`stored_images`) so that any instance serves
/// them and a backup holds them. Each is named by a random id, never by what the
/// upload was called.
///
/// Before `M016` they were files in the data folder (`images/<user>/<name>`). Those
/// are moved in when the server starts (`moveFilesIntoDatabase`), and until then an
/// image the database lacks is read from its file, so none goes missing mid-move.
public struct ImageStore: Sendable {
    let store: SpotterStore
    /// The folder the images were kept in before they moved into the database.
    public let legacyRoot: URL

    public init(store: SpotterStore, dataDirectory: URL) {
        self.store = store
        legacyRoot = dataDirectory.appendingPathComponent("images", isDirectory: true)
    }

    /// Checks an upload and stores it without its metadata (EXIF, GPS, XMP, comments:
    /// `ImageFormat.strippingMetadata`); returns what to record on the exercise. Every
    /// image stored goes through here: uploads on the page and the API, and imports.
    public func save(_ bytes: [UInt8], userID: UUID, now: Date) async throws -> StoredImage {
        let format: ImageFormat
        let clean: [UInt8]
        do {
            format = try ImageFormat.validateUpload(bytes)
            clean = try format.strippingMetadata(bytes)
        } catch { throw SpotterError.invalid(error) }
        let image = StoredImage(fileName: "\(UUID().text).\(format.fileExtension)", format: format, byteCount: clean.count)
        try await store.database.writeTransaction { db in
            try await StoredImageRows.insert(image, bytes: clean, userID: userID, now: now, on: db)
        }
        return image
    }

    /// A stored image's bytes as they may leave the server (served or exported):
    /// without metadata, also for one stored before uploads were stripped. Nil when
    /// it is gone, or too damaged to strip (then it is not handed out).
    public func contents(of image: StoredImage, userID: UUID) async throws -> [UInt8]? {
        try await contents(of: [image], userID: userID)[image.fileName]
    }

    /// The bytes of several of a lifter's images, by name (an export reads them all at once).
    public func contents(of images: [StoredImage], userID: UUID) async throws -> [String: [UInt8]] {
        let stored = try await StoredImageRows.bytes(names: images.map(\.fileName), userID: userID, on: store.reader)
        var result: [String: [UInt8]] = [:]
        for image in images {
            guard let bytes = stored[image.fileName] ?? legacyFile(of: image, userID: userID) else { continue }
            result[image.fileName] = try? image.format.strippingMetadata(bytes)
        }
        return result
    }

    public func remove(_ image: StoredImage, userID: UUID) async {
        try? await store.database.writeTransaction { db in
            try await StoredImageRows.delete(name: image.fileName, userID: userID, on: db)
        }
        try? FileManager.default.removeItem(at: legacyURL(of: image, userID: userID))
    }

    /// Moves every image file an exercise names into the database, then removes the
    /// file (and the folder once empty). An exercise whose file is gone keeps its
    /// record and serves no picture, as before. Returns how many moved. Safe to run
    /// again, and by several instances at once: a name already stored is skipped.
    @discardableResult
    public func moveFilesIntoDatabase(now: Date) async throws -> Int {
        guard FileManager.default.fileExists(atPath: legacyRoot.path) else { return 0 }
        var moved = 0
        for (userID, image) in try await StoredImageRows.missing(on: store.database) {
            guard let bytes = legacyFile(of: image, userID: userID) else { continue }
            try await store.database.writeTransaction { db in
                guard try await StoredImageRows.bytes(names: [image.fileName], userID: userID, on: db).isEmpty else { return }
                try await StoredImageRows.insert(image, bytes: bytes, userID: userID, now: now, on: db)
            }
            try? FileManager.default.removeItem(at: legacyURL(of: image, userID: userID))
            moved += 1
        }
        let manager = FileManager.default
        for folder in (try? manager.contentsOfDirectory(at: legacyRoot, includingPropertiesForKeys: nil)) ?? [] {
            if (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true { try? manager.removeItem(at: folder) }
        }
        if (try? manager.contentsOfDirectory(atPath: legacyRoot.path))?.isEmpty == true {
            try? manager.removeItem(at: legacyRoot)
        }
        return moved
    }

    /// Where an image was kept before `M016`.
    public func legacyURL(of image: StoredImage, userID: UUID) -> URL {
        legacyRoot.appendingPathComponent(userID.text, isDirectory: true).appendingPathComponent(image.fileName)
    }

    private func legacyFile(of image: StoredImage, userID: UUID) -> [UInt8]? {
        FileManager.default.contents(atPath: legacyURL(of: image, userID: userID).path).map(Array.init)
    }
}
