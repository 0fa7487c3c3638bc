import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Where a browser lands after signing in: the page it asked for, never another site.
@Suite("Sign-in: the way back (next)")
struct SignInReturnTests {
    /// Returns that leave the site, or could once a browser has cleaned them: browsers
    /// drop tabs and line breaks from a URL and read `\` as `/`, so the first five
    /// land on //evil.com.
    static let offSite = [
        "/\t/evil.com", "/\n/evil.com", "/\r\n/evil.com", "/\\evil.com", "\\/evil.com", "//evil.com", "/ /evil.com",
        "https://evil.com", "evil.com", "/\u{3000}/evil.com", "", "/history\u{200B}",
    ]

    @Test("a next that is no path of this site goes Home, from the form and from the address", arguments: offSite)
    func offSiteGoesHome(next: String) async throws {
        try await withApp(.sqlite) { client, _ in
            var browser = Browser(client)
            let page = try await browser.get("/login?next=" + Browser.encode(next))
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<input type="hidden" name="next" value="/">"#), "\(next.debugDescription)")
            let signedIn = try await browser.post("/login", [("username", "ana"), ("password", testPassword), ("next", next)])
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.location == "/", "\(next.debugDescription) went to \(signedIn.location ?? "nowhere")")
        }
    }

    @Test("paths of this site are kept, percent escapes included")
    func onSiteKept() async throws {
        try await withApp(.sqlite) { client, _ in
            for next in ["/settings", "/history?search=bench%20press", "/%09/evil.com", "/exercises/abc?x=1&y=2"] {
                var browser = Browser(client)
                _ = try await browser.get("/login")
                let signedIn = try await browser.post(
                    "/login", [("username", "ana"), ("password", testPassword), ("next", next)])
                #expect(signedIn.location == next)
            }
        }
    }

    @Test("an anonymous deep link keeps its whole target, path and query, through sign-in", arguments: TestDatabase.all)
    func deepLinkRoundTrip(engine: TestDatabase) async throws {
        try await withApp(engine) { client, _ in
            var browser = Browser(client)
            let asked = try await browser.get("/history?search=x")
            #expect(asked.status == .found)
            #expect(asked.location == "/login?next=%2Fhistory%3Fsearch%3Dx")
            let form = try await browser.get(try #require(asked.location))
            #expect(form.text.contains(#"<input type="hidden" name="next" value="/history?search=x">"#))
            #expect(form.text.contains(#"href="/register?next=%2Fhistory%3Fsearch%3Dx""#), "registering keeps it too")
            let signedIn = try await browser.post(
                "/login", [("username", "ana"), ("password", testPassword), ("next", "/history?search=x")])
            #expect(signedIn.location == "/history?search=x")
            let history = try await browser.get("/history?search=x")
            #expect(history.status == .ok)
            #expect(try await browser.get("/login?next=%2Fsettings").location == "/settings", "signed in already: straight there")
        }
    }

    @Test("registration from a deep link lands on it; a form posted without a session goes to plain sign-in")
    func registrationAndPosts() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = Browser(client)
            let form = try await browser.get("/register?next=%2Ftemplates")
            #expect(form.text.contains(#"<input type="hidden" name="next" value="/templates">"#))
            #expect(form.text.contains(#"href="/login?next=%2Ftemplates""#))
            let registered = try await browser.post(
                "/register",
                [
                    ("username", "carla"), ("password", "strong enough pw"), ("passwordConfirmation", "strong enough pw"),
                    ("unit", "kg"),
                    ("next", "/templates"),
                ])
            #expect(registered.location == "/templates")

            var other = Browser(client)
            _ = try await other.get("/register")
            let refused = try await other.post(
                "/register",
                [
                    ("username", "dora"), ("password", "strong enough pw"), ("passwordConfirmation", "strong enough pw"),
                    ("unit", "kg"),
                    ("next", "/\t/evil.com"),
                ])
            #expect(refused.location == "/", "a new account signs the browser in, and goes Home from an off-site next")
            #expect(try await h.count("users") == 4)

            var anonymous = Browser(client)
            _ = try await anonymous.get("/login")
            let post = try await anonymous.post("/logout", [])
            #expect(post.location == "/login", "a form cannot be sent again by going to its address")
        }
    }
}
