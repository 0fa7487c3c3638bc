import Foundation
import HTTPTypes
import Hummingbird
import SpotterCore
import SpotterStore

/// How large a page form may be. Forms that carry no file are small, and so is
/// anything sent before signing in; only signed-in multipart forms carry an image
/// or a template file.
enum FormLimits {
    static let pageForm = 64 * 1024
    /// One image of at most 5 MB (or a template file) plus the form's fields.
    static let upload = ImageFormat.maxByteCount + 256 * 1024

    enum Kind {
        case urlEncoded, multipart

        /// The kind of form a request carries, from its media type (case-insensitive;
        /// the multipart boundary is not); nil when the body is not a form.
        init?(_ request: Request) {
            let type = request.headers[.contentType] ?? ""
            switch type.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            case "application/x-www-form-urlencoded": self = .urlEncoded
            case "multipart/form-data": self = .multipart
            default: return nil
            }
        }

        var limit: Int { self == .multipart ? FormLimits.upload : FormLimits.pageForm }
    }

    /// Refuses, before reading it, a body whose declared length is over `limit`.
    static func refuseDeclared(_ request: Request, over limit: Int) throws {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw APIProblem(
                status: .contentTooLarge, code: "too_large", message: "The form is too large: at most \(limit / 1024) KB.")
        }
    }
}
