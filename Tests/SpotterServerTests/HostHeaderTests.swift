import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpotterServer
import SpotterTestSupport
import Testing

/// A request without exactly one Host header is refused, over a real socket (the
/// router's test client always names a host).
@Suite("Host header")
struct HostHeaderTests {
    /// The app on a free port of 127.0.0.1, and a plain HTTP/1.1 client of it that sends
    /// Host only when asked.
    func withServer(_ body: @escaping @Sendable (TestClient) async throws -> Void) async throws {
        try await TestEnvironment.with(.sqlite) { env in
            var configuration = AppConfiguration(
                dataDirectory: env.dataDirectory, database: env.location, logLevel: .warning, passwordCost: 4, clock: { testNow })
            configuration.host = "127.0.0.1"
            configuration.port = 0
            let app = try await buildApplication(configuration: configuration)
            try await app.test(.live) { client in
                let port = try #require(client.port)
                try await TestClient.withClient(host: "127.0.0.1", port: port) { raw in try await body(raw) }
            }
        }
    }

    static let host = HTTPField.Name.hostField

    @Test("no Host is 400 with a message saying to send it, on the API, the probes and pages; one Host is served")
    func missingHost() async throws {
        try await withServer { raw in
            for path in ["/health", "/api/v1/openapi.yaml", "/login", "/api/v1/exercises"] {
                let response = try await raw.execute(.init(path, method: .get, authority: nil))
                #expect(response.status == .badRequest, "\(path)")
                let body = String(buffer: response.body ?? ByteBuffer())
                #expect(body.contains("The request has no Host header."), "\(path): \(body)")
                #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff", "\(path): the security headers too")
            }
            let api = try await raw.execute(.init("/api/v1/exercises", method: .get, authority: nil))
            let error =
                try JSONSerialization.jsonObject(with: Data(buffer: api.body ?? ByteBuffer())) as? [String: [String: String]]
            #expect(error?["error"]?["code"] == "bad_request")
            #expect(error?["error"]?["field"] == "Host")
            #expect(
                error?["error"]?["message"]
                    == "The request has no Host header. HTTP/1.1 requires one: send Host with the server's name (and port).")
            let served = try await raw.execute(.init("/health", method: .get, authority: "127.0.0.1"))
            #expect(served.status == .ok)
        }
    }

    @Test("two Host headers are 400")
    func twoHosts() async throws {
        try await withServer { raw in
            let response = try await raw.execute(
                .init("/health", method: .get, authority: "127.0.0.1", headers: [Self.host: "evil.example"]))
            #expect(response.status == .badRequest)
            #expect(
                String(buffer: response.body ?? ByteBuffer()).contains(
                    "The request has more than one Host header. Send exactly one."))
        }
    }
}
