import Foundation

/// Times as text in UTC, written and read by hand: fast for the hundreds of
/// thousands a long history holds, and exact, so a time read back is written back
/// the same. The full export writes them to the millisecond; bulk loads into
/// PostgreSQL (COPY) to the microsecond.
public enum UTCTime {
    /// "2026-03-14T18:05:00.250Z".
    public static func text(_ date: Date) -> String {
        format(date, digits: 3, separator: "T", zone: "Z")
    }

    /// "2026-03-14 18:05:00.250000+00", as PostgreSQL reads a `timestamptz`.
    public static func postgresText(_ date: Date) -> String {
        format(date, digits: 6, separator: " ", zone: "+00")
    }

    private static func format(_ date: Date, digits: Int, separator: String, zone: String) -> String {
        let perSecond: Int64 = digits == 6 ? 1_000_000 : 1000
        let units = Int64((date.timeIntervalSince1970 * Double(perSecond)).rounded())
        let (seconds, fraction) = floorDivide(units, perSecond)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civil(days: days)
        let date = String(format: "%04lld-%02lld-%02lld", year, month, day)
        let time = String(format: "%02lld:%02lld:%02lld", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        let digitsText = String(fraction)
        return date + separator + time + "." + String(repeating: "0", count: digits - digitsText.count) + digitsText + zone
    }

    /// A time written as `text` writes it, also without the milliseconds.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        let separators = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == UInt8(ascii: Unicode.Scalar($0.1)!) }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds: Int64 = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let fraction = number(20..<23) else { return nil }
            milliseconds = fraction
        }
        let days = self.days(year: year, month: month, day: day)
        guard civil(days: days) == (year, month, day) else { return nil }
        let total = ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + milliseconds
        return Date(timeIntervalSince1970: Double(total) / 1000)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
