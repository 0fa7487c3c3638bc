import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterTestSupport
import Testing

@Suite("Pages: welcome, registration, sign-in")
struct WebAuthTests {
    @Test("a newcomer sees the welcome once, registers and lands on Home", arguments: TestDatabase.all)
    func newcomer(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = Browser(client)
            let first = try await browser.get("/")
            #expect(first.status == .seeOther)
            #expect(first.location == "/welcome")
            let welcome = try await browser.get("/welcome")
            #expect(welcome.text.contains("Every set, <span class=\"accent-text\">one tap.</span>"))
            #expect(try await browser.get("/").location == "/login", "the welcome is shown once")

            _ = try await browser.get("/register")
            let registered = try await browser.post(
                "/register",
                [
                    ("username", "Carla"), ("password", "strong enough pw"), ("passwordConfirmation", "strong enough pw"),
                    ("unit", "lb"), ("timeZone", "Europe/Berlin"),
                ])
            #expect(registered.status == .seeOther)
            #expect(registered.location == "/")
            let cookie = try #require(registered.headers[.setCookie])
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.text.contains("carla"))
            #expect(home.text.contains("Pick a starter routine"))
            #expect(try await browser.get("/more").text.contains("Weights in lb"), "the unit chosen at registration")
            #expect(try await h.count("workout_types") == 27, "three accounts, nine seeded types each")
        }
    }

    @Test("registration errors show beside the field, keep what was typed and store nothing")
    func registrationErrors() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = Browser(client)
            _ = try await browser.get("/register")
            let short = try await browser.post(
                "/register", [("username", "dora"), ("password", "short"), ("passwordConfirmation", "short"), ("unit", "kg")])
            #expect(short.status == .badRequest)
            #expect(short.text.contains("Use a password of at least 10 characters."))
            #expect(short.text.contains("value=\"dora\""))
            let mismatch = try await browser.post(
                "/register",
                [
                    ("username", "dora"), ("password", "long enough one"), ("passwordConfirmation", "long enough two"),
                    ("unit", "kg"),
                ])
            #expect(mismatch.text.contains("The two passwords differ."))
            let taken = try await browser.post(
                "/register",
                [
                    ("username", "ANA"), ("password", "long enough one"), ("passwordConfirmation", "long enough one"),
                    ("unit", "kg"),
                ])
            #expect(taken.text.contains("The user name ana is taken."))
            #expect(try await h.count("users") == 2)
        }
    }

    @Test("with registration closed, the form says so and posting makes no account")
    func closedRegistration() async throws {
        try await withApp(.sqlite, configure: { $0.registrationOpen = false }) { client, h in
            var browser = Browser(client)
            let page = try await browser.get("/register")
            #expect(page.text.contains("Registration is closed"))
            let post = try await browser.post(
                "/register", [("username", "eve"), ("password", "long enough one"), ("passwordConfirmation", "long enough one")])
            #expect(post.status == .forbidden)
            #expect(try await h.count("users") == 2)
        }
    }

    @Test("a wrong password and an unknown user get the same answer; after five failures the sixth makes the name wait 15 s")
    func loginFailuresAndRateLimit() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = Browser(client)
            _ = try await browser.get("/login")
            let unknown = try await browser.post("/login", [("username", "nobody"), ("password", "whatever it is")])
            let wrong = try await browser.post("/login", [("username", "ana"), ("password", "whatever it is")])
            #expect(unknown.status == .unauthorized)
            #expect(wrong.status == unknown.status)
            #expect(wrong.text.contains("The user name or password is not right."))
            #expect(unknown.text.contains("The user name or password is not right."))
            for _ in 0..<4 { _ = try await browser.post("/login", [("username", "ana"), ("password", "still wrong!!")]) }
            let fifthFree = try await browser.post("/login", [("username", "ana"), ("password", testPassword)])
            #expect(fifthFree.status == .seeOther, "five failures are free")
            browser = Browser(client)
            _ = try await browser.get("/login")
            for _ in 0..<6 { _ = try await browser.post("/login", [("username", "ana"), ("password", "still wrong!!")]) }
            let limited = try await browser.post("/login", [("username", "ana"), ("password", testPassword)])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "15", "the clock stands still in tests: the whole first delay remains")
            #expect(limited.text.contains("Too many failed attempts. Try again in 15 seconds."))
            #expect(browser.cookies["spotter_session"] == nil)
        }
    }

    @Test("signing in opens Home; signing out ends the session")
    func signInAndOut() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = Browser(client)
            _ = try await browser.get("/login")
            let signedIn = try await browser.post(
                "/login", [("username", "ana"), ("password", testPassword), ("next", "/settings")])
            #expect(signedIn.location == "/settings")
            let sessionCookie = try #require(browser.cookies["spotter_session"])
            #expect(try await browser.get("/settings").status == .ok)
            #expect(try await h.count("web_sessions") == 1)
            _ = try await browser.post("/logout", [])
            #expect(try await h.count("web_sessions") == 0)
            let replay = try await client.executeRequest(
                uri: "/settings", method: .get, headers: [.cookie: "spotter_session=\(sessionCookie)"], body: nil)
            #expect(replay.location == "/login?next=%2Fsettings", "the old cookie no longer signs in")
        }
    }

    @Test("forms without the right token are refused and change nothing")
    func csrf() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = Browser(client)
            _ = try await browser.get("/login")
            let forged = try await browser.post("/login", [("username", "ana"), ("password", testPassword)], csrf: "forged")
            #expect(forged.status == .forbidden)
            #expect(forged.text.contains("This form has expired."))
            _ = try await browser.post("/login", [("username", "ana"), ("password", testPassword)])
            _ = try await browser.get("/settings")
            let before = try await client.api(.get, "/api/v1/settings", token: h.anaToken).text
            let forgedSettings = try await browser.post(
                "/settings", [("unit", "lb"), ("defaultRestSeconds", "60"), ("theme", "dark"), ("timeZone", "UTC")],
                csrf: "forged")
            #expect(forgedSettings.status == .forbidden)
            #expect(try await client.api(.get, "/api/v1/settings", token: h.anaToken).text == before)

            // The API with the session cookie needs the token in a header for changes.
            let cookie = "spotter_session=\(try #require(browser.cookies["spotter_session"]))"
            let noHeader = try await client.executeRequest(
                uri: "/api/v1/settings", method: .patch, headers: [.cookie: cookie, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"unit": "lb"}"#))
            #expect(noHeader.status == .forbidden)
            let token = try #require(browser.lastFormToken)
            let withHeader = try await client.executeRequest(
                uri: "/api/v1/settings", method: .patch,
                headers: [.cookie: cookie, .contentType: "application/json", .init("X-CSRF-Token")!: token],
                body: ByteBuffer(string: #"{"unit": "lb"}"#))
            #expect(withHeader.status == .ok)
        }
    }

    @Test("a user created without the welcome sees onboarding once, then Home")
    func onboarding() async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = Browser(client)
            _ = try await browser.get("/login")
            _ = try await browser.post("/login", [("username", "ana"), ("password", testPassword)])
            #expect(try await browser.get("/").location == "/onboarding")
            let page = try await browser.get("/onboarding")
            #expect(page.text.contains("Two quick choices"))
            let bad = try await browser.post(
                "/onboarding", [("unit", "stone"), ("defaultRestSeconds", "90"), ("timeZone", "UTC")])
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("Choose kg or lb."))
            _ = try await browser.post(
                "/onboarding", [("unit", "lb"), ("defaultRestSeconds", "90"), ("timeZone", "Europe/Berlin")])
            #expect(try await browser.get("/").status == .ok)
            #expect(try await browser.get("/more").text.contains("Weights in lb · rest 1:30"), "the choices of onboarding")
        }
    }
}
