import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// HEAD answers as GET would, without the body, on every address.
@Suite("HEAD requests")
struct HeadRequestTests {
    /// The headers of an answer that must be the same for HEAD and GET: all of them,
    /// the values of Set-Cookie aside (a new form token each time), and with gzip
    /// the value of Content-Length (that form token, random, compresses a byte or two
    /// shorter or longer each time: not a difference between HEAD and GET).
    /// The headers but the cookies and the request id (new on every request).
    static func comparable(_ headers: HTTPFields) -> [String] {
        headers.filter { $0.name != .setCookie && $0.name.canonicalName != "x-request-id" }.map { field in
            let gzipped = headers[.contentEncoding] == "gzip" && field.name == .contentLength
            return "\(field.name.canonicalName): \(gzipped ? "(a length)" : field.value)"
        }.sorted()
    }

    @Test(
        "every GET route answers HEAD with the GET's status and headers, Content-Length included, and no body",
        arguments: TestDatabase.all)
    func everyRoute(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            let configuration = AppConfiguration(
                dataDirectory: env.dataDirectory, database: env.location, logLevel: .warning, passwordCost: 4, clock: { testNow })
            let services = try await buildServices(configuration: configuration)
            do {
                let ana = try await services.accounts.register(username: "ana", password: testPassword, now: testNow)
                let token = try await services.accounts.createToken(userID: ana.id, name: "tests", now: testNow).secret
                let router = buildRouter(services: services)
                let paths = router.routes.filter { $0.method == .get }.map { RouteAccessTests.concrete($0.path.description) }
                #expect(paths.count > 40, "the router lists its GET routes")
                // The same composition as `buildApplication`.
                try await Application(responder: HeadResponder(router.buildResponder())).test(.router) { client in
                    for path in paths + ["/no-such-page", "/api/v1/no-such-thing"] {
                        for encoding: HTTPFields in [[:], [.acceptEncoding: "gzip"]] {
                            var headers = encoding
                            headers[.authorization] = "Bearer \(token)"
                            let get = try await client.execute(uri: path, method: .get, headers: headers, body: nil)
                            let head = try await client.execute(uri: path, method: .head, headers: headers, body: nil)
                            #expect(head.status == get.status, "\(path)")
                            #expect(Self.comparable(head.headers) == Self.comparable(get.headers), "\(path) \(encoding)")
                            #expect(head.body.readableBytes == 0, "\(path) has no body")
                            if get.body.readableBytes > 0, get.headers[.contentEncoding] == nil {
                                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path)")
                            }
                        }
                    }
                }
            } catch {
                await services.store.shutdown()
                throw error
            }
            await services.store.shutdown()
        }
    }

    @Test("HEAD of a page, an asset and a refusal: the GET's answer without its body")
    func examples() async throws {
        try await withApp(.sqlite) { client, h in
            let login = try await client.execute(uri: "/login", method: .head, headers: [:], body: nil)
            #expect(login.status == .ok)
            #expect(login.headers[.contentType] == "text/html; charset=utf-8")
            #expect(Int(login.headers[.contentLength] ?? "") ?? 0 > 500)
            #expect(login.body.readableBytes == 0)

            let gzipped = try await client.execute(
                uri: "/assets/app.css", method: .get, headers: [.acceptEncoding: "gzip"], body: nil)
            let gzippedHead = try await client.execute(
                uri: "/assets/app.css", method: .head, headers: [.acceptEncoding: "gzip"], body: nil)
            #expect(gzippedHead.headers[.contentEncoding] == "gzip")
            #expect(gzippedHead.headers[.contentLength] == String(gzipped.body.readableBytes), "the compressed length")

            let css = try await client.execute(uri: "/assets/app.css", method: .head, headers: [:], body: nil)
            let etag = try #require(css.headers[.eTag])
            let cached = try await client.execute(uri: "/assets/app.css", method: .head, headers: [.ifNoneMatch: etag], body: nil)
            #expect(cached.status == .notModified)

            let signedOut = try await client.execute(uri: "/workout", method: .head, headers: [:], body: nil)
            #expect(signedOut.status == .seeOther || signedOut.status == .found)
            #expect(signedOut.headers[.location]?.hasPrefix("/login") == true)

            let refused = try await client.api(.head, "/api/v1/workouts", token: nil)
            #expect(refused.status == .unauthorized)
            #expect(refused.body.readableBytes == 0)

            let postOnly = try await client.api(.head, "/api/v1/tokens/\(UUID().text)", token: h.anaToken)
            #expect(postOnly.status == .methodNotAllowed)
            #expect(postOnly.headers[.allow] == "DELETE")
            #expect(postOnly.body.readableBytes == 0)
        }
    }
}
