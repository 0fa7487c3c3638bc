import Foundation
import SpotterCore
import Testing

@Suite("ImageFormat: which uploads are pictures")
struct ImageFormatTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
    /// "RIFF", a 4-byte size, "WEBP", "VP8 "
    static let webp: [UInt8] = Array("RIFF".utf8) + [0x24, 0x00, 0x00, 0x00] + Array("WEBP".utf8) + Array("VP8 ".utf8)
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

    @Test("Exactly 5 MB is accepted")
    func exactlyFiveMB() throws {
        #expect(ImageFormat.maxByteCount == 5_242_880)
        var bytes = [UInt8](repeating: 0, count: 5_242_880)
        bytes.replaceSubrange(0..<Self.png.count, with: Self.png)
        #expect(try ImageFormat.validateUpload(bytes) == .png)
    }

    @Test("5 MB and one byte is refused")
    func overFiveMB() throws {
        var bytes = [UInt8](repeating: 0, count: 5_242_881)
        bytes.replaceSubrange(0..<Self.png.count, with: Self.png)
        let failure = try #require(throws: ValidationFailure.self) { try ImageFormat.validateUpload(bytes) }
        #expect(failure.issues == [FieldIssue(field: "image", message: "The image is too large: at most 5 MB.")])
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
