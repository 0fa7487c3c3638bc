import Foundation
import HTTPTypes
import Hummingbird

/// Protects state-changing requests made with the session cookie from cross-site
/// forgery. Forms carry `_csrf`; scripts send `X-CSRF-Token`. Before sign-in (login,
/// register) a random cookie and a matching form field are compared instead.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let services: AppServices
    static let cookieName = "spotter_csrf"
    static let headerName = HTTPField.Name.csrfToken

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        var context = context
        let path = request.uri.path
        let isAPI = path.hasPrefix("/api/")
        let isPage = !isAPI && !request.isPublicResource
        let existing = request.cookies[Self.cookieName]?.value
        // Anonymous pages (sign-in, registration) get a token of their own to echo back.
        let fresh = isPage && existing == nil && context.authentication == nil ? Self.makeToken() : nil
        context.preAuthCSRF = existing ?? fresh
        var request = request
        // Only requests that a browser could send on its own need the token: page forms,
        // and API calls that ride on the session cookie. Bearer-token and anonymous API
        // calls carry no ambient credentials.
        // Only the methods a route takes to change something; others (TRACE) change
        // nothing and get 405 from the router.
        let unsafe = [.post, .put, .patch, .delete].contains(request.method)
        let viaSession = context.authentication?.webSession != nil
        let needsToken = unsafe && (viaSession || (isPage && context.authentication == nil))
        if needsToken {
            // The cheap checks come first, so a request that will be refused costs no
            // reading of its body: no token to compare with, an anonymous address that
            // has posted too much, a body that is no form or says it is too large.
            guard let expected = context.authentication?.webSession?.csrfToken ?? existing else { throw Self.expired }
            let anonymous = context.authentication == nil
            if anonymous, let wait = services.limiter.spendAnonymousPost(address: context.clientAddress, now: services.clock()) {
                throw APIProblem.rateLimited(
                    "Too many requests from this address. Wait \(AbuseLimiter.waitText(wait)) and try again.", retryAfter: wait)
            }
            let kind = FormLimits.Kind(request)
            if anonymous {
                // Before sign-in the token is only the cookie, which the sender picks: the
                // size limit holds whichever way the token comes.
                try FormLimits.refuseDeclared(request, over: FormLimits.pageForm)
                _ = try await request.collectBody(upTo: FormLimits.pageForm)
            }
            if let header = request.headers[Self.headerName] {
                guard Self.constantTimeEqual(expected, header) else { throw Self.expired }
            } else if Self.streamedUploadPaths.contains(path), kind == .multipart, !anonymous {
                // Collecting the body here would hold the whole upload in memory.
                context.streamedCSRF = expected
            } else {
                guard let kind else { throw Self.expired }
                try FormLimits.refuseDeclared(request, over: kind.limit)
                let sent = try await SubmittedForm.read(&request, kind: kind, limit: kind.limit)["_csrf"]
                guard Self.constantTimeEqual(expected, sent) else { throw Self.expired }
            }
        }
        var response = try await next(request, context)
        if let fresh {
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: fresh, path: "/", secure: context.viaHTTPS, httpOnly: true, sameSite: .lax))
        }
        return response
    }

    /// Page forms that upload large files: their handler reads the body as it arrives
    /// and calls `checkStreamed` with the `_csrf` field before it keeps any of the file.
    static let streamedUploadPaths: Set<String> = ["/settings/import"]

    static let expired = APIProblem(
        status: .forbidden, code: "csrf", message: "This form has expired. Go back, reload the page and try again.")

    /// The check this middleware left to a streamed upload's handler; nothing to do
    /// when the middleware checked the request itself.
    static func checkStreamed(sent: String?, context: some SpotterRequestContext) throws {
        guard let expected = context.streamedCSRF else { return }
        guard let sent, constantTimeEqual(expected, sent) else { throw expired }
    }

    static func makeToken() -> String {
        RandomToken.hex(bytes: 24)
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
