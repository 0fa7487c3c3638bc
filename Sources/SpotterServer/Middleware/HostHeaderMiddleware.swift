import HTTPTypes
import Hummingbird

/// Refuses a request without exactly one `Host` header: HTTP/1.1 requires one
/// (RFC 9112 section 3.2 says to answer 400), and the pages and redirects are made
/// for the host it names.
///
/// HTTP/1.0 requests are held to the same rule: the HTTP/1 parser does not pass the
/// version on to the router, and every client still in use sends Host with 1.0 too
/// (curl `-0`, wget, nginx's default `proxy_pass`, which speaks 1.0). A health checker
/// that sends none (HAProxy's bare `option httpchk`) is told to add it.
struct HostHeaderMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The parser takes the first Host line as the request's authority; any further
    /// one stays among the header fields.

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        guard request.head.authority != nil else {
            throw APIProblem(
                status: .badRequest, code: "bad_request",
                message: "The request has no Host header. HTTP/1.1 requires one: send Host with the server's name (and port).",
                field: "Host")
        }
        guard request.headers[values: .hostField].isEmpty else {
            throw APIProblem(
                status: .badRequest, code: "bad_request", message: "The request has more than one Host header. Send exactly one.",
                field: "Host")
        }
        return try await next(request, context)
    }
}
