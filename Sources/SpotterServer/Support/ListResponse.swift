import Foundation
import Hummingbird
import SpotterCore

struct ListResponse<Item: Encodable & Sendable>: ResponseEncodable {
    let items: [Item]
}

extension Response {
    /// An empty 204 answer.
    static var noContent: Response { Response(status: .noContent) }
}

extension EditedResponse {
    /// A 201 answer with a body.
    static func created(_ body: Generator) -> EditedResponse<Generator> {
        EditedResponse(status: .created, response: body)
    }
}
