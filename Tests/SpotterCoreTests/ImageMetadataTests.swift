import SpotterCore
import SpotterTestSupport
import Testing

@Suite("ImageFormat.strippingMetadata: no EXIF, GPS or text leaves with a picture")
struct ImageMetadataTests {
    typealias F = ImageFixtures

    @Test("A JPEG's APP1 Exif segment with GPS tags is dropped; the picture is the editor's file again")
    func jpegExifGPS() throws {
        #expect(ImageFormat.jpeg.isWellFormed(F.jpegWithGPS), "the fixture is a picture the upload takes")
        #expect(F.contains(F.jpegWithGPS, F.cameraName))
        let stripped = try ImageFormat.jpeg.strippingMetadata(F.jpegWithGPS)
        #expect(stripped == F.jpeg)
        #expect(!F.contains(stripped, Array("Exif".utf8)))
        #expect(!F.contains(stripped, F.cameraName))
        #expect(ImageFormat.jpeg.isWellFormed(stripped))
    }

    @Test("JPEG: JFIF, the ICC profile and Adobe's colour marker stay; XMP, IPTC, MPF and comments go, after the scan too")
    func jpegSegments() throws {
        let icc = F.jpegSegment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1, 0, 0, 0, 0])
        let adobe = F.jpegSegment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1])
        let xmp = F.jpegSegment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>lat</x:xmpmeta>".utf8))
        let iptc = F.jpegSegment(0xED, Array("Photoshop 3.0\08BIM by-line".utf8))
        let mpf = F.jpegSegment(0xE2, Array("MPF\0".utf8) + [0, 0])
        let comment = F.jpegSegment(0xFE, Array("shot at home".utf8))
        let head = Array(F.jpeg[0..<20])  // SOI and APP0 (JFIF)
        let rest = Array(F.jpeg[20..<(F.jpeg.count - 2)])
        let file = head + xmp + icc + iptc + mpf + adobe + rest + comment + [0xFF, 0xD9]
        #expect(ImageFormat.jpeg.isWellFormed(file))
        let stripped = try ImageFormat.jpeg.strippingMetadata(file)
        #expect(stripped == head + icc + adobe + rest + [0xFF, 0xD9])
        for secret in ["xmpmeta", "by-line", "MPF", "shot at home"] {
            #expect(!F.contains(stripped, Array(secret.utf8)), "\(secret) is gone")
        }
    }

    @Test("JPEG: stuffed bytes and restart markers inside the scan are picture data, kept as they are")
    func jpegScanData() throws {
        let scanStart = try #require((2..<F.jpeg.count - 1).first { F.jpeg[$0] == 0xFF && F.jpeg[$0 + 1] == 0xDA })
        let scanHeaderEnd = scanStart + 2 + (Int(F.jpeg[scanStart + 2]) << 8 | Int(F.jpeg[scanStart + 3]))
        let data: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
        let file = Array(F.jpeg[..<scanHeaderEnd]) + data + [0xFF, 0xD9]
        #expect(try ImageFormat.jpeg.strippingMetadata(file) == file)
    }

    @Test("JPEG: the zero padding some cameras write after EOI is left off")
    func jpegPadding() throws {
        #expect(try ImageFormat.jpeg.strippingMetadata(F.jpegWithGPS + [0, 0, 0]) == F.jpeg)
    }

    @Test("PNG: tEXt, zTXt, iTXt, eXIf and tIME go; the other chunks stay with their CRCs")
    func pngChunks() throws {
        let header = Array(F.png[0..<33])  // signature and IHDR
        let rest = Array(F.png[33...])  // IDAT and IEND
        let gamma = F.pngChunk("gAMA", [0, 0, 0xB1, 0x8F])
        let metadata = [
            F.pngChunk("tEXt", Array("Author\0Ana".utf8)), F.pngChunk("zTXt", Array("Comment\0\0x".utf8)),
            F.pngChunk("iTXt", Array("GPS\0\0\0\0\0".utf8)), F.pngChunk("eXIf", Array(F.exif.dropFirst(6))),
            F.pngChunk("tIME", [0x07, 0xE9, 1, 2, 3, 4, 5]),
        ]
        let file = header + gamma + metadata.flatMap { $0 } + rest
        #expect(ImageFormat.png.isWellFormed(file))
        let stripped = try ImageFormat.png.strippingMetadata(file)
        #expect(stripped == header + gamma + rest)
        #expect(ImageFormat.png.isWellFormed(stripped))
    }

    @Test("WebP: EXIF and XMP chunks go, the VP8X flags for them are cleared (alpha stays) and RIFF's size fits")
    func webpChunks() throws {
        // VP8X: flags (alpha 0x10, EXIF 0x08, XMP 0x04), 3 reserved bytes, width-1 and height-1 in 3 bytes each.
        let header = { (flags: UInt8) in F.riffChunk("VP8X", [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]) }
        let exif = F.riffChunk("EXIF", F.exif)
        let xmp = F.riffChunk("XMP ", Array("<x:xmpmeta>at home</x:xmpmeta>!".utf8))  // odd length: padded
        let file = F.webp([header(0x1C), F.vp8lChunk, exif, xmp])
        #expect(ImageFormat.webp.isWellFormed(file))
        let stripped = try ImageFormat.webp.strippingMetadata(file)
        #expect(stripped == F.webp([header(0x10), F.vp8lChunk]))
        #expect(ImageFormat.webp.isWellFormed(stripped))
    }

    @Test("A file without metadata comes back the same, and stripping twice changes nothing")
    func cleanFilesUnchanged() throws {
        #expect(try ImageFormat.jpeg.strippingMetadata(F.jpeg) == F.jpeg)
        #expect(try ImageFormat.png.strippingMetadata(F.png) == F.png)
        let webp = F.webp([F.vp8lChunk])
        #expect(try ImageFormat.webp.strippingMetadata(webp) == webp)
        let once = try ImageFormat.jpeg.strippingMetadata(F.jpegWithGPS)
        #expect(try ImageFormat.jpeg.strippingMetadata(once) == once)
    }

    @Test(
        "A damaged file is refused with a message that says so",
        arguments: [
            (ImageFormat.jpeg, Array(F.jpegWithGPS.prefix(40))),  // a segment runs past the end
            (ImageFormat.jpeg, Array(F.jpeg.dropLast(2))),  // no EOI
            (ImageFormat.jpeg, [0xFF, 0xD8, 0xFF, 0xD9]),  // no scan
            (ImageFormat.png, Array(F.png.dropLast(1))),  // IEND cut
            (ImageFormat.webp, Array(F.webp([F.vp8lChunk]).dropLast(4))),  // RIFF size wrong
        ])
    func damaged(format: ImageFormat, bytes: [UInt8]) {
        let failure = #expect(throws: ValidationFailure.self) { try format.strippingMetadata(bytes) }
        #expect(failure?.issues.first?.field == "image")
        #expect(failure?.issues.first?.message.hasPrefix("This \(format.displayName) file is damaged") == true)
    }
}
