import Foundation
import SpotterCore
import Testing

/// `UTCTime`, checked against times worked out by hand.
@Suite("UTC times")
struct UTCTimeTests {
    @Test("the start of 1970 and times before it")
    func epochAndBefore() {
        #expect(UTCTime.text(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTime.date("1970-01-01T00:00:00.000Z") == Date(timeIntervalSince1970: 0))
        #expect(UTCTime.text(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
        #expect(UTCTime.text(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(UTCTime.date("1969-12-31T23:59:59.999Z") == Date(timeIntervalSince1970: -0.001))
        // 1900-01-01: 70 years of 365 days and 17 leap days (1904-1968) before 1970: 25,567 days.
        #expect(UTCTime.text(Date(timeIntervalSince1970: -2_208_988_800)) == "1900-01-01T00:00:00.000Z")
        #expect(UTCTime.date("1900-01-01T00:00:00.000Z") == Date(timeIntervalSince1970: -2_208_988_800))
    }

    @Test("a leap day")
    func leapDay() {
        // 2024-01-01 is 54 * 365 + 13 leap days = 19,723 days after 1970; February 29 is 59 days later.
        // (19,723 + 59) * 86,400 + 12 * 3,600 = 1,709,208,000.
        #expect(UTCTime.text(Date(timeIntervalSince1970: 1_709_208_000)) == "2024-02-29T12:00:00.000Z")
        #expect(UTCTime.date("2024-02-29T12:00:00.000Z") == Date(timeIntervalSince1970: 1_709_208_000))
        #expect(UTCTime.text(Date(timeIntervalSince1970: 1_709_251_200)) == "2024-03-01T00:00:00.000Z")
    }

    @Test("milliseconds both ways")
    func milliseconds() {
        // 2026-01-01 is 56 * 365 + 14 = 20,454 days after 1970; March 14 is 72 days later:
        // 20,526 * 86,400 + 18 * 3,600 + 5 * 60 = 1,773,511,500.
        let time = Date(timeIntervalSince1970: 1_773_511_500.25)
        #expect(UTCTime.text(time) == "2026-03-14T18:05:00.250Z")
        #expect(UTCTime.date("2026-03-14T18:05:00.250Z") == time)
        #expect(UTCTime.date("2026-03-14T18:05:00Z") == Date(timeIntervalSince1970: 1_773_511_500), "no milliseconds")
    }

    @Test("a time finer than a millisecond is written to the nearest one, and stays that when read and written again")
    func subMillisecond() throws {
        #expect(UTCTime.text(Date(timeIntervalSince1970: 1_773_511_500.2504)) == "2026-03-14T18:05:00.250Z")
        let up = UTCTime.text(Date(timeIntervalSince1970: 1_773_511_500.2506))
        #expect(up == "2026-03-14T18:05:00.251Z")
        let read = try #require(UTCTime.date(up))
        #expect(read == Date(timeIntervalSince1970: 1_773_511_500.251))
        #expect(UTCTime.text(read) == up)
        #expect(UTCTime.text(try #require(UTCTime.date(UTCTime.text(read)))) == up)
        #expect(
            UTCTime.text(Date(timeIntervalSince1970: 59.9996)) == "1970-01-01T00:01:00.000Z", "rounding carries into the minute")
    }

    @Test("text that is not such a time is refused")
    func refused() {
        for text in [
            "2023-02-29T00:00:00.000Z", "2026-03-14T24:00:00.000Z", "2026-03-14T18:05:00.250", "2026-03-14T18:05:00",
            "2026-03-14T18:05:00.250+01:00",
            "2026-13-01T00:00:00.000Z", "2026-04-31T00:00:00.000Z", "2026-03-14 18:05:00.250Z", "2026-03-14T18:60:00.000Z", "",
        ] {
            #expect(UTCTime.date(text) == nil, "\(text)")
        }
    }

    @Test("PostgreSQL's text has the microseconds, rounded, and the zone +00")
    func postgres() {
        // 2026-03-14 is day 20,526 since 1970 (56 years, 14 leap days, then 72 days): 1,773,446,400 s.
        #expect(UTCTime.postgresText(Date(timeIntervalSince1970: 1_773_446_400)) == "2026-03-14 00:00:00.000000+00")
        #expect(UTCTime.postgresText(Date(timeIntervalSince1970: 1_773_511_500.25)) == "2026-03-14 18:05:00.250000+00")
        #expect(UTCTime.postgresText(Date(timeIntervalSince1970: 1_773_511_500.000_001_2)) == "2026-03-14 18:05:00.000001+00")
        #expect(UTCTime.postgresText(Date(timeIntervalSince1970: -0.000_001)) == "1969-12-31 23:59:59.999999+00")
    }
}
