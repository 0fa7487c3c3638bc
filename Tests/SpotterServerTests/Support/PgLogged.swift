import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// A finished (or still active) workout logged by `pgLog`.
struct PgLogged: Sendable {
    let workout: String
    let entries: [String]
    /// The set ids of each entry, in the order logged.
    let sets: [[String]]
}

/// Starts a workout at `start` (the clock is moved there), adds one entry per
/// exercise with its sets, and finishes it an hour later unless told not to.
@discardableResult
func pgLog(
    _ api: WorkoutCalls, _ clock: WorkoutTestClock, at start: Date, name: String,
    _ exercises: [(exercise: String, sets: [[String: any Sendable]])], fields: [String: any Sendable] = [:], finish: Bool = true
) async throws -> PgLogged {
    clock.set(start)
    let id = wkID()
    var body = fields
    body["name"] = name
    let started = try await api.start(id, body)
    try #require(started.status == .created, "the workout starts: \(started.text)")
    var entries: [String] = []
    var sets: [[String]] = []
    for (exercise, planned) in exercises {
        let entryID = wkID()
        let added = try await api.entry(id, entryID, ["exerciseId": exercise])
        try #require(added.status == .ok, "the entry is added: \(added.text)")
        var ids: [String] = []
        for fields in planned {
            let setID = wkID()
            let logged = try await api.set(id, entryID, setID, fields)
            try #require(logged.status == .ok, "the set is logged: \(logged.text)")
            ids.append(setID)
        }
        entries.append(entryID)
        sets.append(ids)
    }
    if finish {
        clock.advance(by: 3_600)
        let finished = try await api.finish(id)
        try #require(finished.status == .ok, "the workout is finished: \(finished.text)")
    }
    return PgLogged(workout: id, entries: entries, sets: sets)
}
