import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// Ids are written in one case everywhere (`UUID.text`): lower case in JSON, in pages
/// and in links, and read in either case.
@Suite("Ids in lower case")
struct IDCaseTests {
    @Test("an id sent in upper case is read, and every id comes back in lower case in JSON and on the page")
    func lowerCaseEverywhere() async throws {
        try await withApp(.sqlite) { client, h in
            let api = WorkoutCalls(client: client, token: h.anaToken)
            let bench = try await api.exercise("Bench Press (Barbell)")
            let workout = UUID(), entry = UUID(), set = UUID()
            #expect(try await api.start(workout.uuidString).status == .created)
            #expect(try await api.entry(workout.uuidString, entry.uuidString, ["exerciseId": bench.uppercased()]).status == .ok)
            #expect(
                try await api.set(workout.uuidString, entry.uuidString, set.uuidString, ["reps": 5, "weight": 100]).status == .ok)
            // A second set to rest before.
            #expect(
                try await api.set(workout.uuidString, entry.uuidString, UUID().uuidString, ["reps": 5, "weight": 100]).status
                    == .ok)
            let logged = try await api.set(workout.uuidString, entry.uuidString, set.uuidString, ["done": true])
            #expect(logged.status == .ok)
            // The set write's answer: the set's id and the set the rest timer follows.
            #expect((try logged.object()["set"] as? [String: Any])?["id"] as? String == set.text)
            #expect(wkRest(try logged.object())["afterSetId"] as? String == set.text, "an id inside a nullable field too")
            #expect(!logged.text.contains(set.uuidString))

            // Read back through the upper-case address: the workout, its entry, set and exercise in lower case.
            let read = try await api.get(workout.uuidString)
            #expect(read.status == .ok)
            let body = try read.object()
            #expect(body["id"] as? String == workout.text)
            #expect(wkEntries(body).first?["id"] as? String == entry.text)
            #expect(wkEntries(body).first?["exerciseId"] as? String == bench.lowercased())
            #expect(wkSets(wkEntries(body)[0]).first?["id"] as? String == set.text)
            for id in [workout, entry, set] { #expect(!read.text.contains(id.uuidString)) }

            // The logging page carries the same ids, in the same case.
            let page = try await client.execute(
                uri: "/workout", method: .get, headers: [.authorization: "Bearer \(h.anaToken)"], body: nil)
            let html = String(buffer: page.body)
            #expect(page.status == .ok)
            #expect(html.contains(workout.text) && html.contains(set.text))
            for id in [workout, entry, set] { #expect(!html.contains(id.uuidString)) }
        }
    }
}
