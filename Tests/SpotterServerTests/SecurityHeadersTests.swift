import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// Every answer carries the security headers, the ones made from errors too.
@Suite("Security headers on every answer")
struct SecurityHeadersTests {
    static func expectSecurityHeaders(_ response: TestResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(
            response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, "\(what): CSP",
            sourceLocation: sourceLocation)
        #expect(
            response.headers[.init("X-Content-Type-Options")!] == "nosniff", "\(what): nosniff", sourceLocation: sourceLocation)
        #expect(
            response.headers[.init("Referrer-Policy")!] == "same-origin", "\(what): Referrer-Policy",
            sourceLocation: sourceLocation)
    }

    @Test("pages, API answers and errors of every kind carry CSP, nosniff and Referrer-Policy, HEAD answers too")
    func everyKindOfAnswer() async throws {
        try await withApp(.sqlite) { client, h in
            var browser = try await Browser.signedIn(client, as: "ana")
            var anonymous = Browser(client)
            let missing = UUID().uuidString.lowercased()
            let answers: [(String, TestResponse, HTTPResponse.Status)] = [
                ("a page", try await browser.get("/settings"), .ok),
                ("an API answer", try await client.api(.get, "/api/v1/me", token: h.anaToken), .ok),
                (
                    "an API error (unknown id)", try await client.api(.get, "/api/v1/workouts/\(missing)", token: h.anaToken),
                    .notFound
                ),
                (
                    "an API validation error",
                    try await client.api(.post, "/api/v1/tokens", token: h.anaToken, json: #"{"name": ""}"#), .badRequest
                ),
                ("an error page (unknown id)", try await browser.get("/history/\(missing)"), .notFound),
                ("the router's 404 page", try await browser.get("/no-such-page"), .notFound),
                (
                    "the router's 404 in the API", try await client.api(.get, "/api/v1/no-such-thing", token: h.anaToken),
                    .notFound
                ),
                ("the 405", try await client.api(.init("TRACE")!, "/api/v1/workouts", token: h.anaToken), .methodNotAllowed),
                ("the CSRF 403", try await browser.post("/settings/tokens", [("name", "x")], csrf: "forged"), .forbidden),
                ("an API 401", try await client.api(.get, "/api/v1/me", token: "spt_made_up"), .unauthorized),
                ("a sign-in redirect", try await anonymous.get("/settings"), .found),
                (
                    "a query refused (400)", try await client.api(.get, "/api/v1/exercises?search=a%00b", token: h.anaToken),
                    .badRequest
                ),
                ("HEAD of a page", try await client.executeRequest(uri: "/login", method: .head, headers: [:], body: nil), .ok),
                (
                    "HEAD of the 404",
                    try await client.executeRequest(uri: "/no-such-page", method: .head, headers: [:], body: nil), .notFound
                ),
                (
                    "a static file",
                    try await client.executeRequest(uri: "/assets/app.css", method: .get, headers: [:], body: nil), .ok
                ),
            ]
            for (what, response, status) in answers {
                #expect(response.status == status, "\(what)")
                Self.expectSecurityHeaders(response, what)
            }
        }
    }

    @Test("when the error page itself fails, the plain page escapes the message and keeps the headers")
    func fallbackPageEscapes() async throws {
        // A renderer without templates: the error view fails, so the fallback answers.
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorMiddleware(views: ViewRenderer(library: .init())))
        // A message that repeats what a request said, as "not found" messages may.
        router.get("boom") { _, _ -> Response in
            throw APIProblem(status: .notFound, code: "not_found", message: "No exercise is called <script>alert(1)</script>&co.")
        }
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/boom", method: .get)
            #expect(response.status == .notFound)
            let html = String(buffer: response.body)
            #expect(!html.contains("<script>"), "\(html)")
            #expect(html.contains("No exercise is called &lt;script&gt;alert(1)&lt;/script&gt;&amp;co."), "\(html)")
            Self.expectSecurityHeaders(response, "the fallback page")
        }
    }
}
