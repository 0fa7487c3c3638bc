import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// Guessing and anonymous traffic: slowed per name and address, never a lock-out of
/// everyone behind one proxy, and cheap to refuse.
@Suite("Limits on guessing and anonymous posts")
struct AbuseLimitTests {
    /// The test client connects from no address ("local"); trusting it as a proxy lets
    /// a test speak for any client through X-Forwarded-For.
    static func behindProxy(_ configuration: inout AppConfiguration) {
        configuration.trustedProxies = ["local"]
    }

    static func browser(_ client: any TestClientProtocol, from address: String) -> Browser {
        var browser = Browser(client)
        browser.extraHeaders[HTTPField.Name.forwardedFor] = address
        return browser
    }

    @Test("a name guessed at from one address still signs in from another")
    func perNameAndAddress() async throws {
        try await withApp(
            .sqlite,
            configure: {
                Self.behindProxy(&$0); $0.addressThrottle = LoginThrottle(freeFailures: 1000)
            }
        ) { client, _ in
            var attacker = Self.browser(client, from: "203.0.113.7")
            _ = try await attacker.get("/login")
            for _ in 0..<8 { _ = try await attacker.post("/login", [("username", "ana"), ("password", "guess guess guess")]) }
            let blocked = try await attacker.post("/login", [("username", "ana"), ("password", testPassword)])
            #expect(blocked.status == .tooManyRequests)
            // The sixth failure set a 15 s wait; the two tries during it were refused, not counted.
            #expect(blocked.headers[.retryAfter] == "15")

            var ana = Self.browser(client, from: "198.51.100.20")
            _ = try await ana.get("/login")
            let signedIn = try await ana.post("/login", [("username", "ana"), ("password", testPassword)])
            #expect(signedIn.status == .seeOther, "ana's own address is not held up by someone else's guesses")
        }
    }

    @Test("twenty wrong guesses sent at once meet the delays as if sent one after another: six are checked")
    func burstOfGuesses() async throws {
        try await withApp(
            .sqlite,
            configure: {
                Self.behindProxy(&$0); $0.addressThrottle = LoginThrottle(freeFailures: 1000)
            }
        ) { client, _ in
            var attacker = Self.browser(client, from: "203.0.113.9")
            _ = try await attacker.get("/login")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<20 {
                    group.addTask { [attacker] in
                        var browser = attacker
                        return try await browser.post("/login", [("username", "ana"), ("password", "guess guess guess")]).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 6, "five free guesses and the one that sets the first wait")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 14)
            // ana, from her own address, is not held up.
            var ana = Self.browser(client, from: "198.51.100.21")
            _ = try await ana.get("/login")
            #expect(try await ana.post("/login", [("username", "ana"), ("password", testPassword)]).status == .seeOther)
        }
    }

    @Test("guesses from many addresses of one IPv6 /64 count as one address; the next /64 is another")
    func ipv6Network() async throws {
        try await withApp(
            .sqlite,
            configure: {
                Self.behindProxy(&$0); $0.addressThrottle = LoginThrottle(freeFailures: 1000)
            }
        ) { client, _ in
            var statuses: [HTTPResponse.Status] = []
            for index in 1...8 {
                var attacker = Self.browser(client, from: "2001:db8:1:2::\(String(index, radix: 16))")
                _ = try await attacker.get("/login")
                statuses.append(
                    try await attacker.post("/login", [("username", "ana"), ("password", "guess guess guess")]).status)
            }
            #expect(statuses == Array(repeating: .unauthorized, count: 6) + [.tooManyRequests, .tooManyRequests])
            var neighbour = Self.browser(client, from: "2001:db8:1:3::1")
            _ = try await neighbour.get("/login")
            #expect(try await neighbour.post("/login", [("username", "ana"), ("password", testPassword)]).status == .seeOther)
        }
    }

    @Test("without --trusted-proxy, X-Forwarded-For is ignored: a client cannot pick its own address")
    func untrustedHeaderIgnored() async throws {
        try await withApp(.sqlite) { client, _ in
            for index in 0..<6 {
                var browser = Self.browser(client, from: "192.0.2.\(index)")
                _ = try await browser.get("/login")
                _ = try await browser.post("/login", [("username", "ana"), ("password", "guess guess guess")])
            }
            var last = Self.browser(client, from: "192.0.2.99")
            _ = try await last.get("/login")
            let response = try await last.post("/login", [("username", "ana"), ("password", testPassword)])
            #expect(response.status == .tooManyRequests, "all six came from the one real peer")
        }
    }

    @Test("many names from one address slow that address down after 31 failures, not the names elsewhere")
    func perAddress() async throws {
        try await withApp(
            .sqlite,
            configure: {
                Self.behindProxy(&$0); $0.anonymousPosts = RequestBudget(burst: 1000, perSecond: 1)
            }
        ) { client, _ in
            var sprayer = Self.browser(client, from: "203.0.113.50")
            _ = try await sprayer.get("/login")
            for index in 0..<31 {
                let response = try await sprayer.post(
                    "/login", [("username", "user\(index)"), ("password", "guess guess guess")])
                #expect(response.status == .unauthorized)
            }
            let slowed = try await sprayer.post("/login", [("username", "ana"), ("password", testPassword)])
            #expect(slowed.status == .tooManyRequests)
            var ana = Self.browser(client, from: "198.51.100.20")
            _ = try await ana.get("/login")
            #expect(try await ana.post("/login", [("username", "ana"), ("password", testPassword)]).status == .seeOther)
        }
    }

