import Foundation
import Hummingbird
import SpotterCore

extension Request {
    /// Decodes a JSON body, turning every decoding failure into a 400 that names the
    /// field by its path and says what it takes (`JSONBodyProblem`).
    /// Text holding a control character is refused here, for every JSON body alike,
    /// with the path of the field (`entries[0].notes`).
    /// `ifEmpty`: the value of a body left out, for operations whose every field is optional.
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: some RequestContext, ifEmpty: Value? = nil) async throws
        -> Value
    {
        var request = self
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: context.maxUploadSize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIProblem(
                status: .contentTooLarge, code: "too_large", message: "The request body is too large: at most 1 MB of JSON.")
        }
        if let issue = body.withUnsafeReadableBytes({ PlainText.firstForbiddenString(inJSON: $0) }) {
            throw SpotterError.invalid(ValidationFailure([issue]))
        }
        if let ifEmpty, body.readableBytes == 0 { return ifEmpty }
        let data = Data(buffer: body)
        do {
            return try JSONCoding.decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw JSONBodyProblem.problem(
                for: error, body: data, schema: RequestBodySchemas.served?.body(method: method, route: context.endpointPath))
        }
    }
}
