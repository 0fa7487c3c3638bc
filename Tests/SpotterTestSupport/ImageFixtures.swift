import Foundation
import SpotterCore

/// Pictures built by hand, byte by byte, for the tests of metadata stripping: whole
/// 1x1 files as an editor saves them, and the metadata a phone adds to them.
public enum ImageFixtures {
    /// SOI, APP0 (JFIF), two quantisation tables, the frame, Huffman tables, one scan, EOI.
    public static let jpeg = [UInt8](
        Data(
            base64Encoded: """
                /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQj\
                hCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtR\
                AAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhI\
                WGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtR\
                EAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6go\
                OEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwCSiiivGPWP/9k=
                """)!)
    /// Signature, IHDR, IDAT, IEND.
    public static let png = [UInt8](
        Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4UaEBAAN0AWnL+tDXAAAAAElFTkSuQmCC")!)
    /// The VP8L chunk of a lossless 1x1 WebP (17 bytes of data and a pad byte).
    public static let vp8lChunk = Array(
        [UInt8](Data(base64Encoded: "UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAdQvCIXpf+BiOh/AAA=")!)[12...])

    /// What the GPS tags below say, to look for in a file.
    public static let cameraName = Array("SpyCam".utf8)

    /// A TIFF structure as EXIF holds it (big-endian): IFD0 with the camera's make and a
    /// pointer to the GPS IFD, which places the picture at 51 30' N, 0 7' W.
    public static let exif: [UInt8] = {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let make = 38, gps = 46, latitude = 100, longitude = 124
        var tiff: [UInt8] = Array("MM".utf8) + u16(42) + u32(8)
        tiff += u16(2) + entry(0x010F, 2, 7, u32(make)) + entry(0x8825, 4, 1, u32(gps)) + u32(0)
        tiff += cameraName + [0, 0]
        tiff +=
            u16(4) + entry(0x0001, 2, 2, Array("N".utf8) + [0]) + entry(0x0002, 5, 3, u32(latitude))
            + entry(0x0003, 2, 2, Array("W".utf8) + [0]) + entry(0x0004, 5, 3, u32(longitude)) + u32(0)
        tiff += [51, 30, 0].flatMap { u32($0) + u32(1) } + [0, 7, 0].flatMap { u32($0) + u32(1) }
        precondition(tiff.count == 148, "the offsets above match the layout")
        return Array("Exif".utf8) + [0, 0] + tiff
    }()

    /// A JPEG marker segment: 0xFF, the marker, the length (counting itself), the payload.
    public static func jpegSegment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// `jpeg` with its frame header (SOF0) claiming `width` x `height`: still one
    /// well-formed file, which only its size may refuse.
    public static func jpeg(claiming width: Int, _ height: Int) -> [UInt8] {
        var bytes = jpeg
        let frame = (2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        bytes[frame + 5...frame + 8] = [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        return bytes
    }

    /// `jpeg` as a phone saves it: the EXIF segment (with GPS) right after SOI.
    public static let jpegWithGPS = Array(jpeg[0..<2]) + jpegSegment(0xE1, exif) + Array(jpeg[2...])

    /// A PNG chunk with its length and CRC.
    public static func pngChunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(name.utf8) + data
        let crc = CRC32.checksum(body[...])
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    /// A RIFF chunk with its little-endian length and a pad byte after an odd length.
    public static func riffChunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        Array(name.utf8) + bigEndian(UInt32(data.count)).reversed() + data + (data.count % 2 == 1 ? [0] : [])
    }

    /// A WebP file of these chunks, its RIFF size set.
    public static func webp(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = Array("WEBP".utf8) + chunks.flatMap { $0 }
        return Array("RIFF".utf8) + bigEndian(UInt32(body.count)).reversed() + body
    }

    /// Whether `bytes` hold `part` anywhere.
    public static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty, bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<$0 + part.count].elementsEqual(part) }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
