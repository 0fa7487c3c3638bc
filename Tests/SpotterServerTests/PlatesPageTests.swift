import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The settings page's "Plates" and "Rest alerts" sections, the logging page's data
/// for its script, and "Add warm-up sets" as a plain form post.
@Suite("Plates and warm-ups on the pages")
struct PlatesPageTests {
    /// The settings form as the page sends it, with `changes` in place of its values.
    func settingsForm(_ changes: [String: String] = [:], plates: [String] = ["25", "20", "15", "10", "5", "2.5", "1.25"]) -> [(
        String, String
    )] {
        let fields = [
            "unit": "kg", "defaultRestSeconds": "120", "plateStep": "", "theme": "system", "timeZone": "UTC", "gymSettings": "1",
            "barWeight": "20", "otherPlates": "", "restSound": "on", "restVolume": "70", "wakeLock": "on",
        ].merging(changes) { $1 }
        return fields.sorted { $0.key < $1.key }.filter { $0.value != "-" } + plates.map { ("plate", $0) }
    }

    func settings(_ h: Harness) async throws -> [String: Any] {
        try await h.client.api(.get, "/api/v1/settings", token: h.benToken).object()
    }

    @Test("the sections show the bar, the plates as chips and the rest alert, and save them", arguments: TestDatabase.all)
    func saves(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            let page = try await browser.get("/settings").text
            #expect(page.contains(#"<h2 id="plates">Plates</h2>"#) && page.contains(#"<h2 id="rest-alerts">Rest alerts</h2>"#))
            #expect(page.contains(#"name="barWeight" inputmode="decimal" value="20""#))
            #expect(page.contains(#"<input type="checkbox" name="plate" value="1.25" checked>"#))
            #expect(
                page.contains(#"<input type="checkbox" name="plate" value="0.5">"#),
                "a common plate the lifter does not have is offered")
            #expect(page.contains(#"name="restVolume" min="0" max="100" step="5" value="70""#))

            let saved = try await browser.post(
                "/settings",
                settingsForm(
                    ["barWeight": "15", "otherPlates": "0,25 0.75", "restSound": "-", "restVolume": "40", "wakeLock": "-"],
                    plates: ["20", "10", "2.5"]))
            #expect(saved.location == "/settings?notice=saved", "\(saved.text)")
            let after = try await settings(h)
            #expect(after["barWeight"] as? Double == 15)
            #expect(after["plates"] as? [Double] == [20, 10, 2.5, 0.75, 0.25])
            #expect(
                after["restSound"] as? Bool == false && after["restVolume"] as? Int == 40 && after["wakeLock"] as? Bool == false)
            let again = try await browser.get("/settings").text
            #expect(
                again.contains(#"<input type="checkbox" name="plate" value="0.75" checked>"#),
                "a plate of one's own is a chip too")
            #expect(again.contains(#"<input type="checkbox" name="plate" value="25">"#))
        }
    }

    @Test(
        "bad values come back with the field's message and change nothing",
        arguments: TestDatabase.all.flatMap { engine in
            [
                (engine, ["barWeight": "heavy"], ["20"], "The bar weight is a number, such as 20, or 0 for none."),
                (engine, ["barWeight": "150"], ["20"], "The bar weight must be between 0 and 100 kg, such as 20."),
                (engine, [:], [], "Choose at least one plate."),
                (engine, ["otherPlates": "big"], ["20"], "Other plates are numbers with spaces between them, such as 0.5 0.25."),
                (engine, ["otherPlates": "75"], ["20"], "Each plate must be between 0.25 and 50 kg; 75 is not."),
                (engine, ["restVolume": "loud"], ["20"], "The volume is a whole number from 0 to 100."),
                (engine, ["restVolume": "150"], ["20"], "The rest sound volume must be between 0 and 100."),
            ]
        })
    func refused(engine: TestDatabase, changes: [String: String], plates: [String], message: String) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            let before = try await client.api(.get, "/api/v1/settings", token: h.benToken).text
            let response = try await browser.post(
                "/settings", settingsForm(changes.merging(["restSound": "-"]) { $1 }, plates: plates))
            #expect(response.status == .badRequest)
            #expect(response.text.contains(message))
            #expect(response.text.contains(#"aria-invalid="true""#))
            #expect(try await client.api(.get, "/api/v1/settings", token: h.benToken).text == before)
        }
    }

    @Test(
        "switching the unit on the page brings that unit's bar and plates, whatever the kg fields said",
        arguments: TestDatabase.all)
    func unitSwitch(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            let saved = try await browser.post("/settings", settingsForm(["unit": "lb", "barWeight": "15"], plates: ["20"]))
            #expect(saved.location == "/settings?notice=saved")
            let after = try await settings(h)
            #expect(after["barWeight"] as? Double == 45 && after["plates"] as? [Double] == [45, 35, 25, 10, 5, 2.5])
        }
    }

    @Test("the logging page hands its script the bar, plates and rest alert", arguments: TestDatabase.all)
    func workoutPage(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            _ = try await h.workouts(.ben).settings([
                "barWeight": 15, "plates": [20, 1.25], "restSound": false, "restVolume": 30,
            ])
            _ = try await h.workouts(.ben).start(wkID())
            let page = try await browser.get("/workout").text
            #expect(
                page.contains(
                    #"data-bar="15" data-plates="20 1.25" data-rest-sound="false" data-rest-volume="30" data-wake-lock="true""#))
            #expect(page.contains(#"id="plate-sheet""#) && page.contains("Add warm-up sets"))
        }
    }

    @Test(
        "Add warm-up sets works as a form post: back to the workout with the ramp, or the reason on a page",
        arguments: TestDatabase.all)
    func formPost(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            let api = h.workouts(.ben)
            let (workout, entries) = try await api.logWorkout(
                exercises: [try await api.exercise(.squat), try await api.exercise(.press)], sets: [])
            _ = try await api.set(workout, entries[0], wkID(), ["reps": 5, "weight": 60])
            _ = try await browser.get("/workout")
            let added = try await browser.post("/workouts/\(workout)/entries/\(entries[0])/warm-ups", [])
            #expect(added.location == "/workout")
            let sets = wkSets(wkEntries(try await api.get(workout).object())[0])
            #expect(
                sets.map { wkNumber($0["weight"]) } == [20, 22.5, 35, 47.5, 60],
                "24, 36 and 48 round down to what the plates make")
            #expect(sets.map { $0["kind"] as? String } == ["warmup", "warmup", "warmup", "warmup", "working"])

            let before = try await api.get(workout).text
            let refused = try await browser.post("/workouts/\(workout)/entries/\(entries[1])/warm-ups", [])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("Enter the working weight first."))
            #expect(try await api.get(workout).text == before)
        }
    }
}
