import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// `POST /api/v1/workouts/{id}/entries/{entryId}/warm-ups`: the ramp to the first
/// working set's weight, put before it as warm-ups.
@Suite("Warm-up sets API")
struct WarmUpAPITests {
    func warmUps(_ api: WorkoutCalls, _ workout: String, _ entry: String) async throws -> TestResponse {
        try await api.client.api(.post, "/api/v1/workouts/\(workout)/entries/\(entry)/warm-ups", token: api.token)
    }

    @Test("a squat at 100 kg gets the bar x 10, 40 x 5, 60 x 3, 80 x 2 before its working sets", arguments: TestDatabase.all)
    func barbell(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.squat]) { api, w, _ in
            let first = wkID()
            _ = try await api.set(w.id, w.entries[0], first, ["reps": 5, "weight": 100])
            _ = try await api.set(w.id, w.entries[0], wkID(), ["reps": 5, "weight": 100])
            let response = try await warmUps(api, w.id, w.entries[0])
            #expect(response.status == .ok, "\(response.text)")
            let entry = try #require(wkEntries(try response.object()).first)
            #expect(entry["exerciseEquipment"] as? String == "barbell")
            let sets = wkSets(entry)
            #expect(sets.map { $0["kind"] as? String } == ["warmup", "warmup", "warmup", "warmup", "working", "working"])
            #expect(sets.map { wkNumber($0["weight"]) } == [20, 40, 60, 80, 100, 100])
            #expect(sets.map { $0["reps"] as? Int } == [10, 5, 3, 2, 5, 5])
            #expect(sets[4]["id"] as? String == first)
            let stored = wkSets(try #require(wkEntries(try await api.get(w.id).object()).first))
            #expect(wkCanonical(stored) == wkCanonical(sets), "the answer is what is stored")
        }
    }

    @Test(
        "in pounds with the lifter's bar: 225 lb on a 35 lb bar is 35 x 10, 90 x 5, 135 x 3, 180 x 2", arguments: TestDatabase.all
    )
    func pounds(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.bench]) { api, w, _ in
            _ = try await api.settings(["unit": "lb", "barWeight": 35])
            _ = try await api.set(w.id, w.entries[0], wkID(), ["reps": 5, "weight": 225, "weightUnit": "lb"])
            let sets = wkSets(try #require(wkEntries(try await warmUps(api, w.id, w.entries[0]).object()).first))
            #expect(sets.map { wkNumber($0["weight"]) } == [35, 90, 135, 180, 225])
            #expect(sets.map { $0["weightUnit"] as? String } == ["lb", "lb", "lb", "lb", "lb"])
        }
    }

    @Test("a dumbbell exercise rounds down to the lifter's step, with no bar set", arguments: TestDatabase.all)
    func dumbbell(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, _ in
            let press = try await api.exercise("Bench Press (Dumbbell)")
            let (workout, entries) = try await api.logWorkout(exercises: [press], sets: [])
            _ = try await api.set(workout, entries[0], wkID(), ["reps": 8, "weight": 30])
            let sets = wkSets(try #require(wkEntries(try await warmUps(api, workout, entries[0]).object()).first))
            #expect(sets.map { wkNumber($0["weight"]) } == [10, 17.5, 22.5, 30])
        }
    }

    @Test(
        "without a working weight, with warm-ups already there or at the bar: a clear message and nothing changed",
        arguments: TestDatabase.all)
    func refused(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.squat, .bench, .press]) { api, w, _ in
            _ = try await api.set(w.id, w.entries[0], wkID(), ["reps": 5])
            _ = try await api.set(w.id, w.entries[1], wkID(), ["reps": 5, "weight": 100])
            #expect(try await warmUps(api, w.id, w.entries[1]).status == .ok)
            _ = try await api.set(w.id, w.entries[2], wkID(), ["reps": 5, "weight": 20])
            let before = try await api.get(w.id).text
            for (entry, field, message) in [
                (w.entries[0], "weight", "Enter the working weight first."),
                (w.entries[1], "entry", "This exercise has warm-up sets already. Delete them to make new ones."),
                (w.entries[2], "weight", "The working weight is no more than the bar: there is nothing to warm up to."),
            ] {
                let response = try await warmUps(api, w.id, entry)
                #expect(response.status == .badRequest)
                #expect(try response.error().field == field)
                #expect(try response.error().message == message)
            }
            let missing = try await warmUps(api, w.id, wkID())
            #expect(missing.status == .notFound)
            #expect(try await api.get(w.id).text == before)
        }
    }
}
