/// The picture formats an exercise image may have, recognised by the bytes of the
/// file, never by its name.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case png, jpeg, webp

    /// The largest image accepted: 5 MB.
    public static let maxByteCount = 5 * 1024 * 1024

    public var contentType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }

    /// "PNG", "JPEG", "WebP".
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        }
    }

    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }

    /// The format whose signature starts these bytes, or nil.
    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        let head = Array(bytes.prefix(16))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count >= 4, head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    /// Checks an upload and returns its format, or says what is wrong with it: empty,
    /// over 5 MB, no PNG, JPEG or WebP, not one whole file, or too many pixels (`sizeProblem`).
    public static func validateUpload<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(ValidationFailure) -> ImageFormat {
        if bytes.isEmpty {
            throw ValidationFailure(field: "image", message: "The image file is empty.")
        }
        if bytes.count > maxByteCount {
            throw ValidationFailure(field: "image", message: "The image is too large: at most 5 MB.")
        }
        guard let format = detect(bytes) else {
            throw ValidationFailure(field: "image", message: "Upload a PNG, JPEG or WebP image.")
        }
        let file = Array(bytes)
        guard format.isWellFormed(file), let size = format.pixelSize(of: file) else {
            throw ValidationFailure(
                field: "image",
                message:
                    "This \(format.displayName) file is damaged or is not only a picture. Save the image again and upload that file."
            )
        }
        if let problem = sizeProblem(size) { throw ValidationFailure(field: "image", message: problem) }
        return format
    }
}