    @Test("wrong current passwords slow down the password change (API), and the right one waits too")
    func passwordGuesses() async throws {
        try await withApp(.sqlite) { client, h in
            for _ in 0..<6 {
                let wrong = try await client.api(
                    .put, "/api/v1/me/password", token: h.anaToken,
                    json: #"{"currentPassword": "not it at all", "newPassword": "a new long password"}"#)
                #expect(wrong.status == .badRequest)
            }
            let limited = try await client.api(
                .put, "/api/v1/me/password", token: h.anaToken,
                json: #"{"currentPassword": "\#(testPassword)", "newPassword": "a new long password"}"#)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "15")
            #expect(try limited.error().code == "rate_limited")
            #expect(try limited.error().field == "currentPassword")
            // Ben, from the same address, is not affected.
            let ben = try await client.api(
                .put, "/api/v1/me/password", token: h.benToken,
                json: #"{"currentPassword": "\#(testPassword)", "newPassword": "a new long password"}"#)
            #expect(ben.status == .noContent)
        }
    }

    @Test("a password of spaces only is refused, and nothing changes")
    func spacesPassword() async throws {
        try await withApp(.sqlite) { client, h in
            let response = try await client.api(
                .put, "/api/v1/me/password", token: h.anaToken,
                json: #"{"currentPassword": "\#(testPassword)", "newPassword": "          "}"#)
            #expect(response.status == .badRequest)
            #expect(try response.error().field == "newPassword")
            #expect(
                try response.error().message
                    == "A password of spaces alone is too easy to guess: use letters, digits or symbols too.")
            var browser = Browser(client)
            _ = try await browser.get("/login")
            #expect(try await browser.post("/login", [("username", "ana"), ("password", testPassword)]).status == .seeOther)
        }
    }

    @Test("registrations from one address slow down after 31 attempts")
    func registrations() async throws {
        try await withApp(.sqlite, configure: { $0.anonymousPosts = RequestBudget(burst: 1000, perSecond: 1) }) { client, h in
            var browser = Browser(client)
            _ = try await browser.get("/register")
            // 30 free attempts, and the 31st (the 30th failure's successor) still goes through.
            for index in 0..<31 {
                let response = try await browser.post(
                    "/register", [("username", "taken\(index)x"), ("password", "short"), ("passwordConfirmation", "short")])
                #expect(response.status == .badRequest)
            }
            let limited = try await browser.post(
                "/register",
                [
                    ("username", "newcomer"), ("password", "long enough one"), ("passwordConfirmation", "long enough one"),
                ])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("Too many registrations from here. Try again in 15 seconds."))
            #expect(try await h.count("users") == 2)
        }
    }

    @Test("an anonymous form post without the sign-in cookie is refused before its body is read")
    func noCookieNoBody() async throws {
        try await withApp(.sqlite) { client, _ in
            // 5 MB of form that never gets read: refused at once with 403.
            var body = ByteBuffer(string: "username=ana&password=")
            body.writeRepeatingByte(UInt8(ascii: "a"), count: 5 << 20)
            let response = try await client.executeRequest(
                uri: "/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: body)
            #expect(response.status == .forbidden)
        }
    }

    @Test("an anonymous form that says it is over 64 KB is refused with 413, and one that is over it too")
    func anonymousFormLimit() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = Browser(client)
            _ = try await browser.get("/login")
            let large = String(repeating: "a", count: 70 * 1024)
            let response = try await browser.post("/login", [("username", "ana"), ("password", large)])
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("The form is too large: at most 64 KB."))
        }
    }

    @Test("before sign-in a form is at most 64 KB even when the token comes in the header (the sender picks both)")
    func anonymousHeaderToken() async throws {
        try await withApp(.sqlite) { client, _ in
            var body = ByteBuffer(string: "--b\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\n")
            body.writeRepeatingByte(UInt8(ascii: "a"), count: 100 * 1024)
            body.writeString("\r\n--b--\r\n")
            let response = try await client.executeRequest(
                uri: "/login", method: .post,
                headers: [
                    .contentType: "multipart/form-data; boundary=b", .cookie: "spotter_csrf=x", HTTPField.Name.csrfToken: "x",
                ],
                body: body)
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test("anonymous posts from one address spend a budget: 30 at once, then 429 with Retry-After")
    func anonymousBudget() async throws {
        try await withApp(.sqlite, configure: { $0.addressThrottle = LoginThrottle(freeFailures: 1000) }) { client, _ in
            var browser = Browser(client)
            _ = try await browser.get("/login")
            for _ in 0..<30 { _ = try await browser.post("/login", [("username", "nobody"), ("password", "wrong wrong wrong")]) }
            let limited = try await browser.post("/login", [("username", "ana"), ("password", testPassword)])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "2")
            #expect(limited.text.contains("Too many requests from this address."))
        }
    }

    @Test("the client's address comes from the nearest untrusted entry of X-Forwarded-For, or Forwarded")
    func clientAddress() {
        let trusted: Set<String> = ["10.0.0.2", "10.0.0.3"]
        func client(_ xff: [String], _ forwarded: [String] = []) -> String {
            ClientAddressMiddleware.client(peer: "10.0.0.2", forwardedFor: xff, forwarded: forwarded, trusted: trusted)
        }
        #expect(client(["203.0.113.9"]) == "203.0.113.9")
        #expect(client(["1.2.3.4, 203.0.113.9"]) == "203.0.113.9", "a client cannot prepend an address of its choice")
        #expect(client(["203.0.113.9, 10.0.0.3"]) == "203.0.113.9", "our own second proxy is skipped")
        #expect(client(["203.0.113.9:5555"]) == "203.0.113.9")
        #expect(client([], [#"for="[2001:db8::17]:4711";proto=https"#]) == "2001:db8::17")
        #expect(client([], ["for=198.51.100.4, for=10.0.0.3"]) == "198.51.100.4")
        #expect(client([]) == "10.0.0.2", "no header: the peer")
    }
}
