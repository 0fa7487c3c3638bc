import Hummingbird

/// HEAD answers exactly as GET, without the body, on every address: pages, the
/// API, the assets, and the error answers (404, 405, a refused sign-in) too.
///
/// Hummingbird routes a HEAD only to a route made for HEAD, and its own
/// `autoGenerateHeadEndpoints` gives a streamed answer (an export) a
/// `Content-Length: 0` that the GET does not have. So HEAD is turned into GET in
/// front of the router, and the answer keeps the GET's status and headers
/// (Content-Length, Content-Encoding, ETag, Vary) and drops its body unread: a
/// streamed body is never started.
struct HeadResponder<Wrapped: HTTPResponder>: HTTPResponder {
    typealias Context = Wrapped.Context
    let wrapped: Wrapped

    init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .head else { return try await wrapped.respond(to: request, context: context) }
        var head = request.head
        head.method = .get
        let response = try await wrapped.respond(to: Request(head: head, body: request.body), context: context)
        var answer = Response(status: response.status, headers: response.headers)
        // An empty body would otherwise add `Content-Length: 0` where the GET has none.
        answer.headers[.contentLength] = response.headers[.contentLength]
        return answer
    }
}
