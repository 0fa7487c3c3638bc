/// An uploaded picture loses what it says about where, when and with what it was
/// taken before it is stored, served or exported: EXIF (with any GPS position),
/// XMP, IPTC, comments and text. The picture data itself is copied byte for byte
/// (nothing is decoded or re-encoded), and so is what a viewer needs to show it
/// right: the JFIF header, the ICC colour profile and Adobe's colour-transform
/// marker of a JPEG, and every PNG or WebP chunk that is not metadata.
extension ImageFormat {
    /// `bytes` without their metadata, or a clear refusal when they are not one
    /// well-formed file of this format. Stripping a stripped file changes nothing.
    public func strippingMetadata(_ bytes: [UInt8]) throws(ValidationFailure) -> [UInt8] {
        let stripped: [UInt8]?
        switch self {
        case .jpeg: stripped = Self.strippedJPEG(bytes)
        case .png: stripped = isWellFormed(bytes) ? Self.strippedPNG(bytes) : nil
        case .webp: stripped = isWellFormed(bytes) ? Self.strippedWebP(bytes) : nil
        }
        guard let stripped else {
            throw ValidationFailure(
                field: "image",
                message:
                    "This \(displayName) file is damaged: its parts do not fit together. Save the image again and upload that file."
            )
        }
        return stripped
    }

    /// The PNG chunks that hold text, EXIF or the time of the last change.
    static let pngMetadataChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]
    /// The WebP chunks of EXIF and XMP, and the VP8X flags that announce them.
    static let webpMetadataChunks: Set<String> = ["EXIF", "XMP "]
    static let webpMetadataFlags: UInt8 = 0x08 | 0x04

    /// Marker segments up to each scan are kept or dropped one by one; the
    /// entropy-coded data of a scan is copied up to the next marker. Anything after
    /// EOI (padding) is left off. Nil when the segments do not fit the file.
    static func strippedJPEG(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var result: [UInt8] = [0xFF, 0xD8]
        result.reserveCapacity(bytes.count)
        var offset = 2
        var sawScan = false
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:  // fill byte before a marker
                offset += 1
                continue
            case 0xD9:  // EOI
                guard sawScan else { return nil }
                return result + [0xFF, 0xD9]
            case 0x01, 0xD0...0xD7:  // markers without a length
                result += [0xFF, marker]
                offset += 2
                continue
            default:
                break
            }
            guard offset + 4 <= bytes.count else { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if keepsJPEGSegment(marker, payload: bytes[offset + 4..<end]) { result += bytes[offset..<end] }
            offset = end
            if marker == 0xDA {
                sawScan = true
                // The scan's data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker within it.
                var next = offset
                while next + 1 < bytes.count,
                    !(bytes[next] == 0xFF && bytes[next + 1] != 0x00 && !(0xD0...0xD7).contains(bytes[next + 1]))
                {
                    next += 1
                }
                guard next + 1 < bytes.count else { return nil }
                result += bytes[offset..<next]
                offset = next
            }
        }
        return nil
    }

    /// APP0 (JFIF), APP2 when it is an ICC profile and APP14 when it is Adobe's colour
    /// transform (without it a CMYK picture shows inverted) stay; every other APPn and
    /// COM go. Frame, table and scan segments stay.
    static func keepsJPEGSegment(_ marker: UInt8, payload: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0: true
        case 0xE2: payload.starts(with: Array("ICC_PROFILE\0".utf8))
        case 0xEE: payload.starts(with: Array("Adobe".utf8))
        case 0xE1...0xEF, 0xFE: false
        default: true
        }
    }

    /// Every chunk but the metadata ones, copied with its CRC (the file is checked first).
    static func strippedPNG(_ bytes: [UInt8]) -> [UInt8] {
        var result = Array(bytes[0..<8])
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let name = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 12 + length
            if !pngMetadataChunks.contains(name) { result += bytes[offset..<end] }
            offset = end
        }
        return result
    }

    /// Every chunk but EXIF and XMP, the VP8X flags for them cleared and the RIFF
    /// size set anew (the file is checked first).
    static func strippedWebP(_ bytes: [UInt8]) -> [UInt8] {
        var result = Array(bytes[0..<12])
        var offset = 12
        while offset + 8 <= bytes.count {
            let name = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = Int(bytes[offset + 4..<offset + 8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let end = min(offset + 8 + length + (length & 1), bytes.count)
            if !webpMetadataChunks.contains(name) {
                let start = result.count
                result += bytes[offset..<end]
                if name == "VP8X", length > 0 { result[start + 8] &= ~webpMetadataFlags }
            }
            offset = end
        }
        let size = UInt32(result.count - 8)
        for index in 0..<4 { result[4 + index] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(index))) }
        return result
    }
}
