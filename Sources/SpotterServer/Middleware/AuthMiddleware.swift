import Foundation
import HTTPTypes
import Hummingbird
import SpotterCore
import SpotterStore

/// Finds out who is asking: a bearer token (API clients) or the session cookie
/// (the web app). A bearer token that is unknown or revoked is refused outright
/// rather than treated as anonymous, so a script learns its token is dead.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let services: AppServices

    static let sessionCookie = "spotter_session"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        // Probes and static files need nobody's identity, but a bearer token sent to
        // them is checked like anywhere else: a dead token is refused on every path.
        if request.isPublicResource, request.headers[.authorization] == nil {
            return try await next(request, context)
        }
        // The metrics scraper's bearer is the metrics token, which that route checks.
        if request.uri.path == "/metrics" { return try await next(request, context) }
        var context = context
        let now = services.clock()
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer",
                let user = try await services.accounts.user(
                    forToken: String(parts[1]).trimmingCharacters(in: .whitespaces), now: now)
            else {
                throw APIProblem(
                    status: .unauthorized, code: "unauthorized", message: "The API token is not valid or was revoked.")
            }
            context.authentication = .token(user)
        } else if let secret = request.cookies[Self.sessionCookie]?.value,
            let session = try await services.accounts.session(secret: secret, now: now)
        {
            context.authentication = .session(session)
        }
        return try await next(request, context)
    }
}

extension Request {
    /// The probes, the metrics, the service worker and the static files: served to anyone, never a
    /// page (a refusal there is JSON, not a sign-in redirect) and never a form.
    var isPublicResource: Bool {
        let path = uri.path
        return path == "/health" || path == "/ready" || path == "/metrics" || path == "/sw.js" || path.hasPrefix("/assets/")
    }
}
