import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Merging never reaches another lifter's exercises: neither the one merged nor the one kept.
@Suite("Exercises API: merging across lifters")
struct ExerciseMergeCrossUserTests {
    @Test(
        "another lifter can neither merge Ana's exercise nor merge into it; nothing of Ana's changes", arguments: TestDatabase.all
    )
    func crossUser(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let anas = try await ExerciseMergeAPITests.ownExercise(h, "Squat")
            try await h.workouts().logWorkout(exercises: [anas], sets: [(5, 100)])
            let bens = try await ExerciseMergeAPITests.ownExercise(h, "Box Squat", lifter: .ben)
            let before = try await client.api(.get, "/api/v1/exercises/\(anas)", token: h.anaToken).text

            let mergeAnas = try await ExerciseMergeAPITests.merge(
                h, anas, into: try await h.workouts(.ben).exercise(.squat), lifter: .ben)
            #expect(mergeAnas.status == .notFound, "\(mergeAnas.text)")
            let intoAnas = try await ExerciseMergeAPITests.merge(h, bens, into: anas, lifter: .ben)
            #expect(intoAnas.status == .badRequest, "\(intoAnas.text)")
            #expect(try intoAnas.error().field == "into")

            // The pages answer Ben the same: Ana's exercise is not there for him.
            var browser = try await Browser.signedIn(client)
            #expect(try await browser.get("/exercises/\(anas)/merge").status == .notFound)
            #expect(try await browser.get("/exercises/\(bens)/merge?into=\(anas)").status == .badRequest)
            #expect(try await browser.post("/exercises/\(anas)/merge", [("into", bens)]).status == .notFound)

            #expect(try await client.api(.get, "/api/v1/exercises/\(anas)", token: h.anaToken).text == before)
            #expect(wkEntries(try await h.workouts().active().object()).map { $0["exerciseId"] as? String } == [anas])
            #expect(
                try await client.api(.get, "/api/v1/exercises/\(bens)", token: h.token(.ben)).status == .ok, "Ben's stays his")
        }
    }
}
