import Foundation
import SpotterCore

/// Exercise images on disk, one folder per user under the data directory. Files are
/// named by random ids and never by what the upload was called.
public struct ImageStore: Sendable {
    public let root: URL

    public init(dataDirectory: URL) {
        root = dataDirectory.appendingPathComponent("images", isDirectory: true)
    }

    private func folder(for userID: UUID) -> URL {
        root.appendingPathComponent(userID.text, isDirectory: true)
    }

    /// Checks an upload and writes it without its metadata (EXIF, GPS, XMP, comments:
    /// `ImageFormat.strippingMetadata`); returns what to record on the exercise. Every
    /// image stored goes through here: uploads on the page and the API, and imports.
    public func save(_ bytes: [UInt8], userID: UUID) throws -> StoredImage {
        let format: ImageFormat
        let clean: [UInt8]
        do {
            format = try ImageFormat.validateUpload(bytes)
            clean = try format.strippingMetadata(bytes)
        } catch { throw SpotterError.invalid(error) }
        let name = "\(UUID().text).\(format.fileExtension)"
        let folder = folder(for: userID)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(clean).write(to: folder.appendingPathComponent(name), options: .atomic)
        return StoredImage(fileName: name, format: format, byteCount: clean.count)
    }

    /// A stored image's bytes as they may leave the server (served or exported):
    /// without metadata, also for a file stored before uploads were stripped. Nil
    /// when the file is gone, or too damaged to strip (then it is not handed out).
    public func contents(of image: StoredImage, userID: UUID) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: url(of: image, userID: userID).path) else { return nil }
        return try? image.format.strippingMetadata(Array(data))
    }

    /// The path of a stored image of this user.
    public func url(of image: StoredImage, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent(image.fileName)
    }

    public func remove(_ image: StoredImage, userID: UUID) {
        try? FileManager.default.removeItem(at: url(of: image, userID: userID))
    }
}
