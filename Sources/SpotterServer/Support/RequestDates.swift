import Foundation
import SpotterCore

/// Dates in request bodies: RFC 3339 date-times (`2026-03-14T18:05:00Z`, with
/// fractions of a second or an offset such as `+02:00`), read strictly: Foundation's
/// ISO 8601 reader would take 12:99 as 13:39 and 31 February as 3 March.
enum RequestDates {
    static func date(_ text: String) -> Date? {
        if let date = UTCTime.date(text) { return date }
        let pattern = #"^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$"#
        guard let match = text.range(of: pattern, options: .regularExpression), match == text.startIndex..<text.endIndex,
            UTCTime.date(text.prefix(10) + "T00:00:00Z") != nil
        else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.date(from: text)
    }

    static let strategy = JSONDecoder.DateDecodingStrategy.custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = date(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a date and time such as 2026-03-14T18:05:00Z.")
        }
        return date
    }
}
