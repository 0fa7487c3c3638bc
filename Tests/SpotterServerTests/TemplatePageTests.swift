import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The template pages as a browser uses them, with the inputs a tampered or
/// stale page may send. (The happy paths run in tests/browser/test_templates.py.)
@Suite("Pages: templates")
struct TemplatePageTests {
    private func signedIn(_ client: any TestClientProtocol) async throws -> Browser {
        try await Browser.signedIn(client)
    }

    /// The edit form's fields for a template's rows, as the page sends them.
    private func rows(_ template: [String: Any]) -> [(String, String)] {
        tpExercises(template).flatMap { row -> [(String, String)] in
            [
                ("row_id", row["id"] as! String), ("row_exercise", row["exerciseId"] as! String),
                ("row_sets", "\(row["setCount"]!)"),
                ("row_repMin", "\(row["repMin"]!)"), ("row_repMax", "\(row["repMax"]!)"), ("row_weight", ""), ("row_unit", ""),
                ("row_rpe", ""),
                ("row_rest", "120"), ("row_duration", ""), ("row_notes", ""),
            ]
        }
    }

    @Test(
        "row buttons with numbers out of range, or no button at all, redraw the form and save nothing",
        arguments: TestDatabase.all)
    func tamperedRowCommands(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let squat = try await lifts.exercise(.squat)
            let template = try await api.create("Legs", [tpRow(squat)])
            let id = template["id"] as! String
            let before = try await api.get(id).text
            var browser = try await signedIn(client)
            _ = try await browser.get("/templates/\(id)/edit")
            for command in ["down--1", "down-9223372036854775807", "up--5", "remove--1", "up-9", "nonsense", ""] {
                var fields = [("name", "Renamed"), ("category", "strength"), ("notes", "")] + rows(template)
                if !command.isEmpty { fields.append(("do", command)) }
                let response = try await browser.post("/templates/\(id)/edit", fields)
                #expect(response.status == .ok, "do=\(command) answered \(response.status)")
                #expect(String(buffer: response.body).contains("Squat (Barbell)"), "do=\(command) draws the form again")
                #expect(try await api.get(id).text == before, "do=\(command) saved nothing")
            }
        }
    }

    @Test(
        "the new template's exercises come in the order they were ticked, not the list's; without that order, the list's",
        arguments: TestDatabase.all)
    func tickOrder(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let lifts = h.workouts(.ben)
            let (squat, bench, row) = try await lifts.exercises(.squat, .bench, .deadlift)
            let names = [
                squat: CatalogExercise.squat.rawValue, bench: CatalogExercise.bench.rawValue,
                row: CatalogExercise.deadlift.rawValue,
            ]
            var browser = try await signedIn(client)
            _ = try await browser.get("/templates/new")
            let base = [("step", "exercises"), ("name", "Mixed"), ("category", "custom"), ("notes", "")]
            // The list sends bench, row, squat; the lifter ticked squat, then bench, then row.
            let listed = [bench, row, squat].map { ("exercise", $0) }
            for (order, expected) in [
                ([squat, bench, row], [squat, bench, row]), ([], [bench, row, squat]),
                ([row, "\(UUID())", row], [row, bench, squat]),
            ] {
                let page = try await browser.post("/templates/new", base + listed + order.map { ("pickOrder", $0) })
                #expect(page.status == .ok)
                // Each row's heading (the add-exercise list further down names every exercise too).
                let positions = expected.map {
                    page.text.range(of: "<h2 class=\"row-title grow\">\(names[$0]!)</h2>")?.lowerBound
                }
                #expect(
                    positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted(),
                    "order \(order)")
            }
            #expect(try await h.count("workout_templates") == 0, "step 3 saves nothing yet")
        }
    }

    @Test("an empty name on the edit page is named at the field, and the top says what to fix", arguments: TestDatabase.all)
    func emptyName(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let template = try await api.create("Legs", [tpRow(try await lifts.exercise(.squat))])
            let id = template["id"] as! String
            var browser = try await signedIn(client)
            _ = try await browser.get("/templates/\(id)/edit")
            let response = try await browser.post(
                "/templates/\(id)/edit",
                [("name", "  "), ("category", "strength"), ("notes", ""), ("do", "save")] + rows(template))
            let page = String(buffer: response.body)
            #expect(response.status == .badRequest)
            #expect(page.contains("Give the template a name."))
            #expect(page.contains("Fix the marked field; nothing was saved yet."))
            #expect(!page.contains("Fix the marked rows"))
        }
    }

    @Test(
        "the detail page shows the template's notes once, not under an exercise without notes of its own",
        arguments: TestDatabase.all)
    func notesStayWhereTheyBelong(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let template = try await api.create(
                "Legs", [tpRow(try await lifts.exercise(.squat))], ["notes": "Heavy day, long rests"])
            var browser = try await signedIn(client)
            let page = String(buffer: try await browser.get("/templates/\(template["id"] as! String)").body)
            #expect(page.components(separatedBy: "Heavy day, long rests").count == 2, "the notes appear exactly once")
        }
    }

    @Test("a double tap on \"Use this template\" makes one copy: the page gives the copy its id", arguments: TestDatabase.all)
    func useTwice(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await signedIn(client)
            let page = String(buffer: try await browser.get("/templates/\(startingStrengthA.lowercased())").body)
            let newID = try #require(page.firstMatch(of: /name="newId" value="([0-9a-f-]+)"/)?.1)
            let first = try await browser.post("/templates/\(startingStrengthA.lowercased())/use", [("newId", String(newID))])
            let second = try await browser.post("/templates/\(startingStrengthA.lowercased())/use", [("newId", String(newID))])
            #expect(first.status == .seeOther && second.status == .seeOther)
            #expect(first.location == second.location)
            #expect(try await h.count("workout_templates") == 1)
        }
    }

    @Test(
        "start and tweak: a new name that cannot be used stops everything before the workout starts", arguments: TestDatabase.all)
    func prepChecksFirst(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let template = try await api.create("Legs", [tpRow(try await lifts.exercise(.squat))])
            let id = template["id"] as! String
            let before = try await api.get(id).text
            var browser = try await signedIn(client)
            _ = try await browser.get("/templates/\(id)/prep")
            let long = String(repeating: "x", count: 150)
            for (name, message, status) in [
                (long, "The name is too long: at most 100 characters.", HTTPResponse.Status.badRequest),
                ("legs", "You already have a template called legs. Choose another name.", .conflict),
            ] {
                let response = try await browser.post(
                    "/templates/\(id)/prep",
                    rows(template) + [
                        ("name", "Legs"), ("category", ""), ("notes", ""), ("templateUpdate", "values"), ("saveAsNew", "1"),
                        ("newName", name),
                        ("confirmed", "1"), ("replace", "1"), ("do", "start"),
                    ])
                #expect(response.status == status)
                #expect(String(buffer: response.body).contains(message), "\(name.prefix(10))")
                #expect(try await h.count("workouts") == 0, "no workout was started")
                #expect(try await api.get(id).text == before, "the template was not updated")
                #expect(try await h.count("workout_templates") == 1)
            }
        }
    }

    @Test("the detail page shows a fixed weight as it is, else the weight of last time, else none", arguments: TestDatabase.all)
    func weightNotes(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (lifts, api) = (h.workouts(.ben), h.templates(.ben))
            let (squat, bench) = try await lifts.exercises(.squat, .bench)
            let id = try await api.newTemplate("Full", [tpRow(squat, ["targetWeight": 60, "weightUnit": "kg"]), tpRow(bench)])
            var browser = try await signedIn(client)
            var page = String(buffer: try await browser.get("/templates/\(id)").body)
            #expect(page.contains("· 60 kg"))
            #expect(!page.contains("Suggested"), "no history yet: no weight for the bench")

            // A finished workout with the bench at 80 kg: the page suggests it.
            let started = try await api.start(id, ["workoutId": wkID()])
            let workout = try started.object()
            let benchEntry = try #require(wkEntries(workout).last)
            let workoutID = try #require(workout["id"] as? String)
            let setID = try #require(wkIDs(wkSets(benchEntry)).first)
            #expect(
                try await lifts.set(workoutID, benchEntry["id"] as! String, setID, ["weight": 80, "reps": 8, "done": true]).status
                    == .ok)
            #expect(try await lifts.finish(workoutID).status == .ok)
            page = String(buffer: try await browser.get("/templates/\(id)").body)
            #expect(page.contains("Suggested 80 kg (last time)"))
            #expect(page.contains("· 60 kg"), "a fixed weight stays as it is")
        }
    }
}
