import Foundation

/// Workouts and volume laid out on the calendar, in the lifter's time zone.
public enum TrainingCalendar {
    /// Midnight of each day with a workout, and how many workouts it had.
    public static func days(_ dates: [Date], timeZone: TimeZone) -> [Date: Int] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var result: [Date: Int] = [:]
        for date in dates { result[calendar.startOfDay(for: date), default: 0] += 1 }
        return result
    }

    /// Every week start (Monday) from the week of `start` to the week of `end`, oldest first.
    public static func weeks(from start: Date, to end: Date, timeZone: TimeZone) -> [Date] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        var week = WeekGrouping.weekStart(of: start, timeZone: timeZone)
        let last = WeekGrouping.weekStart(of: end, timeZone: timeZone)
        var result: [Date] = []
        while week <= last {
            result.append(week)
            week = calendar.date(byAdding: .weekOfYear, value: 1, to: week)!
        }
        return result
    }

    /// Sums a value per week: every week of the span appears, empty ones as 0.
    public static func weekly<Item>(
        _ items: [Item], date: (Item) -> Date, value: (Item) -> Double, from start: Date, to end: Date, timeZone: TimeZone
    ) -> [(start: Date, value: Double)] {
        var sums: [Date: Double] = [:]
        for item in items { sums[WeekGrouping.weekStart(of: date(item), timeZone: timeZone), default: 0] += value(item) }
        return weeks(from: start, to: end, timeZone: timeZone).map { ($0, sums[$0] ?? 0) }
    }
}

/// Round numbers for chart axes: 0, 25, 50, 75, 100 rather than 0, 23.7, 47.4.
public enum ChartScale {
    /// Evenly spaced round ticks covering `low...high`, about `count` of them.
    public static func ticks(low: Double, high: Double, count: Int = 4) -> [Double] {
        guard high.isFinite, low.isFinite else { return [0] }
        let nonNegative = low >= 0
        var low = low, high = high
        if high - low < 1e-9 {
            let pad = max(abs(high) * 0.05, 1)
            low = nonNegative ? max(0, low - pad) : low - pad
            high += pad
        }
        let raw = (high - low) / Double(max(count, 1))
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let first = floor(low / step) * step
        let last = ceil(high / step) * step
        return stride(from: first, through: last + step / 2, by: step).map { ($0 / step).rounded() * step }
    }
}
