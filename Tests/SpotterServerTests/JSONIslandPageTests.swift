import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The JSON a page embeds for its script (`<script type="application/json">`) holds no
/// raw `<`, `>`, `&`, U+2028 or U+2029, whatever the lifter named things: only `</` was
/// escaped before, and a name holding `<!--<script>` put the HTML parser in its
/// double-escaped state, so the island ran on past its `</script>`, `JSON.parse` failed
/// and the logging page showed 0 sets. Each island still reads back the names as stored.
@Suite("JSON islands of pages with hostile names")
struct JSONIslandPageTests {
    static let hostile = "<!--<script> </script> <script> & \u{2028}\u{2029}"
    static let names = (
        workout: "Legs \(hostile)", exercise: "Press \(hostile)", type: "Type \(hostile)", template: "Plan \(hostile)",
        note: "Note \(hostile) -->"
    )

    /// The text of the `<script type="application/json" id="...">` element: up to the
    /// first `</script>`, which is where the island ends when it holds no markup.
    static func island(_ id: String, in html: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let opening = try #require(
            html.range(of: #"<script type="application/json" id="\#(id)">"#), "the page has \(id)", sourceLocation: sourceLocation
        )
        let closing = try #require(
            html.range(of: "</script>", range: opening.upperBound..<html.endIndex), sourceLocation: sourceLocation)
        return String(html[opening.upperBound..<closing.lowerBound])
    }

    /// Checks the island holds no character the HTML parser reads, parses it, and
    /// returns every string in it.
    static func strings(ofIsland id: String, in html: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Set<
        String
    > {
        let text = try island(id, in: html, sourceLocation: sourceLocation)
        for raw in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(
                !text.contains(raw), "\(id) holds a raw \(raw.unicodeScalars.first!.escaped(asASCII: true))",
                sourceLocation: sourceLocation)
        }
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        var found = Set<String>()
        func collect(_ value: Any) {
            switch value {
            case let text as String: found.insert(text)
            case let list as [Any]: list.forEach(collect)
            case let object as [String: Any]: object.values.forEach(collect)
            default: break
            }
        }
        collect(value)
        return found
    }

    /// Ana's hostile things, made through the API: a workout type, a custom exercise, a
    /// guided template of it, and a finished workout of that type with a set noted.
    struct Setup: Sendable {
        let template: String
        let finished: String
        let exercise: String
        /// The names as the API stores them (trimmed, inner spaces folded).
        let workoutName: String
        let exerciseName: String

        static func make(_ h: Harness) async throws -> Setup {
            let (client, token, lifts) = (h.client, h.anaToken, h.workouts())
            let typeBody = wkJSON(["name": names.type, "colorHex": "#12ab34", "icon": "body"])
            let type = try await client.api(.post, "/api/v1/workout-types", token: token, json: typeBody)
            try #require(type.status == .created, "\(type.text)")
            let typeID = try #require(try type.object()["id"] as? String)
            let exerciseBody = wkJSON([
                "name": names.exercise, "muscleGroups": ["chest"], "equipment": "barbell", "kind": "weightReps",
            ])
            let made = try await client.api(.post, "/api/v1/exercises", token: token, json: exerciseBody)
            try #require(made.status == .created, "\(made.text)")
            let exercise = try #require(try made.object()["id"] as? String)
            let template = try await h.templates().newTemplate(
                names.template, [tpRow(exercise, ["setCount": 2, "repMin": 5, "repMax": 5, "restSeconds": 60])], ["guided": true])
            let (workout, entry) = (wkID(), wkID())
            try #require(
                try await lifts.start(workout, ["name": names.workout, "workoutTypeId": typeID, "notes": names.note]).status
                    == .created)
            try #require(try await lifts.entry(workout, entry, ["exerciseId": exercise, "notes": names.note]).status == .ok)
            for reps in [5, 4] {
                try #require(
                    try await lifts.set(workout, entry, wkID(), ["reps": reps, "weight": 60, "note": names.note, "done": true])
                        .status == .ok)
            }
            let stored = try await lifts.get(workout).object()
            try #require(try await lifts.finish(workout).status == .ok)
            let storedExercise = try await client.api(.get, "/api/v1/exercises/\(exercise)", token: token).object()
            return Setup(
                template: template, finished: workout, exercise: exercise,
                workoutName: try #require(stored["name"] as? String),
                exerciseName: try #require(storedExercise["name"] as? String))
        }
    }

    @Test("the logging page, the editing page of a past workout and the offline logging page", arguments: TestDatabase.all)
    func loggingPages(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let setup = try await Setup.make(h)
            #expect(
                setup.workoutName.contains("<!--<script>") && setup.exerciseName.contains("</script>"),
                "the names are stored as sent")
            var browser = try await Browser.signedIn(client, as: "ana")

            let edit = try await browser.get("/history/\(setup.finished)/edit")
            #expect(edit.status == .ok)
            let past = try Self.strings(ofIsland: "workout-state", in: edit.text)
            #expect(past.contains(setup.workoutName) && past.contains(setup.exerciseName))
            #expect(past.contains(Self.names.note), "the notes of the workout, the entry and the sets")
            _ = try Self.strings(ofIsland: "workout-words", in: edit.text)

            let lifts = h.workouts()
            let (active, entry) = (wkID(), wkID())
            try #require(try await lifts.start(active, ["name": Self.names.workout]).status == .created)
            try #require(try await lifts.entry(active, entry, ["exerciseId": setup.exercise]).status == .ok)
            try #require(
                try await lifts.set(active, entry, wkID(), ["reps": 5, "weight": 60, "note": Self.names.note]).status == .ok)
            let page = try await browser.get("/workout")
            let now = try Self.strings(ofIsland: "workout-state", in: page.text)
            #expect(now.contains(setup.workoutName) && now.contains(setup.exerciseName) && now.contains(Self.names.note))
            _ = try Self.strings(ofIsland: "workout-words", in: page.text)

            let offline = try await browser.get("/workout/offline")
            #expect(offline.status == .ok)
            #expect(try Self.island("workout-state", in: offline.text) == "null")
            _ = try Self.strings(ofIsland: "workout-words", in: offline.text)
        }
    }

    @Test("the guided player of a template and exercise with hostile names", arguments: TestDatabase.all)
    func guidedPlayer(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let setup = try await Setup.make(h)
            var browser = try await Browser.signedIn(client, as: "ana")
            _ = try await browser.get("/templates/\(setup.template)")
            let started = try await browser.post("/templates/\(setup.template)/play", [])
            let player = try #require(started.location, "\(started.status)")
            let page = try await browser.get(player)
            #expect(page.status == .ok)
            let state = try Self.strings(ofIsland: "guided-state", in: page.text)
            #expect(state.contains(setup.exerciseName))
        }
    }
}
