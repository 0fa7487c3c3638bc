import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// "Merge into…" as a browser without script uses it: offered exercises, the
/// confirmation that says what moves, the merge, and refusals.
@Suite("Pages: merging an exercise")
struct ExerciseMergePageTests {
    @Test(
        "the page offers the library's squats for an imported Squat, says what moves, merges and lands on the kept exercise",
        arguments: TestDatabase.all)
    func merge(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let api = h.workouts(.ben)
            let barbell = try await api.exercise(.squat)
            let imported = try await ExerciseMergeAPITests.ownExercise(h, "Squat", lifter: .ben)
            try await api.logWorkout(exercises: [imported], sets: [(5, 100), (5, 100)])
            _ = try await h.templates(.ben).create("Legs", [tpRow(imported)])
            var browser = try await Browser.signedIn(client)

            #expect(
                try await browser.get("/exercises/\(imported)").text.contains("href=\"/exercises/\(imported)/merge\""),
                "the exercise page offers it")
            let picker = try await browser.get("/exercises/\(imported)/merge")
            #expect(picker.status == .ok)
            let first = try #require(picker.text.range(of: "<span class=\"row-title\">")).upperBound
            #expect(picker.text[first...].hasPrefix("Squat (Barbell)</span>"), "the same name with its equipment comes first")
            #expect(picker.text.contains("Most likely the same") && !picker.text.contains("Bench Press (Barbell)"))
            let searched = try await browser.get("/exercises/\(imported)/merge?q=bench")
            #expect(searched.text.contains("Bench Press (Barbell)") && !searched.text.contains("Most likely the same"))

            let confirm = try await browser.get("/exercises/\(imported)/merge?into=\(barbell)")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains("2 sets in 1 workout and 1 template move to Squat (Barbell)."), "\(confirm.text)")

            let merged = try await browser.post("/exercises/\(imported)/merge", [("into", barbell)])
            #expect(merged.status == .seeOther && merged.location == "/exercises/\(barbell)?notice=merged")
            #expect(
                try await browser.get(merged.location!).text.contains(
                    "Merged. Its workouts, templates and records are this exercise"))
            #expect(try await browser.get("/exercises/\(imported)").status == .notFound)
            #expect(wkEntries(try await api.active().object()).map { $0["exerciseId"] as? String } == [barbell])
        }
    }

    @Test(
        "a refused merge shows its reason on the picker and changes nothing; a built-in exercise has no merge page",
        arguments: TestDatabase.all)
    func refused(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let api = h.workouts(.ben)
            let (barbell, plank) = try await api.exercises(.squat, .plank)
            let imported = try await ExerciseMergeAPITests.ownExercise(h, "Squat", lifter: .ben)
            try await api.logWorkout(exercises: [imported], sets: [(5, 100)])
            let before = try await api.active().text
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/exercises/\(imported)/merge")

            let wrongKind =
                "Squat is logged as weight × reps and Plank as duration: only exercises logged the same way can be merged."
            let confirm = try await browser.get("/exercises/\(imported)/merge?into=\(plank)")
            #expect(confirm.status == .badRequest && confirm.text.contains(wrongKind))
            let posted = try await browser.post("/exercises/\(imported)/merge", [("into", plank)])
            #expect(posted.status == .badRequest && posted.text.contains(wrongKind))
            let nonsense = try await browser.post("/exercises/\(imported)/merge", [("into", "not-an-id")])
            #expect(
                nonsense.status == .badRequest && nonsense.text.contains("be merged into itself"),
                "an id that is no id is no other exercise")
            #expect(try await api.active().text == before, "nothing moved")
            #expect(try await browser.get("/exercises/\(barbell)/merge").status == .forbidden)
        }
    }
}
