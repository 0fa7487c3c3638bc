import Foundation
import Hummingbird
import SpotterCore

extension Request {
    /// Decodes a JSON body, turning every decoding failure into a 400 that says what is wrong.
    /// Text holding a control character is refused here, for every JSON body alike,
    /// with the path of the field (`entries[0].notes`).
    /// `ifEmpty`: the value of a body left out, for operations whose every field is optional.
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: some RequestContext, ifEmpty: Value? = nil) async throws -> Value {
        var request = self
        do {
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            if let issue = body.withUnsafeReadableBytes({ PlainText.firstForbiddenString(inJSON: $0) }) {
                throw SpotterError.invalid(ValidationFailure([issue]))
            }
            if let ifEmpty, body.readableBytes == 0 { return ifEmpty }
            return try await request.decode(as: type, context: context)
        } catch let error as SpotterError {
            throw error
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIProblem(status: .contentTooLarge, code: "too_large", message: "The request body is too large: at most 1 MB of JSON.")
        } catch let error as HTTPError {
            throw APIProblem(status: .badRequest, code: "bad_request", message: error.body ?? "The body is not valid JSON.")
        } catch {
            throw APIProblem(status: .badRequest, code: "bad_request", message: "The body is not valid JSON.")
        }
    }
}
