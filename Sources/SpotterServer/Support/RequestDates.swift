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
        // The whole seconds by the formatter, the fraction (any number of digits) by hand.
        var whole = text, fraction = 0.0
        if let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
            fraction = Double("0." + digits) ?? 0
            whole = String(text[..<dot]) + String(text[text.index(dot, offsetBy: digits.count + 1)...])
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: whole)?.addingTimeInterval(fraction)
    }

    static let strategy = JSONDecoder.DateDecodingStrategy.custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = date(text) else {
            throw JSONDecodingIssue.ExpectedValue(JSONDecodingIssue.ValueKind.dateTime.words).error(in: container)
        }
        return date
    }
}
