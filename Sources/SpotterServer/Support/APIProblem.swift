import AsyncKit
import Foundation
import Hummingbird
import Logging
import SpotterCore
import SpotterStore

/// An error as the client sees it.
struct APIProblem: Error, Sendable {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var field: String?
    var headers: HTTPFields = [:]
    /// What an error page says instead of `message`, where the two differ (a page's
    /// form is not kept and sent again as the web app's changes are).
    var pageMessage: String?

    init(status: HTTPResponse.Status, code: String, message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    init(_ error: any Error, logger: Logger) {
        if !(error is APIProblem), let fault = StorageFault(error) {
            self.init(fault, logger: logger, error: error)
            return
        }
        switch error {
        case let problem as APIProblem:
            self = problem
        case let error as SpotterError:
            switch error {
            case .invalid(let failure):
                self.init(
                    status: .badRequest, code: "validation_failed", message: failure.first.message, field: failure.first.field)
            case .notFound:
                self.init(status: .notFound, code: "not_found", message: error.message)
            case .conflict(let field, let message):
                self.init(status: .conflict, code: "conflict", message: message, field: field)
            case .forbidden(let message):
                self.init(status: .forbidden, code: "forbidden", message: message)
            }
        case StoreError.busy, is ConnectionPoolTimeoutError:
            // Nothing was written (a write that waited out the busy timeout, or a request
            // that waited a minute for a database connection); clients (and the web app's
            // outbox) send it again.
            self.init(status: .serviceUnavailable, code: "unavailable", message: StoreError.busy.description)
            headers[.retryAfter] = "5"
        case let failure as ValidationFailure:
            self.init(status: .badRequest, code: "validation_failed", message: failure.first.message, field: failure.first.field)
        case let error as HTTPError:
            self.init(httpError: error)
        case let error as any HTTPResponseError:
            self.init(httpError: HTTPError(error.status))
        default:
            logger.error("Unexpected error: \(String(reflecting: error))")
            self.init(
                status: .internalServerError, code: "internal",
                message: "Something went wrong on the server. Nothing was changed; try again.")
        }
    }

    /// The disk or the database failed, not the request: nothing was written and the
    /// same request succeeds once the machine is mended, so it is "send it again"
    /// (503 with Retry-After) rather than "failed" (500), which clients give up on.
    private init(_ fault: StorageFault, logger: Logger, error: any Error) {
        logger.error("Storage fault (\(fault.reason)): \(String(reflecting: error))")
        self.init(status: .serviceUnavailable, code: "storage_unavailable", message: fault.message)
        pageMessage = fault.pageMessage
        headers[.retryAfter] = String(StorageFault.retryAfterSeconds)
    }

    private init(httpError error: HTTPError) {
        let status = error.status
        switch status {
        case .contentTooLarge:
            self.init(status: status, code: "too_large", message: "The request is too large.")
        case .badRequest:
            self.init(
                status: status, code: "bad_request", message: error.body ?? "The request could not be read: send valid JSON.")
        case .unauthorized:
            self.init(status: status, code: "unauthorized", message: error.body ?? "Sign in first.")
        case .notFound:
            self.init(status: status, code: "not_found", message: error.body ?? "There is nothing at this address.")
        case .methodNotAllowed:
            self.init(status: status, code: "method_not_allowed", message: "This address does not accept that method.")
        case .tooManyRequests:
            self.init(status: status, code: "rate_limited", message: error.body ?? "Too many attempts; wait and try again.")
        case .forbidden:
            self.init(status: status, code: "forbidden", message: error.body ?? "Not allowed.")
        case .unsupportedMediaType:
            self.init(status: status, code: "unsupported_media_type", message: error.body ?? "Send the body as application/json.")
        default:
            self.init(status: status, code: "http_\(status.code)", message: error.body ?? status.reasonPhrase)
        }
        headers = error.headers
    }

    /// 429 with the wait in `Retry-After`.
    static func rateLimited(_ message: String, retryAfter seconds: Int, field: String? = nil) -> APIProblem {
        var problem = APIProblem(status: .tooManyRequests, code: "rate_limited", message: message, field: field)
        problem.headers[.retryAfter] = String(seconds)
        return problem
    }

    func jsonResponse() -> Response {
        struct Body: Encodable {
            struct Detail: Encodable {
                let code: String
                let message: String
                /// Always present, `null` when the error is not about one field.
                @Nullable var field: String?
            }
            let error: Detail
        }
        let data = (try? JSONCoding.encoder.encode(Body(error: .init(code: code, message: message, field: field)))) ?? Data()
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
