import Foundation
import Hummingbird
import HummingbirdTesting
import SQLKit
import SpotterImport
import SpotterStore
import SpotterTestSupport
import Testing

@Suite("Exercise images")
struct ExerciseImageAPITests {
    @Test("upload a PNG, fetch it with a cache header, replace the record, remove it", arguments: TestDatabase.all)
    func lifecycle(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try await h.createCustomExercise()
            let uploaded = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: pngBytes))
            #expect(uploaded.status == .ok)
            let imageURL = try #require(try uploaded.object()["imageURL"] as? String)
            #expect(imageURL.hasPrefix("/api/v1/exercises/\(id)/image?v="))

            let image = try await client.api(.get, imageURL, token: h.anaToken)
            #expect(image.status == .ok)
            #expect(Array(buffer: image.body) == pngBytes)
            #expect(image.headers[.contentType] == "image/png")
            #expect(image.headers[.cacheControl] == "private, max-age=86400")
            let etag = try #require(image.headers[.eTag])
            let cached = try await client.api(.get, imageURL, token: h.anaToken, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)

            #expect(try await h.count("stored_images") == 1, "the image lives in the database")
            #expect(
                !FileManager.default.fileExists(atPath: h.dataDirectory.appendingPathComponent("images").path),
                "nothing on local disk")

            let removed = try await client.api(.delete, "/api/v1/exercises/\(id)/image", token: h.anaToken)
            #expect(try removed.object()["imageURL"] is NSNull)
            #expect(try await h.count("stored_images") == 0, "the image is removed with the record")
            #expect(try await client.api(.get, imageURL, token: h.anaToken).status == .notFound)
        }
    }

    @Test("a JPEG uploaded with EXIF and GPS is stored, served and exported without them", arguments: TestDatabase.all)
    func metadataStripped(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try await h.createCustomExercise()
            let uploaded = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: ImageFixtures.jpegWithGPS))
            #expect(uploaded.status == .ok)
            let imageURL = try #require(try uploaded.object()["imageURL"] as? String)
            let image = try await client.api(.get, imageURL, token: h.anaToken)
            #expect(image.headers[.contentType] == "image/jpeg")
            #expect(Array(buffer: image.body) == ImageFixtures.jpeg)
            #expect(!ImageFixtures.contains(Array(buffer: image.body), ImageFixtures.cameraName))

            let stored = try await h.store.sql.raw("SELECT bytes FROM stored_images").all().map {
                try $0.decode(column: "bytes", as: Data.self)
            }
            #expect(stored == [Data(ImageFixtures.jpeg)], "stored stripped")

            var browser = try await Browser.signedIn(client, as: "ana")
            let export = try AccountDocument.decode(Data(try await browser.get("/settings/export/spotter.json").text.utf8))
            let exported = try #require(export.exercises.compactMap(\.image).first)
            #expect(Data(base64Encoded: exported.data) == Data(ImageFixtures.jpeg))
        }
    }

    @Test(
        "an image stored with its metadata before uploads were stripped is served and exported stripped",
        arguments: TestDatabase.all)
    func oldImageStrippedWhenRead(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try await h.createCustomExercise()
            let uploaded = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: ImageFixtures.jpeg))
            let imageURL = try #require(try uploaded.object()["imageURL"] as? String)
            let name = try #require(
                try await h.store.sql.raw("SELECT name FROM stored_images").first()?.decode(column: "name", as: String.self))
            try await h.store.sql.raw("UPDATE stored_images SET bytes = \(bind: Data(ImageFixtures.jpegWithGPS))").run()

            let image = try await client.api(.get, imageURL, token: h.anaToken)
            #expect(Array(buffer: image.body) == ImageFixtures.jpeg)
            #expect(image.headers[.eTag] == "\"\(name)-stripped\"", "another tag than copies cached with metadata had")
            var browser = try await Browser.signedIn(client, as: "ana")
            let export = try AccountDocument.decode(Data(try await browser.get("/settings/export/spotter.json").text.utf8))
            #expect(export.exercises.compactMap(\.image).map(\.data) == [Data(ImageFixtures.jpeg).base64EncodedString()])
        }
    }

    @Test(
        "an image file from before images moved into the database is served from its file, then moved in at start",
        arguments: TestDatabase.all)
    func legacyFileMovedIn(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try await h.createCustomExercise()
            let uploaded = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: pngBytes))
            let imageURL = try #require(try uploaded.object()["imageURL"] as? String)
            // As an older Spotter left it: the record on the exercise, the bytes in a file.
            let name = try #require(
                try await h.store.sql.raw("SELECT name FROM stored_images").first()?.decode(column: "name", as: String.self))
            try await h.store.sql.raw("DELETE FROM stored_images").run()
            let folder = h.dataDirectory.appendingPathComponent("images/\(h.ana.id.text)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(pngBytes).write(to: folder.appendingPathComponent(name))
            // A file of ben's named as ana's image is never served to ana.
            let stray = h.dataDirectory.appendingPathComponent("images/\(h.ben.id.text)")
            try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
            try Data(ImageFixtures.jpeg).write(to: stray.appendingPathComponent(name))

            let during = try await client.api(.get, imageURL, token: h.anaToken)
            #expect(during.status == .ok && Array(buffer: during.body) == pngBytes, "readable while not yet moved")

            let images = ImageStore(store: h.store, dataDirectory: h.dataDirectory)
            #expect(try await images.moveFilesIntoDatabase(now: Date()) == 1)
            #expect(try await images.moveFilesIntoDatabase(now: Date()) == 0, "a second run (another instance) moves nothing")
            #expect(try await h.count("stored_images") == 1)
            #expect(!FileManager.default.fileExists(atPath: folder.path), "the file and its empty folder are gone")
            let after = try await client.api(.get, imageURL, token: h.anaToken)
            #expect(after.status == .ok && Array(buffer: after.body) == pngBytes)
        }
    }

    @Test("a file that is not PNG, JPEG or WebP is refused by its content, whatever it claims", arguments: TestDatabase.all)
    func notAnImage(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try await h.createCustomExercise()
            let fake = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(string: "GIF89a not really"),
                headers: [.contentType: "image/png"])
            #expect(fake.status == .badRequest)
            #expect(try fake.error().field == "image")
            #expect(try fake.error().message == "Upload a PNG, JPEG or WebP image.")
            #expect(try await client.api(.get, "/api/v1/exercises/\(id)", token: h.anaToken).object()["imageURL"] is NSNull)
            #expect(try await h.count("stored_images") == 0)
        }
    }

    @Test(
        "a JPEG claiming 65535 x 65535 pixels is refused with the limit named, and the picture before it stays",
        arguments: TestDatabase.all)
    func tooManyPixels(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let id = try await h.createCustomExercise()
            let first = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: pngBytes))
            let before = try #require(try first.object()["imageURL"] as? String)
            let huge = ImageFixtures.jpeg(claiming: 65535, 65535)
            let response = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: huge))
            #expect(response.status == .badRequest)
            #expect(try response.error().field == "image")
            #expect(
                try response.error().message
                    == "The picture is too large: 65535 x 65535 pixels. Pictures may have at most 20,000 pixels a side and 40 megapixels in all; save a smaller copy and upload that."
            )
            #expect(
                try await client.api(.get, "/api/v1/exercises/\(id)", token: h.anaToken).object()["imageURL"] as? String == before
            )
            #expect(
                try await client.api(.get, before, token: h.anaToken).body == ByteBuffer(bytes: pngBytes),
                "the PNG is still served")
            #expect(try await h.count("stored_images") == 1)
        }
    }

    @Test("an image over 5 MB is a 413 and stores nothing")
    func tooLarge() async throws {
        try await withApp(.sqlite) { client, h in
            let id = try await h.createCustomExercise()
            let big = pngBytes + [UInt8](repeating: 0, count: 5 * 1024 * 1024)
            let response = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: big))
            #expect(response.status == .contentTooLarge)
            #expect(try response.error().message == "The image is too large: at most 5 MB.")
            #expect(try await client.api(.get, "/api/v1/exercises/\(id)", token: h.anaToken).object()["imageURL"] is NSNull)
            #expect(try await h.count("stored_images") == 0)
        }
    }
}
