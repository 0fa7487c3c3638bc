import Foundation

/// A calendar day written "yyyy-MM-dd" (a day, not a moment: it means the same
/// date wherever the lifter is), as forms, filters and body metrics use it.
public enum CalendarDay {
    /// Year, month and day of `text` when it is four, two and two digits naming a
    /// real day ("2026-02-30" and "2026-+3-01" are not), else nil.
    public static func parse(_ text: String) -> DateComponents? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
        guard calendar.range(of: .day, in: .month, for: first)!.contains(day) else { return nil }
        return DateComponents(year: year, month: month, day: day)
    }

    /// The moment the day starts in `timeZone` (or `hour` o'clock of it), or nil when `text` is not a day.
    public static func start(of text: String, timeZone: TimeZone, hour: Int = 0) -> Date? {
        guard var components = parse(text) else { return nil }
        components.hour = hour
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: components)
    }

    /// The day `date` falls on in `timeZone`.
    public static func string(of date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}
