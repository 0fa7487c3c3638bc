import Foundation
import Hummingbird
import HTTPTypes
import SpotterCore
import SpotterStore

/// Finds out who is asking: a bearer token (API clients) or the session cookie
/// (the web app). A bearer token that is unknown or revoked is refused outright
/// rather than treated as anonymous, so a script learns its token is dead.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let services: AppServices

    static let sessionCookie = "spotter_session"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Probes and static files need nobody's identity.
        if request.uri.path == "/health" || request.uri.path.hasPrefix("/assets/") {
            return try await next(request, context)
        }
        var context = context
        let now = services.clock()
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer",
                let user = try await services.accounts.user(forToken: String(parts[1]).trimmingCharacters(in: .whitespaces), now: now)
            else {
                throw APIProblem(status: .unauthorized, code: "unauthorized", message: "The API token is not valid or was revoked.")
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

/// Protects state-changing requests made with the session cookie from cross-site
/// forgery. Forms carry `_csrf`; scripts send `X-CSRF-Token`. Before sign-in (login,
/// register) a random cookie and a matching form field are compared instead.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let cookieName = "spotter_csrf"
    static let headerName = HTTPField.Name("X-CSRF-Token")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let existing = request.cookies[Self.cookieName]?.value
        let preAuth = existing ?? Self.makeToken()
        context.preAuthCSRF = preAuth
        var request = request
        // Only requests that a browser could send on its own need the token: page forms,
        // and API calls that ride on the session cookie. Bearer-token and anonymous API
        // calls carry no ambient credentials.
        let isAPI = request.uri.path.hasPrefix("/api/")
        let unsafe = ![.get, .head, .options].contains(request.method)
        let viaSession = context.authentication?.webSession != nil
        let needsToken = unsafe && (viaSession || (!isAPI && context.authentication == nil))
        if needsToken {
            let expected = context.authentication?.webSession?.csrfToken ?? existing
            let sent = try await Self.sentToken(in: &request, context: context)
            guard let expected, let sent, Self.constantTimeEqual(expected, sent) else {
                throw APIProblem(
                    status: .forbidden, code: "csrf",
                    message: "This form has expired. Go back, reload the page and try again.")
            }
        }
        var response = try await next(request, context)
        if existing == nil {
            response.setCookie(Cookie(name: Self.cookieName, value: preAuth, path: "/", secure: false, httpOnly: true, sameSite: .lax))
        }
        return response
    }

    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// The token from the header, or from the `_csrf` field of a url-encoded or multipart form.
    private static func sentToken(in request: inout Request, context: Context) async throws -> String? {
        if let header = request.headers[headerName] { return header }
        guard let form = try await SubmittedForm.readIfForm(&request) else { return nil }
        return form["_csrf"]
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

enum FormLimits {
    /// A form may carry one image of at most 5 MB plus its fields.
    static let maxBody = ImageFormat.maxByteCount + 256 * 1024
}
