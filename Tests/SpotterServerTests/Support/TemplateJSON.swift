import Foundation

/// One exercise row of a template body: `exerciseId` plus any other fields.
func tpRow(_ exerciseID: String, _ fields: [String: any Sendable] = [:]) -> [String: any Sendable] {
    var row = fields
    row["exerciseId"] = exerciseID
    return row
}

/// The exercise rows of a template answer.
func tpExercises(_ template: [String: Any]) -> [[String: Any]] { template["exercises"] as? [[String: Any]] ?? [] }

/// One field of every exercise row of a template answer.
func tpColumn(_ template: [String: Any], _ key: String) -> [Any?] { tpExercises(template).map { $0[key] } }

/// What a template plans, without the ids of its rows: to compare a copy or an
/// import with what it came from.
func tpPlan(_ template: [String: Any]) -> String {
    wkCanonical(tpExercises(template).map { row in row.filter { $0.key != "id" } })
}

/// The name "save as template" suggests: "Workout on Sep 21" in the lifter's time zone.
func tpDayName(_ date: Date, timeZone: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: timeZone)
    formatter.dateFormat = "MMM d"
    return "Workout on \(formatter.string(from: date))"
}

/// The fixed id of the "Starting Strength - Workout A" preset.
let startingStrengthA = "5E7F0000-0000-4000-8000-000000040000"
