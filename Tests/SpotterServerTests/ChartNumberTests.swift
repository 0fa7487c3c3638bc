import Foundation
import Testing

@testable import SpotterServer

/// `SVGChart.f`: chart coordinates to a tenth, as `%.1f` writes them; the heat
/// map's day labels as the date formatter writes them; titles and labels escaped.
@Suite struct ChartNumberTests {
    @Test(
        "coordinates are written to a tenth, rounded, with a sign only below zero",
        arguments: [
            (0.0, "0.0"), (5, "5.0"), (12.34, "12.3"), (12.36, "12.4"), (99.96, "100.0"), (350, "350.0"), (-3.21, "-3.2"),
            (-0.04, "0.0"), (0.04, "0.0"), (1234.56, "1234.6"), (389.99, "390.0"),
        ])
    func tenths(value: Double, text: String) {
        #expect(SVGChart.f(value) == text)
        // printf writes -0.0 for a negative value that rounds to zero; a chart has no use for it.
        if value >= 0 || text != "0.0" { #expect(String(format: "%.1f", value) == text) }
    }

    @Test(
        "a heat map day's label is the formatter's, every day of a year across clock changes, in three zones",
        arguments: [
            "Europe/Berlin", "America/New_York", "Pacific/Auckland",
        ])
    func dayLabels(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        var day = try #require(calendar.date(from: DateComponents(year: 2026, month: 1, day: 1)))
        for _ in 0..<366 {
            #expect(SVGChart.dayLabel(day, calendar) == SVGChart.format(day, "EEE d MMM yyyy", timeZone))
            day = try #require(calendar.date(byAdding: .day, value: 1, to: day))
        }
        #expect(
            SVGChart.dayLabel(try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 2))), calendar)
                == "Mon 2 Nov 2026")
    }

    @Test(
        "a chart's text is escaped for an element or a quoted attribute; other text, accents and emoji, passes as it is",
        arguments: [
            ("Squat (Barbell)", "Squat (Barbell)"), ("", ""), ("Bench & <Dips>", "Bench &amp; &lt;Dips&gt;"),
            ("Farmer's \"walk\"", "Farmer's &quot;walk&quot;"), ("&amp;", "&amp;amp;"), ("Übung 💪 <b>", "Übung 💪 &lt;b&gt;"),
        ])
    func escaped(text: String, written: String) {
        #expect(SVGChart.escape(text) == written)
    }
}
