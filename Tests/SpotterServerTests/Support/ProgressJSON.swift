import Foundation

/// A day in seconds.
let pgDay: TimeInterval = 86_400

/// A set body: `reps` x `weight` kg, done unless told, a working set unless told.
func pgSet(_ reps: Int, _ weight: Double, kind: String = "working", done: Bool = true) -> [String: any Sendable] {
    ["reps": reps, "weight": weight, "kind": kind, "done": done]
}

/// The record kinds of a set object (from a set answer, a workout or a progress session).
func pgKinds(_ set: Any?) -> [String]? { (set as? [String: Any])?["records"] as? [String] }

/// Every set of a workout answer by id, with its record kinds.
func pgMarks(_ workout: [String: Any]) -> [String: [String]] {
    var result: [String: [String]] = [:]
    for entry in wkEntries(workout) {
        for set in wkSets(entry) {
            if let id = set["id"] as? String { result[id] = pgKinds(set) ?? ["<records missing>"] }
        }
    }
    return result
}

/// The `records` map of a set write answer: a JSON object from set id (as the API
/// spells ids) to kinds, `{}` when no set has a mark. Nil when it is anything else.
func pgRecordMap(_ answer: [String: Any]) -> [String: [String]]? { answer["records"] as? [String: [String]] }

/// The records object of an exercise progress answer.
func pgRecords(_ progress: [String: Any]) -> [String: Any] { progress["records"] as? [String: Any] ?? [:] }

/// The rep maxes of an exercise progress answer, as reps to weight.
func pgRepMaxes(_ progress: [String: Any]) -> [Int: Double] {
    var result: [Int: Double] = [:]
    for row in pgRecords(progress)["repMaxes"] as? [[String: Any]] ?? [] {
        if let reps = row["reps"] as? Int, let weight = wkNumber(row["weight"]) { result[reps] = weight }
    }
    return result
}

func pgSessions(_ progress: [String: Any]) -> [[String: Any]] { progress["sessions"] as? [[String: Any]] ?? [] }
