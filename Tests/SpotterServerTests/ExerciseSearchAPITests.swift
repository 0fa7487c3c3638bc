import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The library search over the API: word starts, best matches first, and the
/// workout picker's recently used exercises.
@Suite("Exercise search")
struct ExerciseSearchAPITests {
    static func names(_ response: TestResponse) throws -> [String] {
        try response.items().compactMap { $0["name"] as? String }
    }

    @Test(
        "\"row\" finds every row but no throw, the name starting with it first; an unknown sort is 400",
        arguments: TestDatabase.all)
    func rowSearch(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let found = try Self.names(try await client.api(.get, "/api/v1/exercises?search=row", token: h.anaToken))
            #expect(found.first == "Rowing (Machine)")
            #expect(!found.contains("Medicine Ball Side Throw"))
            for name in ["T-Bar Row", "Upright Row (Barbell)", "Seated Row (Cable)", "Bent Over Row (Barbell)"] {
                #expect(found.contains(name), "\(name)")
            }
            let rest = Array(found.dropFirst())
            #expect(rest == rest.sorted { $0.lowercased() < $1.lowercased() }, "the word-start matches follow by name")
            let exact = try Self.names(try await client.api(.get, "/api/v1/exercises?search=t-bar%20row", token: h.anaToken))
            #expect(exact.first == "T-Bar Row")
            #expect(
                try Self.names(try await client.api(.get, "/api/v1/exercises?search=tbar", token: h.anaToken)).contains(
                    "T-Bar Row"))

            let badSort = try await client.api(.get, "/api/v1/exercises?sort=popular", token: h.anaToken)
            #expect(badSort.status == .badRequest)
            #expect(try badSort.error().field == "sort")
            #expect(try badSort.error().message == "Unknown order \"popular\". Use one of: name, recent.")
        }
    }

    @Test(
        "sort=recent puts the exercises of the latest finished workouts first, newest first, at most 8",
        arguments: TestDatabase.all)
    func recentFirst(engine: TestDatabase) async throws {
        try await withWorkouts(engine) { api, h in
            let byName = try await h.client.api(.get, "/api/v1/exercises?sort=name", token: h.anaToken).items()
            let weighted = byName.filter { $0["kind"] as? String == "weightReps" }.compactMap { $0["id"] as? String }
            try #require(weighted.count >= 20, "the first page holds enough exercises")
            let picks = Array(weighted[10..<19])
            let older = try await api.logWorkout(exercises: Array(picks[0..<5]), sets: [(5, 60)])
            #expect(try await api.finish(older.workout).status == .ok)
            h.clock.advance(by: 86_400)
            let newer = try await api.logWorkout(exercises: Array(picks[5..<9]) + [picks[0]], sets: [(5, 60)])
            #expect(try await api.finish(newer.workout).status == .ok)
            h.clock.advance(by: 86_400)
            try await api.logWorkout(exercises: [weighted[19]], sets: [(5, 60)])  // still going: not recent

            let recent = try await h.client.api(.get, "/api/v1/exercises?sort=recent", token: h.anaToken).items()
            let expected = [picks[5], picks[6], picks[7], picks[8], picks[0], picks[1], picks[2], picks[3]]
            #expect(recent.prefix(8).compactMap { $0["id"] as? String } == expected)
            #expect(recent[8]["id"] as? String == byName[0]["id"] as? String, "then the library by name")
            #expect(recent.count == byName.count, "the same page size")

            // With a search, the best matches lead as always.
            let searched = try await h.client.api(.get, "/api/v1/exercises?sort=recent&search=bench", token: h.anaToken)
            let plain = try await h.client.api(.get, "/api/v1/exercises?search=bench", token: h.anaToken)
            #expect(try Self.names(searched) == Self.names(plain))
            // Another lifter's workouts are not their recents; the default order is by name.
            let ben = try await h.client.api(.get, "/api/v1/exercises?sort=recent", token: h.benToken).items()
            #expect(ben.compactMap { $0["id"] as? String } == byName.compactMap { $0["id"] as? String })
            let unsorted = try await h.client.api(.get, "/api/v1/exercises", token: h.anaToken).items()
            #expect(unsorted.compactMap { $0["id"] as? String } == byName.compactMap { $0["id"] as? String })
        }
    }
}
