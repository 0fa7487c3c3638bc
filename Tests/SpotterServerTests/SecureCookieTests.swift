import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Cookies are `Secure` when the client reached us over HTTPS, and only a trusted
/// proxy (`--trusted-proxy`) is believed about that. The test client's peer address
/// is "local", so trusting "local" stands for a proxy in front.
@Suite("Secure cookies: the scheme from trusted proxies only")
struct SecureCookieTests {
    /// The Set-Cookie lines of signing in (the form token's cookie, then the session's).
    static func signInCookies(_ client: any TestClientProtocol, headers: HTTPFields) async throws -> [String] {
        var browser = Browser(client)
        browser.extraHeaders = headers
        let form = try await browser.get("/login")
        let signedIn = try await browser.post("/login", [("username", "ana"), ("password", testPassword)])
        #expect(signedIn.status == .seeOther)
        return form.headers[values: .setCookie] + signedIn.headers[values: .setCookie]
    }

    static let https: HTTPFields = [HTTPField.Name.forwardedProto: "https"]

    @Test(
        "from a trusted proxy, X-Forwarded-Proto or Forwarded proto=https makes every cookie Secure; http does not",
        arguments: TestDatabase.all)
    func trustedProxy(engine: TestDatabase) async throws {
        try await withApp(engine, configure: { $0.trustedProxies = ["local"] }) { client, _ in
            let viaHeader = try await Self.signInCookies(client, headers: Self.https)
            #expect(viaHeader.count == 2)
            #expect(viaHeader.allSatisfy { $0.contains("Secure") }, "\(viaHeader)")
            let forwarded = try await Self.signInCookies(client, headers: [HTTPField.Name.forwarded: "for=192.0.2.1;proto=https"])
            #expect(forwarded.allSatisfy { $0.contains("Secure") }, "\(forwarded)")
            let plain = try await Self.signInCookies(client, headers: [HTTPField.Name.forwardedProto: "http"])
            #expect(plain.count == 2)
            #expect(!plain.contains { $0.contains("Secure") }, "\(plain)")
        }
    }

    @Test("a client that is no trusted proxy cannot choose: its X-Forwarded-Proto is ignored", arguments: TestDatabase.all)
    func untrustedClient(engine: TestDatabase) async throws {
        try await withApp(engine) { client, _ in
            let cookies = try await Self.signInCookies(client, headers: Self.https)
            #expect(cookies.count == 2)
            #expect(!cookies.contains { $0.contains("Secure") }, "\(cookies)")
        }
        try await withApp(engine, configure: { $0.trustedProxies = ["192.0.2.7"] }) { client, _ in
            let cookies = try await Self.signInCookies(client, headers: Self.https)
            #expect(!cookies.contains { $0.contains("Secure") }, "another address is trusted, not this peer: \(cookies)")
        }
    }
}
