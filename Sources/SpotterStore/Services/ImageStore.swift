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

    /// Checks and writes an upload; returns what to record on the exercise.
    public func save(_ bytes: [UInt8], userID: UUID) throws -> StoredImage {
        let format: ImageFormat
        do { format = try ImageFormat.validateUpload(bytes) } catch { throw SpotterError.invalid(error) }
        let name = "\(UUID().text).\(format.fileExtension)"
        let folder = folder(for: userID)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: folder.appendingPathComponent(name), options: .atomic)
        return StoredImage(fileName: name, format: format, byteCount: bytes.count)
    }

    /// The path of a stored image of this user.
    public func url(of image: StoredImage, userID: UUID) -> URL {
        folder(for: userID).appendingPathComponent(image.fileName)
    }

    public func remove(_ image: StoredImage, userID: UUID) {
        try? FileManager.default.removeItem(at: url(of: image, userID: userID))
    }
}
