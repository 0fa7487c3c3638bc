import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

@Suite("ImageFormat: which uploads are pictures")
struct ImageFormatTests {
    /// Whole 1x1 pictures, as an image editor saves them.
    static let png = ImageFixtures.png
    static let jpeg = ImageFixtures.jpeg
    /// Lossless (VP8L), padded to an even length.
    static let webp = ImageFixtures.webp([ImageFixtures.vp8lChunk])
    static let gif: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]

    @Test("PNG, JPEG and WebP are recognised by their first bytes")
    func detectKnown() {
        #expect(ImageFormat.detect(Self.png) == .png)
        #expect(ImageFormat.detect(Self.jpeg) == .jpeg)
        #expect(ImageFormat.detect(Self.webp) == .webp)
    }

    @Test("Detection works on Data and on array slices too")
    func otherCollections() {
        #expect(ImageFormat.detect(Data(Self.png)) == .png)
        #expect(ImageFormat.detect(Data(Self.webp)) == .webp)
        #expect(ImageFormat.detect(([0x00] + Self.jpeg)[1...]) == .jpeg)
    }

    @Test(
        "Other content is not a picture we take",
        arguments: [
            gif,
            Array("GIF87a and then some".utf8),
            Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8),
            Array("just some text, not an image".utf8),
            Array("%PDF-1.7\n".utf8),
            Array("RIFF\u{24}\0\0\0WAVEfmt ".utf8),  // RIFF, but audio
            [0x42, 0x4D, 0x36, 0x00, 0x0C, 0x00],  // BMP
            [],
        ])
    func detectUnknown(_ bytes: [UInt8]) {
        #expect(ImageFormat.detect(bytes) == nil)
    }

    @Test("Signatures cut short are not recognised")
    func truncated() {
        #expect(ImageFormat.detect(Array(Self.png.prefix(7))) == nil)
        #expect(ImageFormat.detect(Array(Self.png.prefix(8))) == .png)
        #expect(ImageFormat.detect([0xFF, 0xD8, 0xFF] as [UInt8]) == nil)
        #expect(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xDB] as [UInt8]) == .jpeg)
        #expect(ImageFormat.detect(Array(Self.webp.prefix(11))) == nil)
        #expect(ImageFormat.detect(Array(Self.webp.prefix(12))) == .webp)
    }

    @Test("The content decides, not the file name: JPEG bytes uploaded as photo.png are a JPEG")
    func contentDecides() throws {
        let uploadedAsPNG = (fileName: "photo.png", bytes: Self.jpeg)
        #expect(try ImageFormat.validateUpload(uploadedAsPNG.bytes) == .jpeg)
        #expect(ImageFormat.detect(uploadedAsPNG.bytes)?.fileExtension == "jpg")
    }

    @Test("An empty upload is refused")
    func emptyUpload() throws {
        let failure = try #require(throws: ValidationFailure.self) { try ImageFormat.validateUpload([UInt8]()) }
        #expect(failure.issues == [FieldIssue(field: "image", message: "The image file is empty.")])
    }

    @Test("A GIF or a text file is refused with the formats to use", arguments: [gif, Array("hello".utf8)])
    func wrongFormat(_ bytes: [UInt8]) throws {
        let failure = try #require(throws: ValidationFailure.self) { try ImageFormat.validateUpload(bytes) }
        #expect(failure.issues == [FieldIssue(field: "image", message: "Upload a PNG, JPEG or WebP image.")])
    }

    /// `png` with a private chunk of `filler` bytes before IEND (chunks are length, type, data, CRC).
    static func pngWithFiller(_ filler: Int) -> [UInt8] {
        let typeAndData = Array("spTr".utf8) + [UInt8](repeating: 0x20, count: filler)
        let crc = CRC32.checksum(typeAndData[...])
        let chunk = bigEndian(UInt32(filler)) + typeAndData + bigEndian(crc)
        return Array(png.dropLast(12)) + chunk + Array(png.suffix(12))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    @Test("Exactly 5 MB is accepted")
    func exactlyFiveMB() throws {
        #expect(ImageFormat.maxByteCount == 5_242_880)
        let bytes = Self.pngWithFiller(5_242_880 - Self.png.count - 12)
        #expect(bytes.count == 5_242_880)
        #expect(try ImageFormat.validateUpload(bytes) == .png)
    }

    @Test("5 MB and one byte is refused")
    func overFiveMB() throws {
        let bytes = Self.pngWithFiller(5_242_881 - Self.png.count - 12)
        let failure = try #require(throws: ValidationFailure.self) { try ImageFormat.validateUpload(bytes) }
        #expect(failure.issues == [FieldIssue(field: "image", message: "The image is too large: at most 5 MB.")])
    }

    @Test("CRC-32 as PNG computes it: the IEND chunk's is AE 42 60 82, \"123456789\" gives CBF43926")
    func crc() {
        #expect(CRC32.checksum(Array("IEND".utf8)[...]) == 0xAE42_6082)
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
    }

    /// A web page behind a picture's signature, and pictures cut, padded or changed.
    static let html = Array("<html><script>alert(document.cookie)</script></html>".utf8)
    static let notWhole: [(String, [UInt8], ImageFormat)] = [
        ("PNG signature, then HTML", Array(png.prefix(8)) + html, .png),
        ("PNG, then HTML after IEND", png + html, .png),
        ("PNG cut before IEND", Array(png.dropLast(12)), .png),
        (
            "PNG with one byte of its pixels changed",
            {
                var b = png; b[b.count - 20] ^= 0x01; return b
            }(), .png
        ),
        ("JPEG signature, then HTML", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + html, .jpeg),
        ("JPEG, HTML after EOI", jpeg + html, .jpeg),
        ("JPEG cut in its scan", Array(jpeg.dropLast(4)), .jpeg),
        ("WebP header, then HTML", Array(webp.prefix(12)) + html, .webp),
        ("WebP, HTML after the last chunk", webp + html, .webp),
    ]

    @Test("A file that is not one whole picture is refused, though its first bytes say it is", arguments: notWhole)
    func notWholePicture(_ name: String, _ bytes: [UInt8], _ format: ImageFormat) throws {
        #expect(ImageFormat.detect(bytes) == format)
        let failure = try #require(throws: ValidationFailure.self) { try ImageFormat.validateUpload(bytes) }
        #expect(
            failure.issues == [
                FieldIssue(
                    field: "image",
                    message:
                        "This \(format.displayName) file is damaged or is not only a picture. Save the image again and upload that file."
                )
            ])
    }

    @Test("Zero padding after a JPEG's end, as some cameras write, is fine")
    func jpegPadding() throws {
        #expect(try ImageFormat.validateUpload(Self.jpeg + [0, 0, 0, 0]) == .jpeg)
    }

    @Test("Valid uploads give their format", arguments: [(png, ImageFormat.png), (jpeg, .jpeg), (webp, .webp)])
    func validUploads(_ bytes: [UInt8], _ format: ImageFormat) throws {
        #expect(try ImageFormat.validateUpload(bytes) == format)
        #expect(try ImageFormat.validateUpload(Data(bytes)) == format)
    }

    @Test("Content types and file extensions")
    func contentTypes() {
        #expect(ImageFormat.png.contentType == "image/png")
        #expect(ImageFormat.jpeg.contentType == "image/jpeg")
        #expect(ImageFormat.webp.contentType == "image/webp")
        #expect(ImageFormat.allCases.map(\.fileExtension) == ["png", "jpg", "webp"])
    }
}
