import Hummingbird
import NIOCore
import Synchronization

/// Reads what is left of a request body nobody read, for requests that ask to close
/// the connection afterwards (`Connection: close`, which Python's urllib and other
/// simple clients send with every request).
///
/// An answer often comes before the body is read (401, 405, 413 declared, a busy
/// restore). Hummingbird reads the rest of such a body before the next request on a
/// kept-alive connection, but on a closing one it stops reading and waits for the
/// client to close. A client that sends its whole body before it reads the answer
/// then blocks, with the server's window full, until one side times out: an upload
/// refused at once hung for minutes. So the rest is read (and dropped) here, up to
/// `limit`; past it the connection is left to its timeouts.
struct UnreadBodyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// The most bytes read and dropped: the largest body any route takes, and then some.
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        guard request.headers[.connection]?.lowercased().contains("close") == true, request.mayHaveBody else {
            return try await next(request, context)
        }
        let watched = WatchedBody(request.body)
        var request = request
        request.body = RequestBody(asyncSequence: watched)
        let response = try await next(request, context)
        if !watched.wasRead {
            var left = limit
            for try await chunk in watched.original {
                left -= chunk.readableBytes
                if left < 0 { break }
            }
        }
        return response
    }
}

extension Request {
    /// Whether the head announces a body: a length above zero, or chunks.
    var mayHaveBody: Bool {
        if let length = headers[.contentLength] { return length != "0" }
        return headers[.transferEncoding] != nil
    }
}

/// A request body that notes whether anyone began to read it; a body may be read once.
final class WatchedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let original: RequestBody
    private let read = Mutex(false)

    init(_ original: RequestBody) {
        self.original = original
    }

    var wasRead: Bool { read.withLock { $0 } }

    func makeAsyncIterator() -> RequestBody.AsyncIterator {
        read.withLock { $0 = true }
        return original.makeAsyncIterator()
    }
}
