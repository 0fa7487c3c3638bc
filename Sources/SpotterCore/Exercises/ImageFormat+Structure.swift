/// A picture is taken only when its whole structure reads as the format its first
/// bytes claim, to the last byte: a PNG signature followed by a web page (or any
/// file with a picture glued in front) is no picture.
extension ImageFormat {
    /// Whether `bytes` are one whole, well-formed file of this format.
    public func isWellFormed(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .png: Self.isWellFormedPNG(bytes)
        case .jpeg: Self.isWellFormedJPEG(bytes)
        case .webp: Self.isWellFormedWebP(bytes)
        }
    }

    /// Signature, IHDR first (13 bytes, sides of at least 1), every chunk's CRC right,
    /// at least one IDAT, and IEND as the very last chunk.
    static func isWellFormedPNG(_ bytes: [UInt8]) -> Bool {
        var offset = 8
        var sawHeader = false, sawData = false
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            let typeStart = offset + 4, dataStart = offset + 8
            guard length <= bytes.count - dataStart - 4 else { return false }
            let type = Array(bytes[typeStart..<typeStart + 4])
            guard type.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return false }
            let crcStart = dataStart + length
            guard CRC32.checksum(bytes[typeStart..<crcStart]) == bigEndian32(bytes, at: crcStart) else { return false }
            let name = String(decoding: type, as: UTF8.self)
            if !sawHeader {
                guard name == "IHDR", length == 13 else { return false }
                let width = bigEndian32(bytes, at: dataStart), height = bigEndian32(bytes, at: dataStart + 4)
                guard width >= 1, height >= 1 else { return false }
                sawHeader = true
            }
            if name == "IDAT" { sawData = true }
            offset = crcStart + 4
            if name == "IEND" { return sawData && offset == bytes.count }
        }
        return false
    }

    /// SOI, marker segments whose lengths add up, a frame header (SOFn) with sides
    /// of at least 1 before the scan, and EOI as the last two bytes (zero padding after it
    /// is allowed, as some cameras write it).
    static func isWellFormedJPEG(_ bytes: [UInt8]) -> Bool {
        wellFormedJPEGFrame(bytes) != nil
    }

    /// The size its frame header gives a well-formed JPEG (see `isWellFormedJPEG`), else nil.
    static func wellFormedJPEGFrame(_ bytes: [UInt8]) -> PixelSize? {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 { end -= 1 }
        guard end >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[end - 2] == 0xFF, bytes[end - 1] == 0xD9 else { return nil }
        var offset = 2
        var frame: PixelSize?
        while offset + 4 <= end {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= end else { return nil }
            if [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker) {
                guard length >= 8 else { return nil }
                let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
                guard height >= 1, width >= 1 else { return nil }
                frame = PixelSize(width: width, height: height)
            }
            // Start of scan: the entropy-coded data runs to EOI.
            if marker == 0xDA { return offset + 2 + length < end - 2 ? frame : nil }
            offset += 2 + length
        }
        return nil
    }

    /// RIFF's size is the file's size less 8, then WEBP and chunks (padded to even
    /// lengths) that fill the file exactly, the first one VP8, VP8L or VP8X.
    static func isWellFormedWebP(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 20, Int(littleEndian32(bytes, at: 4)) == bytes.count - 8 else { return false }
        var offset = 12
        var first = true
        while offset + 8 <= bytes.count {
            let name = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = Int(littleEndian32(bytes, at: offset + 4))
            if first {
                guard ["VP8 ", "VP8L", "VP8X"].contains(name), length > 0 else { return false }
                first = false
            }
            let next = offset + 8 + length + (length & 1)
            guard next <= bytes.count || (next == bytes.count + 1 && length & 1 == 1) else { return false }
            offset = min(next, bytes.count)
        }
        return !first && offset == bytes.count
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320).
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
