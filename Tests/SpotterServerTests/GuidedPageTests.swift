import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The guided workout's pages as a browser without script uses them: the timeline
/// builder's buttons, its refusals, the player's buttons (each a form that answers
/// the player again), stopping. (The happy path with script, dragging and
/// countdowns runs in tests/browser/test_guided.py.)
@Suite("Pages: guided workouts")
struct GuidedPageTests {
    /// One timeline item as the builder's fields send it.
    struct Item {
        var kind = "exercise"
        var id = "new"
        var exercise = ""
        var sets = "3"
        var mode = "reps"
        var reps = "10"
        var seconds = ""
        var rest = "60"

        static func pause(_ seconds: String, id: String = "new") -> Item {
            Item(kind: "break", id: id, sets: "", reps: "", seconds: seconds, rest: "")
        }

        var fields: [(String, String)] {
            [
                ("item_kind", kind), ("item_id", id), ("item_exercise", exercise), ("item_sets", sets), ("item_mode", mode),
                ("item_reps", reps),
                ("item_seconds", seconds), ("item_rest", rest), ("item_weight", ""), ("item_unit", ""), ("item_rpe", ""),
                ("item_notes", ""),
            ]
        }
    }

    private func form(_ name: String, _ items: [Item], _ extra: [(String, String)] = []) -> [(String, String)] {
        [("name", name), ("category", "custom"), ("notes", "")] + items.flatMap(\.fields) + extra
    }

    /// The items' names in the order the builder page shows them.
    private func names(_ page: String) -> [String] {
        page.components(separatedBy: "data-item-name>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test(
        "the builder adds, moves and removes items without saving anything, and Save keeps the order it shows",
        arguments: TestDatabase.all)
    func buildWithoutScript(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let (bench, plank) = try await lifts.exercises(.bench, .plank)
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/templates/new/timeline")
            var page = try await browser.post(
                "/templates/new/timeline",
                form("Circuit", [], [("do", "add-exercise"), ("addExercise", bench), ("addMode", "reps")]))
            #expect(names(page.text) == ["Bench Press (Barbell)"])
            page = try await browser.post(
                "/templates/new/timeline",
                form("Circuit", [Item(exercise: bench)], [("do", "add-exercise"), ("addExercise", plank), ("addMode", "timed")]))
            #expect(names(page.text) == ["Bench Press (Barbell)", "Plank"])
            #expect(page.text.contains("name=\"item_seconds\" value=\"30\""), "a timed item starts at 30 s")
            let three = [Item(exercise: bench), Item(exercise: plank, mode: "timed", seconds: "30"), Item.pause("60")]
            page = try await browser.post("/templates/new/timeline", form("Circuit", three, [("do", "up-2")]))
            #expect(names(page.text) == ["Bench Press (Barbell)", "Break", "Plank"])
            page = try await browser.post("/templates/new/timeline", form("Circuit", three, [("do", "remove-0")]))
            #expect(names(page.text) == ["Plank", "Break"])
            #expect(try await api.names().isEmpty, "nothing is saved before Save")

            // Save: 3 x 10 at 60 s rest (45 s a set: 3:00 + 2:00), a 30 s hold, a 60 s break.
            let ordered = [
                Item(exercise: bench), Item.pause("60"),
                Item(exercise: plank, sets: "1", mode: "timed", seconds: "30", rest: "0"),
            ]
            let saved = try await browser.post("/templates/new/timeline", form("Circuit", ordered, [("do", "save")]))
            #expect(saved.status == .seeOther)
            let id = try #require(saved.location?.split(separator: "/").last?.split(separator: "?").first.map(String.init))
            let template = try await api.get(id).object()
            #expect(template["guided"] as? Bool == true)
            #expect(tpColumn(template, "exerciseName") as? [String] == ["Bench Press (Barbell)", "Plank"])
            #expect(tpColumn(template, "targetDurationSeconds").map { $0 as? Int } == [nil, 30])
            let breaks = try #require(template["breaks"] as? [[String: Any]])
            #expect(breaks.map { $0["position"] as? Int } == [1] && breaks.map { $0["seconds"] as? Int } == [60])
            #expect(template["estimatedPlaySeconds"] as? Int == 3 * 45 + 2 * 60 + 60 + 30)
            #expect(try await api.names("guided=true") == ["Circuit"])
        }
    }

