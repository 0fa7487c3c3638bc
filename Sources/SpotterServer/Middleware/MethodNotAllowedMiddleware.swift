import HTTPTypes
import Hummingbird

/// Answers a method an address does not take (TRACE, or PUT where only GET is
/// served) with 405 and the methods it does take in `Allow`, instead of the
/// router's 404. Added after every route, so it only sees requests no route took.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// One route's path split into parts (nil for a capture), with its methods.
    private let routes: [(parts: [Substring?], methods: Set<String>)]

    init(routes: [Router<AppRequestContext>.RouteDescription]) {
        var table: [String: Set<String>] = [:]
        for route in routes { table[route.path.description, default: []].insert(route.method.rawValue) }
        self.routes = table.map { path, methods in
            var allowed = methods
            if methods.contains("GET") { allowed.insert("HEAD") }
            let parts = path.split(separator: "/").map { part -> Substring? in
                part.hasPrefix(":") || part.hasPrefix("{") || part.hasPrefix("*") ? nil : part
            }
            return (parts, allowed)
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        let parts = request.uri.path.split(separator: "/")
        let matching = routes.filter { route in
            route.parts.count == parts.count && zip(route.parts, parts).allSatisfy { $0 == nil || $0 == $1 }
        }
        // The router prefers a fixed part to a capture (`entries/order` over `entries/:entryId`),
        // so the methods are those of the most specific routes that match.
        let specificity = { (route: (parts: [Substring?], methods: Set<String>)) in route.parts.filter { $0 != nil }.count }
        let best = matching.map(specificity).max() ?? 0
        let allowed = matching.filter { specificity($0) == best }.reduce(into: Set<String>()) { $0.formUnion($1.methods) }
        guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else { return try await next(request, context) }
        var problem = APIProblem(
            status: .methodNotAllowed, code: "method_not_allowed",
            message: "This address does not take \(request.method.rawValue). Use \(allowed.sorted().joined(separator: ", ")).")
        problem.headers[.allow] = allowed.sorted().joined(separator: ", ")
        throw problem
    }
}
