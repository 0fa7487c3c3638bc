import Foundation
import Hummingbird
import SpotterCore

extension Parameters {
    /// A boolean query value: the one rule for every list of the API. Exactly `true` or
    /// `false`; left out is nil; anything else (`1`, `yes`, an empty value) is a 400 that
    /// names the parameter, rather than a guess.
    func flag(_ name: String) throws -> Bool? {
        guard let value = get(name) else { return nil }
        switch value {
        case "true": return true
        case "false": return false
        default:
            throw APIProblem(
                status: .badRequest, code: "bad_request", message: "Use true or false for \(name), not \"\(value)\".", field: name
            )
        }
    }

    /// A path id; a malformed one answers 404 like an unknown one.
    func uuid(_ name: String, resource: String) throws -> UUID {
        guard let text = get(name), let id = UUID(uuidString: text) else { throw SpotterError.notFound(resource) }
        return id
    }
}
