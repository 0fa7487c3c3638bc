import Foundation
import SpotterCore

/// Charts drawn by the server as inline SVG from Core numbers. Colours come from
/// CSS classes (`chart-*` in app.css), so one drawing suits the light and the
/// dark theme; every chart has a title and a description for screen readers,
/// and axis labels carry the lifter's unit. The drawing is 358 units wide, the
/// width of a phone's content column, and scales with its box.
enum SVGChart {
    struct Point: Sendable {
        let date: Date
        let value: Double
    }

    struct Series: Sendable {
        let name: String
        /// `a` or `b`: the first or second series colour.
        let style: String
        let points: [Point]
    }

    struct Bar: Sendable {
        let label: String
        let value: Double
    }

    static let width = 358.0
    static let height = 200.0
    static let left = 46.0, right = 10.0, top = 14.0, bottom = 26.0

    /// Lines over time. Nil when no series has two points: a line needs two.
    static func line(id: String, title: String, description: String, series: [Series], unit: String, timeZone: TimeZone)
        -> String?
    {
        let points = series.flatMap(\.points)
        guard series.contains(where: { $0.points.count >= 2 }), let first = points.map(\.date).min(),
            let last = points.map(\.date).max()
        else { return nil }
        let values = points.map(\.value)
        let ticks = ChartScale.ticks(low: values.min()!, high: values.max()!)
        let span = max(last.timeIntervalSince(first), 1)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ date: Date) -> Double { left + date.timeIntervalSince(first) / span * plotWidth }
        func y(_ value: Double) -> Double {
            top + plotHeight - (value - ticks.first!) / (ticks.last! - ticks.first!) * plotHeight
        }
        var body = yAxis(ticks: ticks, unit: unit, y: y)
        let dates = [first, Date(timeIntervalSince1970: (first.timeIntervalSince1970 + last.timeIntervalSince1970) / 2), last]
        let labelFormat = span > 300 * 86_400 ? "MMM yyyy" : "d MMM"
        for (index, date) in dates.enumerated()
        where index == 0 || format(date, labelFormat, timeZone) != format(dates[index - 1], labelFormat, timeZone) {
            let anchor = index == 0 ? "start" : index == 2 ? "end" : "middle"
            body +=
                "<text class=\"chart-label\" x=\"\(f(x(date)))\" y=\"\(f(height - 8))\" text-anchor=\"\(anchor)\">\(format(date, labelFormat, timeZone))</text>"
        }
        for line in series where !line.points.isEmpty {
            let path = line.points.map { "\(f(x($0.date))),\(f(y($0.value)))" }.joined(separator: " ")
            body += "<polyline class=\"chart-line \(line.style)\" points=\"\(path)\"/>"
            if line.points.count <= 60 {
                for point in line.points {
                    body +=
                        "<circle class=\"chart-dot \(line.style)\" cx=\"\(f(x(point.date)))\" cy=\"\(f(y(point.value)))\" r=\"3\"/>"
                }
            }
        }
        return svg(id: id, title: title, description: description, body: body)
    }

    /// Vertical bars with a label under some of them. Nil when every bar is zero.
    static func bars(id: String, title: String, description: String, bars: [Bar], unit: String, style: String = "a") -> String? {
        guard bars.contains(where: { $0.value > 0 }) else { return nil }
        let ticks = ChartScale.ticks(low: 0, high: bars.map(\.value).max()!)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let slot = plotWidth / Double(bars.count)
        func y(_ value: Double) -> Double { top + plotHeight - value / ticks.last! * plotHeight }
        var body = yAxis(ticks: ticks, unit: unit, y: y)
        let every = max(1, Int((Double(bars.count) / 6).rounded(.up)))
        for (index, bar) in bars.enumerated() {
            let x = left + Double(index) * slot
            let top = y(bar.value)
            if bar.value > 0 {
                body +=
                    "<rect class=\"chart-bar \(style)\" x=\"\(f(x + slot * 0.15))\" y=\"\(f(top))\" width=\"\(f(max(slot * 0.7, 1)))\" height=\"\(f(y(0) - top))\" rx=\"2\"/>"
            }
            if (bars.count - 1 - index) % every == 0 {
                body +=
                    "<text class=\"chart-label\" x=\"\(f(x + slot / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">\(escape(bar.label))</text>"
            }
        }
        return svg(id: id, title: title, description: description, body: body)
    }

    /// A program's intensity modifier per week as bars in percent, deload weeks in
    /// the second colour with a "D" above them. The scale starts below the lightest
    /// week, so a 2.5% step shows.
    static func weeklyIntensity(id: String, title: String, weeks: [ProgramWeek]) -> String {
        let values = weeks.map { $0.modifier * 100 }
        let low = values.min() ?? 100, high = values.max() ?? 100
        let ticks = ChartScale.ticks(low: max(0, low - 5), high: high + 1)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let slot = plotWidth / Double(max(weeks.count, 1))
        let (floor, ceiling) = (ticks.first!, ticks.last!)
        func y(_ value: Double) -> Double { top + plotHeight - (value - floor) / max(ceiling - floor, 1) * plotHeight }
        var body = yAxis(ticks: ticks, unit: "%", y: y)
        let every = max(1, Int((Double(weeks.count) / 8).rounded(.up)))
        for (index, week) in weeks.enumerated() {
            let x = left + Double(index) * slot
            let barTop = y(week.modifier * 100)
            let style = week.isDeload ? "b" : "a"
            body +=
                "<rect class=\"chart-bar \(style)\" x=\"\(f(x + slot * 0.15))\" y=\"\(f(barTop))\" width=\"\(f(max(slot * 0.7, 1)))\" height=\"\(f(max(y(floor) - barTop, 1)))\" rx=\"2\"><title>Week \(week.number): \(WeightFormat.trim(week.modifier * 100))%\(week.isDeload ? ", deload" : "")</title></rect>"
            if week.isDeload {
                body +=
                    "<text class=\"chart-label\" x=\"\(f(x + slot / 2))\" y=\"\(f(barTop - 4))\" text-anchor=\"middle\">D</text>"
            }
            if (weeks.count - 1 - index) % every == 0 {
                body +=
                    "<text class=\"chart-label\" x=\"\(f(x + slot / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">\(week.number)</text>"
            }
        }
        let deloads = weeks.filter(\.isDeload).map { String($0.number) }
        let description =
            "Intensity per week from \(WeightFormat.trim(low))% to \(WeightFormat.trim(high))% over \(counted(weeks.count, "week"))"
            + (deloads.isEmpty ? "." : "; deload in week \(deloads.joined(separator: ", ")).")
        return svg(id: id, title: title, description: description, body: body)
    }

    /// Lines over a program's weeks (1 to `weekCount`), one per series; a week
    /// without a value leaves a gap. Nil when no series has two values.
    static func weeklyLines(
        id: String, title: String, description: String, weekCount: Int, series: [(style: String, values: [Double?])],
        unit: String
    ) -> String? {
        let values = series.flatMap { $0.values.compactMap { $0 } }
        guard weekCount >= 2, series.contains(where: { $0.values.compactMap { $0 }.count >= 2 }), let low = values.min(),
            let high = values.max()
        else { return nil }
        let ticks = ChartScale.ticks(low: low, high: high)
        let plotWidth = width - left - right - 8, plotHeight = height - top - bottom
        func x(_ week: Int) -> Double { left + 8 + Double(week - 1) / Double(weekCount - 1) * plotWidth }
        func y(_ value: Double) -> Double {
            top + plotHeight - (value - ticks.first!) / max(ticks.last! - ticks.first!, 1) * plotHeight
        }
        var body = yAxis(ticks: ticks, unit: unit, y: y)
        let every = max(1, Int((Double(weekCount) / 8).rounded(.up)))
        for week in 1...weekCount where (weekCount - week) % every == 0 {
            body += "<text class=\"chart-label\" x=\"\(f(x(week)))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">\(week)</text>"
        }
        for line in series {
            let points = line.values.enumerated().compactMap { index, value in value.map { (week: index + 1, value: $0) } }
            guard !points.isEmpty else { continue }
            let path = points.map { "\(f(x($0.week))),\(f(y($0.value)))" }.joined(separator: " ")
            body += "<polyline class=\"chart-line \(line.style)\" points=\"\(path)\"/>"
            for point in points {
                body +=
                    "<circle class=\"chart-dot \(line.style)\" cx=\"\(f(x(point.week)))\" cy=\"\(f(y(point.value)))\" r=\"3\"/>"
            }
        }
        return svg(id: id, title: title, description: description, body: body)
    }

    /// A calendar of the weeks from `start` to `end`: one column a week, Monday on
    /// top, darker for more workouts that day.
    static func heatMap(
        id: String, title: String, description: String, days: [Date: Int], start: Date, end: Date, timeZone: TimeZone
    ) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let weeks = TrainingCalendar.weeks(from: start, to: end, timeZone: timeZone)
        let labelWidth = 18.0
        let cell = min(24, (width - labelWidth) / Double(max(weeks.count, 1)))
        let gap = cell > 6 ? 2.0 : 1.0
        let drawnHeight = cell * 7 + 16
        var body = ""
        for (row, name) in ["M", "", "W", "", "F", "", "S"].enumerated() where !name.isEmpty {
            body += "<text class=\"chart-label\" x=\"0\" y=\"\(f(Double(row) * cell + cell * 0.8))\">\(name)</text>"
        }
        var lastMonth = -1
        for (column, week) in weeks.enumerated() {
            let x = labelWidth + Double(column) * cell
            let month = calendar.component(.month, from: week)
            if month != lastMonth, column < weeks.count - 2 {
                body +=
                    "<text class=\"chart-label\" x=\"\(f(x))\" y=\"\(f(cell * 7 + 13))\">\(format(week, "MMM", timeZone))</text>"
                lastMonth = month
            }
            for row in 0..<7 {
                let day = calendar.date(byAdding: .day, value: row, to: week)!
                guard day <= end else { continue }
                let count = days[day] ?? 0
                let level = min(count, 3)
                body +=
                    "<rect class=\"heat h\(level)\" x=\"\(f(x))\" y=\"\(f(Double(row) * cell))\" width=\"\(f(cell - gap))\" height=\"\(f(cell - gap))\" rx=\"\(cell > 6 ? 2 : 1)\"><title>\(dayLabel(day, calendar)): \(count == 1 ? "1 workout" : "\(count) workouts")</title></rect>"
            }
        }
        return svg(id: id, title: title, description: description, body: body, height: drawnHeight)
    }

    // MARK: Parts

    private static func yAxis(ticks: [Double], unit: String, y: (Double) -> Double) -> String {
        ticks.map { tick in
            "<line class=\"chart-grid\" x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(y(tick)))\" y2=\"\(f(y(tick)))\"/>"
                + "<text class=\"chart-label\" x=\"\(f(left - 6))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">\(compact(tick))\(unit.isEmpty ? "" : " \(unit)")</text>"
        }.joined()
    }

    private static func svg(id: String, title: String, description: String, body: String, height: Double = height) -> String {
        """
        <svg class="chart" viewBox="0 0 \(f(width)) \(f(height))" role="img" aria-labelledby="\(id)-title \(id)-desc" preserveAspectRatio="xMidYMid meet">\
        <title id="\(id)-title">\(escape(title))</title><desc id="\(id)-desc">\(escape(description))</desc>\(body)</svg>
        """
    }

    /// 950, 1.2k, 12k, 1.5M: axis labels that fit.
    static func compact(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1_000_000 { return WeightFormat.trim(value / 1_000_000) + "M" }
        if magnitude >= 10_000 { return String(Int((value / 1000).rounded())) + "k" }
        if magnitude >= 1000 { return WeightFormat.trim(value / 1000) + "k" }
        return WeightFormat.trim(value)
    }

    /// A date in a fixed English pattern in the lifter's zone. Making a DateFormatter
    /// costs far more than using one, and a chart formats hundreds of dates: each
    /// thread keeps its own (a formatter is not shared across threads).
    static func format(_ date: Date, _ pattern: String, _ timeZone: TimeZone) -> String {
        let key = "spotter.format|\(pattern)|\(timeZone.identifier)"
        let cache = Thread.current.threadDictionary
        if let formatter = cache[key] as? DateFormatter { return formatter.string(from: date) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        if cache.count > 64 { cache.removeAllObjects() }
        cache[key] = formatter
        return formatter.string(from: date)
    }

    /// A day as `format(day, "EEE d MMM yyyy", …)` writes it ("Mon 3 Nov 2026"), from
    /// `calendar`'s fields: a year's calendar labels every day, and a `DateFormatter`
    /// (ICU on Linux) cost more than the rest of the drawing.
    static func dayLabel(_ day: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.weekday, .day, .month, .year], from: day)
        guard let weekday = parts.weekday, let date = parts.day, let month = parts.month, let year = parts.year else {
            return format(day, "EEE d MMM yyyy", calendar.timeZone)
        }
        return "\(weekdayNames[weekday - 1]) \(date) \(monthNames[month - 1]) \(year)"
    }

    private static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A coordinate to a tenth ("12.3"). Not `String(format:)`: on Linux that goes
    /// through NSString, and a year's calendar formats two thousand of them.
    static func f(_ value: Double) -> String {
        let tenths = (abs(value) * 10).rounded()
        guard tenths < 1e15 else { return String(value) }
        let whole = Int(tenths) / 10, tenth = Int(tenths) % 10
        return (value < 0 && tenths > 0 ? "-" : "") + String(whole) + "." + String(tenth)
    }

    /// Text made safe inside an element or a quoted attribute, in one pass (four
    /// `replacingOccurrences` went through NSString each, for every label a chart
    /// writes); text with nothing to escape is returned as it is.
    static func escape(_ text: String) -> String {
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"")
            })
        else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
