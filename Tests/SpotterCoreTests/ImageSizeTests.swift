import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// Pictures whose headers claim sizes, built from the 1x1 fixtures: only the header
/// changes, so each file stays well-formed and only its size can refuse it.
@Suite("ImageFormat: one size limit for every format")
struct ImageSizeTests {
    typealias F = ImageFixtures

    static func jpeg(_ width: Int, _ height: Int) -> [UInt8] { F.jpeg(claiming: width, height) }

    /// A PNG whose IHDR (with its CRC) says `width` x `height`, with the fixture's pixels.
    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + Array(F.png[24..<29])
        return Array(F.png[0..<8]) + F.pngChunk("IHDR", header) + Array(F.png[33...])
    }

    /// A WebP whose VP8X chunk gives a canvas of `width` x `height` (24 bits a side, less one).
    static func webpCanvas(_ width: Int, _ height: Int) -> [UInt8] {
        F.webp([F.riffChunk("VP8X", [0, 0, 0, 0] + little24(width - 1) + little24(height - 1)), F.vp8lChunk])
    }

    /// A lossless WebP whose VP8L header says `width` x `height` (14 bits a side, less one).
    static func webpLossless(_ width: Int, _ height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        var chunk = F.vp8lChunk
        chunk[9...12] = ArraySlice([0, 8, 16, 24].map { UInt8(truncatingIfNeeded: bits >> $0) })
        return F.webp([chunk])
    }

    /// A lossy WebP key frame header (VP8) of `width` x `height`.
    static func webpLossy(_ width: Int, _ height: Int) -> [UInt8] {
        F.webp([F.riffChunk("VP8 ", [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + little16(width) + little16(height))])
    }

    static func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func little16(_ value: Int) -> [UInt8] { [0, 8].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func little24(_ value: Int) -> [UInt8] { [0, 8, 16].map { UInt8(truncatingIfNeeded: value >> $0) } }

    static func message(_ width: Int, _ height: Int) -> String {
        "The picture is too large: \(width) x \(height) pixels. Pictures may have at most 20,000 pixels a side and 40 megapixels in all; "
            + "save a smaller copy and upload that."
    }

    @Test("Every format's header is read for its size")
    func sizes() {
        #expect(ImageFormat.png.pixelSize(of: F.png) == .init(width: 1, height: 1))
        #expect(ImageFormat.jpeg.pixelSize(of: F.jpeg) == .init(width: 1, height: 1))
        #expect(ImageFormat.webp.pixelSize(of: F.webp([F.vp8lChunk])) == .init(width: 1, height: 1))
        #expect(ImageFormat.png.pixelSize(of: Self.png(640, 480)) == .init(width: 640, height: 480))
        #expect(ImageFormat.jpeg.pixelSize(of: Self.jpeg(4032, 3024)) == .init(width: 4032, height: 3024))
        #expect(ImageFormat.webp.pixelSize(of: Self.webpCanvas(16_000_000, 2)) == .init(width: 16_000_000, height: 2))
        #expect(ImageFormat.webp.pixelSize(of: Self.webpLossless(16384, 3)) == .init(width: 16384, height: 3))
        #expect(ImageFormat.webp.pixelSize(of: Self.webpLossy(1920, 1080)) == .init(width: 1920, height: 1080))
    }

    /// Each format over the side limit, over the pixel limit with sides under it, and
    /// the largest JPEG header can say (16 GB once decoded). Before, only PNG had a limit.
    static let tooLarge: [(String, [UInt8], Int, Int)] = [
        ("a JPEG of 65535 x 65535", jpeg(65535, 65535), 65535, 65535),
        ("a JPEG 20,001 wide", jpeg(20001, 10), 20001, 10),
        ("a JPEG of 8000 x 5001 (40,008,000 pixels)", jpeg(8000, 5001), 8000, 5001),
        ("a PNG 20,001 high", png(1, 20001), 1, 20001),
        ("a PNG of 10,000 x 4,001", png(10000, 4001), 10000, 4001),
        ("a WebP canvas 16 million wide", webpCanvas(16_000_000, 1), 16_000_000, 1),
        ("a lossless WebP of 16384 x 16384", webpLossless(16384, 16384), 16384, 16384),
        ("a lossy WebP of 16383 x 16383", webpLossy(16383, 16383), 16383, 16383),
    ]

    @Test(
        "A picture over 20,000 pixels a side or over 40 megapixels is refused, naming the limit, in every format",
        arguments: tooLarge)
    func refused(_ name: String, _ bytes: [UInt8], _ width: Int, _ height: Int) throws {
        let failure = try #require(throws: ValidationFailure.self) { try ImageFormat.validateUpload(bytes) }
        #expect(failure.issues == [FieldIssue(field: "image", message: Self.message(width, height))])
    }

    @Test(
        "Pictures at the limits are taken",
        arguments: [
            (jpeg(20000, 2000), ImageFormat.jpeg), (jpeg(8000, 5000), .jpeg), (png(2000, 20000), .png), (png(6325, 6324), .png),
            (webpCanvas(20000, 2000), .webp), (webpLossless(16384, 2441), .webp), (webpLossy(4000, 3000), .webp),
        ])
    func atTheLimits(_ bytes: [UInt8], _ format: ImageFormat) throws {
        #expect(try ImageFormat.validateUpload(bytes) == format)
    }

    @Test("A lossy WebP whose frame lacks its start code is damaged")
    func lossyWithoutStartCode() throws {
        var bytes = Self.webpLossy(10, 10)
        bytes[23] = 0
        let failure = try #require(throws: ValidationFailure.self) { try ImageFormat.validateUpload(bytes) }
        #expect(
            failure.first.message
                == "This WebP file is damaged or is not only a picture. Save the image again and upload that file.")
    }
}
