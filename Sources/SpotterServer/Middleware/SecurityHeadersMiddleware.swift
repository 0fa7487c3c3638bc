import Hummingbird

/// Headers every answer carries: no third-party content may load, no framing, no
/// guessing of content types. It is the outermost middleware, so the answers made
/// from errors (`ErrorMiddleware`'s JSON and pages, the router's 404 and 405, the
/// CSRF 403, a refused Host) and HEAD answers (`HeadResponder` keeps the GET's
/// headers) carry them as well.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // Only an error of a middleware outside `ErrorMiddleware` gets here; it is
            // answered the way that middleware answers the API.
            response = APIProblem(error, logger: context.logger).jsonResponse()
        }
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
        response.headers[.init("X-Content-Type-Options")!] = "nosniff"
        response.headers[.init("Referrer-Policy")!] = "same-origin"
        return response
    }
}
