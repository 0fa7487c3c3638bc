import Foundation

/// Groups workouts into calendar weeks starting Monday, in the lifter's time zone.
public enum WeekGrouping {
    public struct Week<Item>: Sendable where Item: Sendable {
        /// Midnight of the week's Monday, in the lifter's zone.
        public let start: Date
        public let items: [Item]
    }

    /// The Monday that starts the week holding `date`.
    public static func weekStart(of date: Date, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let components = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        return calendar.date(from: components) ?? date
    }

    /// Items grouped by week, newest week first, keeping their order inside a week.
    public static func group<Item: Sendable>(_ items: [Item], date: (Item) -> Date, timeZone: TimeZone) -> [Week<Item>] {
        var order: [Date] = []
        var buckets: [Date: [Item]] = [:]
        for item in items {
            let start = weekStart(of: date(item), timeZone: timeZone)
            if buckets[start] == nil { order.append(start) }
            buckets[start, default: []].append(item)
        }
        return order.sorted(by: >).map { Week(start: $0, items: buckets[$0] ?? []) }
    }
}