    @Test("a 0 s break, a bad number or an empty name is named at its place, and nothing is saved", arguments: TestDatabase.all)
    func refusals(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let bench = try await lifts.exercise(.bench)
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/templates/new/timeline")
            let cases: [(String, [Item], String)] = [
                (
                    "Circuit", [Item(exercise: bench), Item.pause("0")],
                    "Break 1: a break lasts at least 5 seconds. Remove it instead of making it shorter."
                ),
                ("Circuit", [Item(exercise: bench, sets: "x")], "Exercise 1: sets must be from 1 to 20."),
                (
                    "Circuit", [Item(exercise: bench, mode: "timed", seconds: "")],
                    "Exercise 1: the duration must be from 1 second to 24 hours."
                ),
                (
                    "Circuit", [Item(exercise: bench, reps: "12-8")],
                    "Exercise 1: the lowest reps (12) are more than the highest (8)."
                ),
                ("  ", [Item(exercise: bench)], "Give the template a name."),
            ]
            for (name, items, message) in cases {
                let page = try await browser.post("/templates/new/timeline", form(name, items, [("do", "save")]))
                #expect(page.status == .badRequest, "\(message)")
                #expect(page.text.contains(message), "the page says: \(message)")
                #expect(try await api.names().isEmpty, "nothing saved for: \(message)")
            }

            // Editing: a refused save leaves the stored timeline as it was.
            let id = try await api.newTemplate("Kept", [tpRow(bench)], ["breaks": [["position": 1, "seconds": 30]]])
            let before = try await api.get(id).text
            let page = try await browser.post(
                "/templates/\(id)/timeline", form("Kept", [Item(exercise: bench), Item.pause("4")], [("do", "save")]))
            #expect(page.status == .badRequest && page.text.contains("at least 5 seconds"))
            #expect(try await api.get(id).text == before)
        }
    }

    @Test("the player's buttons work without script, and a reload mid-rest shows the seconds left", arguments: TestDatabase.all)
    func playWithoutScript(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let bench = try await lifts.exercise(.bench)
            let id = try await api.newTemplate(
                "Two sets", [tpRow(bench, ["setCount": 2, "repMin": 8, "repMax": 8, "restSeconds": 90])])
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/templates/\(id)")
            let started = try await browser.post("/templates/\(id)/play", [])
            #expect(started.status == .seeOther)
            let player = try #require(started.location)
            #expect(player.hasSuffix("/play"))
            var page = try await browser.get(player)
            #expect(page.text.contains("Set 1 of 2") && page.text.contains("Exercise 1 of 1"))

            // A bad number is refused on the page, and the set stays open.
            page = try await browser.post(
                player, [("do", "complete"), ("item", "0"), ("set", "0"), ("phase", "set"), ("reps", "lots"), ("weight", "")])
            #expect(page.status == .badRequest)
            #expect(page.text.contains("Reps must be between 0 and 1000."))
            let active = try await lifts.active().object()
            let sets = try #require((active["entries"] as? [[String: Any]])?.first?["sets"] as? [[String: Any]])
            #expect(sets.map { $0["done"] as? Bool } == [false, false])

            let done = try await browser.post(
                player, [("do", "complete"), ("item", "0"), ("set", "0"), ("phase", "set"), ("reps", "9"), ("weight", "60")])
            #expect(done.status == .seeOther)
            page = try await browser.get(player)
            #expect(page.text.contains("Get ready for set 2") && page.text.contains(">1:30<"))
            h.clock.advance(by: 50)
            page = try await browser.get(player)
            #expect(page.text.contains(">0:40<"), "a reload 50 s into a 90 s rest shows 40 s left")
            h.clock.advance(by: 40)
            page = try await browser.get(player)
            #expect(page.text.contains("data-phase=\"set\"") && page.text.contains("Set 2 of 2"), "the rest ended by itself")
            // A stale button (the card of set 1 again) changes nothing.
            _ = try await browser.post(
                player, [("do", "complete"), ("item", "0"), ("set", "0"), ("phase", "set"), ("reps", "9"), ("weight", "60")])
            page = try await browser.get(player)
            #expect(page.text.contains("Set 2 of 2"))
            _ = try await browser.post(
                player, [("do", "complete"), ("item", "0"), ("set", "1"), ("phase", "set"), ("reps", "8"), ("weight", "60")])
            page = try await browser.get(player)
            #expect(page.text.contains("Workout complete"))
            #expect(page.text.contains("1020 kg"), "9 x 60 + 8 x 60")
            #expect(try await lifts.active().status == .notFound, "the workout finished with its last set")
        }
    }

    @Test(
        "stop asks first: keep finishes with the sets done, discard leaves nothing; another lifter's player is not found",
        arguments: TestDatabase.all)
    func stopAndOthers(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let bench = try await lifts.exercise(.bench)
            let id = try await api.newTemplate("Three sets", [tpRow(bench, ["setCount": 3, "restSeconds": 0])])
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/templates/\(id)")
            let player = try #require(try await browser.post("/templates/\(id)/play", []).location)
            _ = try await browser.post(
                player, [("do", "complete"), ("item", "0"), ("set", "0"), ("phase", "set"), ("reps", "5"), ("weight", "50")])
            let confirm = try await browser.get(player + "/stop")
            #expect(confirm.text.contains("You have done 1 set so far. Keep it as a finished workout"))
            #expect(confirm.text.contains("Keep and finish"))

            // Ana cannot see or stop Ben's player.
            var ana = try await Browser.signedIn(client, as: "ana")
            #expect(try await ana.get(player).status == .notFound)
            _ = try await ana.get("/templates")
            #expect(try await ana.post(player + "/stop", [("keep", "0")]).status == .notFound)
            #expect(try await lifts.active().status == .ok, "Ben's workout is still running")

            let kept = try await browser.post(player + "/stop", [("keep", "1")])
            #expect(kept.status == .seeOther)
            let summary = try await browser.get(player)
            #expect(summary.text.contains("Workout complete"))
            let history = try await lifts.history().items()
            #expect(history.count == 1)

            // Played again and discarded: history keeps only the first.
            _ = try await browser.get("/templates/\(id)")
            let second = try #require(try await browser.post("/templates/\(id)/play", []).location)
            let discarded = try await browser.post(second + "/stop", [("keep", "0")])
            #expect(discarded.status == .seeOther && discarded.location?.hasPrefix("/templates") == true)
            #expect(try await lifts.active().status == .notFound)
            #expect(try await lifts.history().items().count == 1)
        }
    }

    @Test("a timeline with only a break cannot be played: the page says so and starts nothing", arguments: TestDatabase.all)
    func nothingToPlay(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let id = try await api.newTemplate("Only rest", [], ["breaks": [["position": 0, "seconds": 60]]])
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/templates/\(id)")
            let answer = try await browser.post("/templates/\(id)/play", [])
            #expect(answer.status == .seeOther)
            let page = try await browser.get(try #require(answer.location))
            #expect(page.text.contains("There is no exercise to play yet. Add one to the timeline first."))
            #expect(try await lifts.active().status == .notFound)
        }
    }
}
