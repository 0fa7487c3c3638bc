import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// No route is open by mistake: every route the router holds, but the few listed as
/// public, refuses a request without a session or token.
@Suite("Routes closed without a session")
struct RouteAccessTests {
    /// The routes anyone may use: the sign-in and registration forms, the welcome page,
    /// health, the assets and service worker, and the API's own document.
    static let publicRoutes: Set<String> = [
        "GET /", "GET /welcome", "GET /health", "GET /ready", "GET /metrics", "GET /login", "POST /login", "GET /register",
        "POST /register", "GET /sw.js",
        "GET /assets/{name}", "GET /api/v1/openapi.yaml",
    ]

    /// A path to request for a route: each capture filled with an id.
    static func concrete(_ route: String) -> String {
        route.split(separator: "/", omittingEmptySubsequences: false).map { part in
            part.hasPrefix(":") || part.hasPrefix("*") || part.hasPrefix("{")
                ? Substring("0b7e4a3c-5d2f-4c1a-9e8b-7f6a5d4c3b2a") : part
        }.joined(separator: "/")
    }

    @Test("every route outside the public list answers 401 (API) or sends to the sign-in page (pages) without a session")
    func everyRouteIsClosed() async throws {
        try await TestEnvironment.with(.sqlite) { env in
            // Every anonymous post of the walk gets through the address budget.
            var configuration = AppConfiguration(
                dataDirectory: env.dataDirectory, database: env.location, logLevel: .warning, passwordCost: 4, clock: { testNow })
            configuration.anonymousPosts = RequestBudget(burst: 1_000, perSecond: 100)
            let services = try await buildServices(configuration: configuration)
            let router = buildRouter(services: services)
            let routes = router.routes.map { (method: $0.method, path: $0.path.description) }
            do {
                try await Application(router: router).test(.router) { client in
                    #expect(routes.count > 80, "the router lists its routes")
                    var checked = 0
                    for route in routes where !Self.publicRoutes.contains("\(route.method) \(route.path)") {
                        let path = Self.concrete(route.path)
                        // Page posts carry a matching sign-in form token (cookie and header), as the
                        // sign-in form's own post does, so the forgery check lets them through and
                        // only the sign-in check can refuse them.
                        let formToken: HTTPFields = [
                            .cookie: "\(CSRFMiddleware.cookieName)=walk", CSRFMiddleware.headerName: "walk",
                        ]
                        let isPagePost = !route.path.hasPrefix("/api/") && route.method != .get && route.method != .head
                        let response = try await client.execute(
                            uri: path, method: route.method, headers: isPagePost ? formToken : [:], body: nil)
                        let name = "\(route.method) \(route.path)"
                        if route.path.hasPrefix("/api/") {
                            #expect(response.status == .unauthorized, "\(name) answered \(response.status)")
                        } else if route.method == .get || route.method == .head {
                            #expect([.found, .seeOther].contains(response.status), "\(name) answered \(response.status)")
                            #expect(
                                response.headers[.location]?.hasPrefix("/login") == true,
                                "\(name) sends to \(response.headers[.location] ?? "nowhere")")
                        } else {
                            #expect([.found, .seeOther].contains(response.status), "\(name) answered \(response.status)")
                            #expect(
                                response.headers[.location]?.hasPrefix("/login") == true,
                                "\(name) sends to \(response.headers[.location] ?? "nowhere")")
                        }
                        checked += 1
                    }
                    #expect(checked > 70)
                    // The public list names routes that exist.
                    let names = Set(routes.map { "\($0.method) \($0.path)" })
                    for name in Self.publicRoutes {
                        #expect(names.contains(name), "\(name) is a route")
                    }
                }
            } catch {
                await services.store.shutdown()
                throw error
            }
            await services.store.shutdown()
        }
    }
}
