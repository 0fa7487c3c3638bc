import Foundation
import SpotterCore

/// Writes workouts as CSV in Strong's comma layout (`Date,Workout Name,Duration,
/// Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE`),
/// which other tools read and Spotter's own Strong reader reads back. Times are the
/// lifter's local times; weights in the lifter's unit, distances in km (miles for
/// a lifter in pounds), as Strong writes them. Pure: the caller names exercises.
public struct StrongCSVWriter: Sendable {
    public static let header =
        "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    public let unit: MassUnit
    public let zone: TimeZone

    public init(unit: MassUnit, zone: TimeZone) {
        self.unit = unit
        self.zone = zone
    }

    /// The rows of one workout, each ending in CRLF (RFC 4180). Exercises missing
    /// from `names` are written as "Unknown exercise".
    public func rows(of workout: Workout, names: [UUID: String]) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: workout.startedAt)
        let date = LocalDateTime(
            year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0,
            minute: parts.minute ?? 0,
            second: parts.second ?? 0
        ).stamp
        let duration = ImportRules.durationText(Int((workout.endedAt ?? workout.startedAt).timeIntervalSince(workout.startedAt)))
        let metersPerDistance = unit == .lb ? 1609.344 : 1000
        var text = ""
        for entry in workout.entries {
            var number = 0
            // Strong exports the sets that were done; so does this.
            for (index, set) in entry.sets.filter(\.done).enumerated() {
                let order: String
                switch set.kind {
                case .warmup: order = "W"
                case .drop: order = "D"
                case .failure: order = "F"
                case .working:
                    number += 1
                    order = String(number)
                }
                // The exercise's note goes on its first row, a set's own note on its row.
                let note = index == 0 ? [entry.notes, set.note].filter { !$0.isEmpty }.joined(separator: "\n") : set.note
                let fields = [
                    date, Self.text(workout.name), duration, Self.text(names[entry.exerciseID] ?? "Unknown exercise"), order,
                    set.weight.map { Self.number($0.shown(in: unit)) } ?? "0",
                    set.reps.map(String.init) ?? "",
                    set.distanceMeters.map { Self.number($0 / metersPerDistance) } ?? "0",
                    set.durationSeconds.map(String.init) ?? "0",
                    Self.text(note), Self.text(workout.notes), set.rpe.map { Self.number($0) } ?? "",
                ]
                text += fields.map(Self.field).joined(separator: ",") + "\r\n"
            }
            if let rest = entry.restSeconds, entry.sets.contains(where: \.done) {
                // Strong's own row for an exercise's rest time.
                let fields = [
                    date, Self.text(workout.name), duration, Self.text(names[entry.exerciseID] ?? "Unknown exercise"),
                    "Rest Timer", "0", "0",
                    "0", String(rest), "", Self.text(workout.notes), "",
                ]
                text += fields.map(Self.field).joined(separator: ",") + "\r\n"
            }
        }
        return text
    }

    /// A number rounded to 0.01 without trailing zeros: `100`, `102.5`, `6.8`.
    static func number(_ value: Double) -> String {
        let rounded = ImportRules.rounded(value)
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The characters that make a spreadsheet read a cell as a formula (`=`, `+`, `-`,
    /// `@`) or that some treat so after trimming (tab, carriage return).
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// Free text (a name, a note) as a cell no spreadsheet runs: text that would start
    /// with a formula character, after any apostrophes, gets one more apostrophe in
    /// front, so spreadsheets read it as text (OWASP's advice). `StrongReader` takes exactly
    /// one off such a cell, so text that began with apostrophes comes back as it was.
    /// Numbers are written by this writer, never through here: -2.5 stays a number.
    public static func text(_ text: String) -> String {
        guard let first = text.first(where: { $0 != "'" }), formulaStarts.contains(first) else { return text }
        return "'" + text
    }

    /// A cell written by `text`, as it was before (an apostrophe taken off).
    public static func readText(_ cell: String) -> String {
        guard cell.first == "'", let first = cell.first(where: { $0 != "'" }), formulaStarts.contains(first) else { return cell }
        return String(cell.dropFirst())
    }

    /// A field quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
