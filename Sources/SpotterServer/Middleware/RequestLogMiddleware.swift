import CoreMetrics
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import SpotterStore

/// The first thing every request meets: it gets an id (the `X-Request-Id` a proxy
/// sent, when it is a plain token, else a new random one), which every log line of
/// the request carries and the answer returns in `X-Request-Id`. Once answered, the
/// request is logged on one line (at info) and counted in the metrics by its route
/// template, never by its concrete path, so ids do not make new series.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// Where the request metrics go; nil when `/metrics` is off (nothing is counted).
    let metrics: (any MetricsFactory)?
    /// Whether each request gets its log line: when the server logs at info or lower.
    /// (Hummingbird's request loggers do not take the server's level.)
    let logsRequests: Bool
    static let header = HTTPField.Name.requestID
    /// Hummingbird's own request-id key, reused so that its lines carry the same id.
    static let metadataKey = "hb.request.id"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        var context = context
        let id = request.headers[Self.header].flatMap(Self.acceptable) ?? RandomToken.hex(bytes: 8)
        context.logger[metadataKey: Self.metadataKey] = .string(id)
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            var response = try await next(request, context)
            response.headers[Self.header] = id
            finished(request, context: context, status: response.status.code, started: started)
            return response
        } catch {
            finished(request, context: context, status: (error as? any HTTPResponseError)?.status.code ?? 500, started: started)
            throw error
        }
    }

    private func finished(_ request: Request, context: Context, status: Int, started: UInt64) {
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        let route = context.endpointPath ?? "unmatched"
        let method = request.method.rawValue
        if let metrics {
            Counter(
                label: "spotter_http_requests_total",
                dimensions: [("method", method), ("route", route), ("status", String(status))],
                factory: metrics
            ).increment()
            Timer(
                label: "spotter_http_request_duration_seconds", dimensions: [("method", method), ("route", route)],
                factory: metrics
            )
            .recordNanoseconds(Int64(elapsed))
        }
        guard logsRequests else { return }
        context.logger.info(
            "request",
            metadata: [
                "method": .string(method), "path": .string(request.uri.path), "route": .string(route),
                "status": .stringConvertible(status),
                "ms": .string(String(format: "%.1f", Double(elapsed) / 1_000_000)),
            ])
    }

    /// A sent id is kept when it is 1-128 letters, digits, `-`, `_`, `.` or `:` (nginx's
    /// `$request_id` is 32 hex digits), so nothing odd reaches the logs.
    static func acceptable(_ sent: String) -> String? {
        guard (1...128).contains(sent.utf8.count),
            sent.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || [0x2D, 0x5F, 0x2E, 0x3A].contains(byte)
            })
        else { return nil }
        return sent
    }
}
