import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The words of the logging page's script that the server has, so the script does
/// not copy them: the marks of set kinds in strips and badges (W, D, F) and the
/// names of records as they read inside a sentence ("New PR · Squat: heaviest weight").
/// The script keeps only the rules it needs without signal (workout-format.js).
struct WorkoutWords: Encodable {
    let marks: [String: String]
    let records: [String: String]

    static let json: String = {
        let words = WorkoutWords(
            marks: Dictionary(
                uniqueKeysWithValues: SetKind.allCases.compactMap { kind in kind.mark.map { (kind.rawValue, $0) } }),
            records: Dictionary(
                uniqueKeysWithValues: PersonalRecords.Kind.allCases.map { kind in
                    (kind.rawValue, kind.displayName.prefix(1).lowercased() + kind.displayName.dropFirst())
                }))
        return (try? JSONCoding.scriptIsland(words)) ?? "{}"
    }()
}

/// The "log a past workout" form as typed: a day, a start time and minutes, read in
/// the lifter's time zone.
struct PastWorkoutForm {
    let name: String
    let date: String
    let time: String
    let minutes: String

    /// The start and the duration in seconds, or the fields that cannot be read.
    func values(timeZone: TimeZone) throws -> (start: Date, durationSeconds: Int) {
        var issues: [FieldIssue] = []
        let dateParts = date.split(separator: "-").compactMap { Int($0) }
        let timeParts = time.split(separator: ":").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var start: Date?
        if dateParts.count != 3 { issues.append(.init(field: "date", message: "Pick the day it was, such as 2026-11-20.")) }
        if timeParts.count != 2 || !(0...23).contains(timeParts[0]) || !(0...59).contains(timeParts[1]) {
            issues.append(.init(field: "time", message: "Pick the time it started, such as 18:30."))
        }
        if issues.isEmpty {
            let parts = DateComponents(
                year: dateParts[0], month: dateParts[1], day: dateParts[2], hour: timeParts[0], minute: timeParts[1])
            if let date = calendar.date(from: parts),
                calendar.dateComponents([.year, .month, .day], from: date)
                    == DateComponents(year: dateParts[0], month: dateParts[1], day: dateParts[2])
            {
                start = date
            } else {
                issues.append(.init(field: "date", message: "Pick the day it was, such as 2026-11-20."))
            }
        }
        let typedMinutes = Int(minutes.trimmingCharacters(in: .whitespaces))
        if typedMinutes == nil { issues.append(.init(field: "minutes", message: "Say how many minutes it took, such as 60.")) }
        guard issues.isEmpty, let start, let typedMinutes else { throw SpotterError.invalid(ValidationFailure(issues)) }
        return (start, typedMinutes * 60)
    }

    /// Today's date and the time now, as the form's fields show them.
    static func dayFormat(_ now: Date, _ zone: TimeZone) -> (date: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        return (String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!), String(format: "%02d:%02d", c.hour!, c.minute!))
    }
}
