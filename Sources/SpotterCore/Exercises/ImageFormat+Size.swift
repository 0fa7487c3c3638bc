/// How large a picture is once decoded, read from its header. A file of 5 MB may
/// claim 65535 x 65535 pixels (a JPEG) or 16 million a side (a WebP canvas): every
/// browser that shows it would set aside width x height x 4 bytes, 16 GB for that
/// JPEG. So one limit holds for every format, on each side and on the whole.
extension ImageFormat {
    /// Width and height in pixels.
    public struct PixelSize: Sendable, Equatable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The longest side taken: far above any camera's (a 200-megapixel phone
    /// picture is 16,320 pixels wide).
    public static let maxSide = 20_000
    /// The most pixels taken: 40 megapixels, 160 MB once decoded at 4 bytes a pixel,
    /// about what phones' 48-megapixel pictures hold after the 5 MB limit.
    public static let maxPixels = 40_000_000

    /// The size a well-formed file of this format says it has (`isWellFormed`), or
    /// nil when its header does not say (a WebP frame without its start code).
    public func pixelSize(of bytes: [UInt8]) -> PixelSize? {
        switch self {
        case .png:
            // Signature (8), IHDR's length and name (8), then width and height.
            guard bytes.count >= 24 else { return nil }
            return PixelSize(width: Int(Self.bigEndian32(bytes, at: 16)), height: Int(Self.bigEndian32(bytes, at: 20)))
        case .jpeg:
            return Self.wellFormedJPEGFrame(bytes)
        case .webp:
            return Self.webPCanvas(bytes)
        }
    }

    /// What is wrong with a picture of `size`, or nil when it may be taken.
    public static func sizeProblem(_ size: PixelSize) -> String? {
        guard size.width > maxSide || size.height > maxSide || size.width * size.height > maxPixels else { return nil }
        return "The picture is too large: \(size.width) x \(size.height) pixels. Pictures may have at most \(grouped(maxSide)) "
            + "pixels a side and \(maxPixels / 1_000_000) megapixels in all; save a smaller copy and upload that."
    }

    /// The size of a WebP from its first chunk: the VP8X canvas (24 bits a side, less
    /// one), a lossless VP8L header (14 bits a side, less one) or a lossy VP8 key frame
    /// (14 bits a side after the start code 9D 01 2A).
    static func webPCanvas(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 20 else { return nil }
        let name = String(decoding: bytes[12..<16], as: UTF8.self)
        let length = Int(littleEndian32(bytes, at: 16)), data = 20
        guard data + length <= bytes.count else { return nil }
        func little(_ offset: Int, _ count: Int) -> Int {
            bytes[data + offset..<data + offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        switch name {
        case "VP8X" where length >= 10:
            return PixelSize(width: little(4, 3) + 1, height: little(7, 3) + 1)
        case "VP8L" where length >= 5 && bytes[data] == 0x2F:
            let bits = little(1, 4)
            return PixelSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8 " where length >= 10 && Array(bytes[data + 3..<data + 6]) == [0x9D, 0x01, 0x2A]:
            return PixelSize(width: little(6, 2) & 0x3FFF, height: little(8, 2) & 0x3FFF)
        default:
            return nil
        }
    }

    /// 20000 as "20,000".
    private static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        return digits.enumerated().map { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : String(digit)
        }.joined()
    }
}
