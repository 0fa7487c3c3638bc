import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// gzip for text and JSON when the client accepts it; never for pictures.
@Suite("Compression")
struct CompressionTests {
    static func gunzip(_ body: ByteBuffer) throws -> String {
        var compressed = body
        return String(buffer: try compressed.decompress(with: .gzip()))
    }

    @Test(
        "a page, the stylesheet, a script, the API document and an API list are gzip when accepted, and read back the same",
        arguments: TestDatabase.all)
    func compressedWhenAccepted(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            for path in [
                "/login", "/assets/app.css", "/assets/workout.js", "/assets/icons.svg", "/api/v1/openapi.yaml",
                "/api/v1/exercises",
            ] {
                // The sign-in page is for those signed out; the list is the lifter's.
                let token = path.hasPrefix("/api/v1/exercises") ? h.anaToken : nil
                let plain = try await client.api(.get, path, token: token)
                let zipped = try await client.api(.get, path, token: token, headers: [.acceptEncoding: "gzip, deflate, br"])
                #expect(plain.headers[.contentEncoding] == nil, "\(path)")
                #expect(zipped.headers[.contentEncoding] == "gzip", "\(path)")
                #expect(
                    plain.headers[.vary]?.contains("Accept-Encoding") == true, "\(path) varies by encoding, compressed or not")
                #expect(zipped.headers[.vary]?.contains("Accept-Encoding") == true, "\(path)")
                #expect(zipped.headers[.contentLength] == String(zipped.body.readableBytes), "\(path)")
                #expect(zipped.body.readableBytes * 3 < plain.body.readableBytes * 2, "\(path) shrinks by a third at least")
                let text = try Self.gunzip(zipped.body)
                if path == "/login" {
                    // The form token differs per request; the page around it is the same.
                    #expect(text.count == plain.text.count)
                } else {
                    #expect(text == plain.text, "\(path)")
                }
            }
        }
    }

    @Test(
        "gzip;q=0, identity, another coding or no header at all get the plain bytes",
        arguments: ["gzip;q=0", "identity", "br", "gzip;q=0, *", "*;q=0", "deflate, gzip; q=0.0"])
    func refused(_ header: String) async throws {
        try await withApp(.sqlite) { client, _ in
            let response = try await client.api(.get, "/assets/app.css", token: nil, headers: [.acceptEncoding: header])
            #expect(response.headers[.contentEncoding] == nil)
            #expect(response.text.contains("{"))
        }
    }

    @Test(
        "what Accept-Encoding allows",
        arguments: [
            ("gzip", true), ("GZIP", true), ("x-gzip", true), ("deflate, gzip;q=0.5", true), ("*", true),
            ("br;q=1, *;q=0.1", true),
            ("gzip;q=0", false), ("gzip; q=0.000", false), ("identity", false), ("", false), ("*;q=0", false),
            ("*, gzip;q=0", false),
        ])
    func acceptEncoding(header: String, allowed: Bool) {
        #expect(AcceptEncoding.allowsGzip(header) == allowed)
        #expect(!AcceptEncoding.allowsGzip(nil))
    }

    @Test("pictures and small answers stay as they are")
    func notCompressed() async throws {
        try await withApp(.sqlite) { client, h in
            let gzip: HTTPFields = [.acceptEncoding: "gzip"]
            let id = try await h.createCustomExercise()
            let uploaded = try await client.api(
                .put, "/api/v1/exercises/\(id)/image", token: h.anaToken, body: ByteBuffer(bytes: ImageFixtures.png))
            let imageURL = try #require(try uploaded.object()["imageURL"] as? String)
            let image = try await client.api(.get, imageURL, token: h.anaToken, headers: gzip)
            #expect(image.headers[.contentEncoding] == nil)
            #expect(image.headers[.vary] == nil)
            #expect(Array(buffer: image.body) == ImageFixtures.png)

            let health = try await client.api(.get, "/health", token: nil, headers: gzip)
            #expect(health.headers[.contentEncoding] == nil, "below \(CompressionMiddleware.minimumLength) bytes")
            #expect(health.headers[.vary] == "Accept-Encoding")
        }
    }

    @Test("the gzip answer has its own ETag; sent back, it gets 304 with that tag; the plain tag still works for plain answers")
    func etags() async throws {
        try await withApp(.sqlite) { client, _ in
            let plain = try await client.api(.get, "/assets/app.css", token: nil)
            let zipped = try await client.api(.get, "/assets/app.css", token: nil, headers: [.acceptEncoding: "gzip"])
            let plainTag = try #require(plain.headers[.eTag])
            let gzipTag = try #require(zipped.headers[.eTag])
            #expect(gzipTag == String(plainTag.dropLast()) + "-gzip\"")

            let revalidated = try await client.api(
                .get, "/assets/app.css", token: nil, headers: [.acceptEncoding: "gzip", .ifNoneMatch: gzipTag])
            #expect(revalidated.status == .notModified)
            #expect(revalidated.headers[.eTag] == gzipTag)
            #expect(revalidated.body.readableBytes == 0)

            let plainAgain = try await client.api(.get, "/assets/app.css", token: nil, headers: [.ifNoneMatch: plainTag])
            #expect(plainAgain.status == .notModified)
            #expect(plainAgain.headers[.eTag] == plainTag)
            // A client that no longer takes gzip does not get a 304 for the gzip copy it kept.
            let switched = try await client.api(.get, "/assets/app.css", token: nil, headers: [.ifNoneMatch: gzipTag])
            #expect(switched.status == .ok)
        }
    }

    @Test("a streamed body is compressed as it streams: chunks leave before the end, and the whole reads back")
    func streamed() async throws {
        // Rows of numbers that differ, as an export's do: they do not shrink to nothing.
        var seed: UInt64 = 42
        let rows = (0..<20_000).map { index -> String in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return "\(index),2026-11-24,Bench Press (Barbell),\(seed % 200),\(seed >> 40 % 20)\n"
        }
        let stream = try GzipStream()
        var compressed: [ByteBuffer] = []
        var sentBeforeEnd = 0
        for start in stride(from: 0, to: rows.count, by: 100) {
            let part = try stream.compress(ByteBuffer(string: rows[start..<start + 100].joined()), finish: false)
            sentBeforeEnd += part.count
            compressed += part
        }
        compressed += try stream.compress(ByteBuffer(), finish: true)
        #expect(sentBeforeEnd > 3, "compressed chunks go out while the body is still being written")
        var joined = ByteBuffer()
        for var part in compressed { joined.writeBuffer(&part) }
        #expect(try Self.gunzip(joined) == rows.joined())
        let line = rows[0]

        // Through the middleware: no Content-Length (it is not known in advance), gzip, the same text.
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: CompressionMiddleware())
        router.get("export") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/csv; charset=utf-8"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    for index in 0..<100 { try await writer.write(ByteBuffer(string: "\(index),\(line)")) }
                    try await writer.finish(nil)
                })
        }
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/export", method: .get, headers: [.acceptEncoding: "gzip"], body: nil)
            #expect(response.headers[.contentEncoding] == "gzip")
            #expect(response.headers[.contentLength] == nil)
            #expect(try Self.gunzip(response.body) == (0..<100).map { "\($0),\(line)" }.joined())
        }
    }
}
