import Foundation
import Hummingbird
import SpotterCore

/// The query parameters the progress API and the progress pages both read.
enum ProgressQuery {
    /// The `type` filter: a workout type id, or nothing.
    static func typeID(_ query: Parameters) throws -> UUID? {
        guard let text = query.get("type"), !text.isEmpty else { return nil }
        guard let id = UUID(uuidString: text) else {
            throw SpotterError.invalid(field: "type", "The workout type id is not valid.")
        }
        return id
    }
}

extension ProgressRange {
    /// The range a request asks for (`range`), or `fallback`.
    init(query: Parameters, fallback: ProgressRange) throws {
        guard let text = query.get("range"), !text.isEmpty else {
            self = fallback
            return
        }
        guard let range = ProgressRange(rawValue: text) else {
            throw SpotterError.invalid(field: "range", "The range must be one of: 4w, 3m, 1y, all.")
        }
        self = range
    }
}
