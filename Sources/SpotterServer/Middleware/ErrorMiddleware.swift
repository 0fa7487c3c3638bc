import Foundation
import Hummingbird
import Logging
import SpotterCore
import SpotterStore

/// The one place where errors become HTTP answers. API paths get the JSON error
/// shape `{"error": {"code", "message", "field"}}`; pages get a plain error page.
/// Nothing internal (stack traces, SQL) ever reaches a response.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let views: ViewRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let problem = APIProblem(error, logger: context.logger)
            // Scripts, probes and static files get the JSON shape (a page would send a
            // browser to sign in, which means nothing for them).
            if request.uri.path.hasPrefix("/api/") || request.isPublicResource {
                return problem.jsonResponse()
            }
            // A page that needs a session: sign in, then come back to it.
            if problem.status == .unauthorized {
                return .redirect(to: ReturnPath.signIn(returningFrom: request), type: .found)
            }
            do {
                return try views.errorPage(problem, context: context)
            } catch {
                context.logger.error("The error page failed: \(String(reflecting: error))")
                return Self.fallbackPage(problem)
            }
        }
    }

    /// The plainest page, for when the error page itself cannot be drawn. The message
    /// may repeat what the request said (a name, a path), so it is escaped like any
    /// text in a page.
    static func fallbackPage(_ problem: APIProblem) -> Response {
        var response = ViewRenderer.html(
            "<!doctype html><title>Spotter</title><p>\(SVGChart.escape(problem.message))</p>", status: problem.status)
        for field in problem.headers { response.headers.append(field) }
        return response
    }
}
