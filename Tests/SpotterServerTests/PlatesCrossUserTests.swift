import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Another lifter can neither add warm-up sets to Ana's workout (API or page) nor
/// learn that it exists; the plate calculator answers only for the one asking.
@Suite("Warm-ups across lifters")
struct PlatesCrossUserTests {
    @Test("Ben's warm-up requests on Ana's workout and entry answer 404 and change nothing", arguments: TestDatabase.all)
    func warmUps(engine: TestDatabase) async throws {
        try await withActiveWorkout(engine, of: [.squat]) { api, w, h in
            _ = try await api.set(w.id, w.entries[0], wkID(), ["reps": 5, "weight": 100])
            let before = try await api.get(w.id).text
            let ben = h.workouts(.ben)
            let (benWorkout, _) = try await ben.logWorkout(exercises: [try await ben.exercise(.squat)], sets: [])
            for path in [
                "/api/v1/workouts/\(w.id)/entries/\(w.entries[0])/warm-ups",
                "/api/v1/workouts/\(benWorkout)/entries/\(w.entries[0])/warm-ups",
            ] {
                let response = try await h.client.api(.post, path, token: h.benToken)
                #expect(response.status == .notFound, "\(path)")
                #expect(try response.error().code == "not_found")
            }
            var browser = try await Browser.signedIn(h.client, as: "ben")
            _ = try await browser.get("/workout")
            let page = try await browser.post("/workouts/\(w.id)/entries/\(w.entries[0])/warm-ups", [])
            #expect(page.status == .notFound)
            #expect(try await api.get(w.id).text == before)
        }
    }
}
