import Foundation
import HTTPTypes
import Hummingbird
import SpotterCore
import SpotterStore

/// History filters as query parameters: `type`, `exercise` (ids), `from`, `until`
/// (dates YYYY-MM-DD in the lifter's time zone, `until` inclusive), `search`.
struct HistoryQuery {
    var filter = HistoryFilter()

    init(_ query: Parameters, timeZone: String) throws {
        filter.search = String((query.formText("search") ?? "").prefix(100))
        if let type = query.get("type"), !type.isEmpty {
            guard let id = UUID(uuidString: type) else {
                throw SpotterError.invalid(field: "type", "The workout type id is not valid.")
            }
            filter.workoutTypeID = id
        }
        if let exercise = query.get("exercise"), !exercise.isEmpty {
            guard let id = UUID(uuidString: exercise) else {
                throw SpotterError.invalid(field: "exercise", "The exercise id is not valid.")
            }
            filter.exerciseID = id
        }
        let zone = TimeZone(identifier: timeZone) ?? .gmt
        filter.from = try Self.day(query.get("from"), field: "from", timeZone: zone)
        if let until = try Self.day(query.get("until"), field: "until", timeZone: zone) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            filter.until = calendar.date(byAdding: .day, value: 1, to: until)
        }
        if let from = filter.from, let until = filter.until, until <= from {
            throw SpotterError.invalid(field: "until", "The end date is before the start date.")
        }
    }

    /// `limit` (1...200) and `cursor` (from the previous page's next link).
    static func page(_ query: Parameters, defaultLimit: Int) throws -> (limit: Int, after: HistoryCursor?) {
        let limit = try ListPage.limit(query, default: defaultLimit)
        guard let text = query.get("cursor") else { return (limit, nil) }
        guard let cursor = HistoryCursor(text: text) else { throw ListPage.badCursor }
        return (limit, cursor)
    }

    static func day(_ text: String?, field: String, timeZone: TimeZone) throws -> Date? {
        guard let text, !text.isEmpty else { return nil }
        guard let date = CalendarDay.start(of: text, timeZone: timeZone) else {
            throw SpotterError.invalid(field: field, "Use a date like 2026-11-03.")
        }
        return date
    }
}
