import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Guided workouts API: the timeline of a template and the player")
struct GuidedAPITests {
    /// Squat 2 x 5 at 100 kg with 60 s rest, Plank 2 x 40 s with 20 s rest, Bench 3 x 8-12 with 90 s rest.
    static func rows(_ squat: String, _ plank: String, _ bench: String, ids: [String]? = nil) -> [[String: any Sendable]] {
        var rows = [
            tpRow(squat, ["setCount": 2, "repMin": 5, "repMax": 5, "targetWeight": 100, "weightUnit": "kg", "restSeconds": 60]),
            tpRow(plank, ["setCount": 2, "targetDurationSeconds": 40, "restSeconds": 20]),
            tpRow(bench, ["restSeconds": 90]),
        ]
        if let ids { for index in rows.indices { rows[index]["id"] = ids[index] } }
        return rows
    }

    // MARK: The timeline

    @Test(
        "break cards are created, reordered, kept when left out and removed through PUT; ids stay with their break",
        arguments: TestDatabase.all)
    func timelineCRUD(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (squat, plank, bench) = try await lifts.exercises(.squat, .plank, .bench)
            let id = wkID()
            let created = try await api.create(
                "Guided Legs", Self.rows(squat, plank, bench), ["breaks": [gdBreak(1, 30), gdBreak(3, 45)], "guided": true],
                id: id)
            #expect(created["guided"] as? Bool == true)
            #expect(gdBreaks(created) == ["1:30", "3:45"])
            // Squat 2 x 45 + 60 = 150; break 30; plank 2 x 40 + 20 = 100; break 45; bench 3 x 45 + 2 x 90 = 315.
            #expect(created["estimatedPlaySeconds"] as? Int == 150 + 30 + 100 + 45 + 315)
            let breakIDs = try #require((created["breaks"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
            #expect(Set(breakIDs).count == 2)
            let rowIDs = wkIDs(tpExercises(created))
            #expect(try await h.count("template_breaks") == 2)
            #expect(wkCanonical(try await api.get(id).object()) == wkCanonical(created), "it reads back as answered")

            // The 45 s break first, the 30 s one last (after the bench).
            let reordered = try await api.save(
                id, Self.rows(squat, plank, bench, ids: rowIDs),
                ["breaks": [gdBreak(4, 30, id: breakIDs[0]), gdBreak(0, 45, id: breakIDs[1])]])
            #expect(reordered.status == .ok, "\(reordered.text)")
            let moved = try reordered.object()
            #expect(gdBreaks(moved) == ["0:45", "4:30"], "in timeline order")
            #expect((moved["breaks"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [breakIDs[1], breakIDs[0]])
            #expect(moved["estimatedPlaySeconds"] as? Int == 640, "the same cards in another order")
            #expect(moved["guided"] as? Bool == true, "guided left out: kept")

            // A save without `breaks` (a client that knows nothing of them) keeps them.
            let renamed = try await api.save(id, name: "Guided Legs 2", Self.rows(squat, plank, bench, ids: rowIDs))
            #expect(renamed.status == .ok)
            #expect(gdBreaks(try renamed.object()) == ["0:45", "4:30"])

            // One exercise fewer and no breaks sent: the break at 4 moves to the end (3).
            let shorter = try await api.save(id, Array(Self.rows(squat, plank, bench, ids: rowIDs).prefix(2)))
            #expect(gdBreaks(try shorter.object()) == ["0:45", "3:30"])

            let removed = try await api.save(
                id, Self.rows(squat, plank, bench, ids: rowIDs), ["breaks": [] as [String], "guided": false])
            #expect(removed.status == .ok)
            let plain = try removed.object()
            #expect(gdBreaks(plain) == [])
            #expect(plain["guided"] as? Bool == false)
            #expect(plain["estimatedPlaySeconds"] as? Int == 150 + 100 + 315)
            #expect(try await h.count("template_breaks") == 0)
        }
    }

    struct BadBreaks: Sendable, CustomTestStringConvertible {
        let json: String
        let field: String?
        let message: String?
        var code = "validation_failed"
        var testDescription: String { "\(json.prefix(80)) → \(field ?? code)" }
    }

    static let badBreaks: [BadBreaks] = {
        let short = "Break 1: a break lasts at least 5 seconds. Remove it instead of making it shorter."
        let fiftyOne = (0..<51).map { #"{"position": \#($0), "seconds": 30}"# }.joined(separator: ", ")
        return [
            .init(json: #"[{"position": 1, "seconds": 0}]"#, field: "breaks[0].seconds", message: short),
            .init(json: #"[{"position": 1, "seconds": 4}]"#, field: "breaks[0].seconds", message: short),
            .init(
                json: #"[{"position": 1, "seconds": 3601}]"#, field: "breaks[0].seconds",
                message: "Break 1: a break lasts at most 60 minutes."),
            .init(
                json: #"[{"seconds": 30}]"#, field: "breaks[0].position",
                message: "Break 1: say where in the timeline it goes (0 is first)."),
            .init(
                json: #"[{"position": 4, "seconds": 30}]"#, field: "breaks[0].position",
                message: "Break 1: the timeline has 4 places, so the position must be from 0 to 3."),
            .init(
                json: #"[{"position": -1, "seconds": 30}]"#, field: "breaks[0].position",
                message: "Break 1: the timeline has 4 places, so the position must be from 0 to 3."),
            .init(
                json: #"[{"position": 2, "seconds": 30}, {"position": 2, "seconds": 45}]"#, field: "breaks[1].position",
                message: "Break 2: another break is already at position 2."),
            .init(json: "[\(fiftyOne)]", field: "breaks", message: "A template holds at most 50 breaks."),
            .init(
                json: #"[{"position": 1, "seconds": "long"}]"#, field: "breaks[0].seconds",
                message: "Seconds (breaks[0].seconds) must be a whole number from 5 to 3600.", code: "bad_request"),
            .init(
                json: #"{"position": 1}"#, field: "breaks", message: "Breaks must be a list of objects (at most 50 items).",
                code: "bad_request"),
        ]
    }()

    @Test("a bad break card is refused with the problem named, and the stored template is unchanged", arguments: TestDatabase.all)
    func badBreaks(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (squat, plank, bench) = try await lifts.exercises(.squat, .plank, .bench)
            let id = wkID()
            let created = try await api.create(
                "Guided Legs", Self.rows(squat, plank, bench), ["breaks": [gdBreak(1, 30)], "guided": true], id: id)
            let rows = Self.rows(squat, plank, bench, ids: wkIDs(tpExercises(created)))
            let rowsJSON = wkJSON(["r": rows]).dropFirst(5).dropLast()  // the array alone
            let before = [
                try await api.get(id).text, "\(try await h.count("template_breaks")) \(try await h.count("template_exercises"))",
            ]
            for bad in Self.badBreaks {
                for (what, target) in [("over Guided Legs", id), ("a new template", wkID())] {
                    let json = #"{"name": "\#(what)", "exercises": \#(rowsJSON), "breaks": \#(bad.json)}"#
                    let response = try await h.client.api(.put, "/api/v1/templates/\(target)", token: h.anaToken, json: json)
                    #expect(response.status == .badRequest, "\(what): \(response.text)")
                    let error = try response.error()
                    #expect(error.code == bad.code, "\(what)")
                    #expect(error.field == bad.field, "\(what)")
                    if let message = bad.message {
                        #expect(error.message == message, "\(what)")
                    } else {
                        #expect(!error.message.isEmpty)
                    }
                    let after = [
                        try await api.get(id).text,
                        "\(try await h.count("template_breaks")) \(try await h.count("template_exercises"))",
                    ]
                    #expect(after == before, "\(what): nothing changed")
                    if target != id { #expect(try await api.get(target).status == .notFound, "not created") }
                }
            }
            let guided = try await h.client.api(
                .put, "/api/v1/templates/\(id)", token: h.anaToken, json: #"{"exercises": \#(rowsJSON), "guided": "yes"}"#)
            #expect(guided.status == .badRequest)
            #expect(try guided.error().code == "bad_request")
            #expect(try await api.get(id).text == before[0])
        }
    }

    @Test("?guided=true lists the templates built for the player or with a break card", arguments: TestDatabase.all)
    func guidedFilter(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (squat, plank, bench) = try await lifts.exercises(.squat, .plank, .bench)
            try await api.create("Guided Legs", Self.rows(squat, plank, bench), ["guided": true])
            let breakDay = try await api.create("Break Day", [tpRow(bench)], ["breaks": [gdBreak(1, 60)]])
            #expect(breakDay["guided"] as? Bool == true, "a break card makes it guided")
            let plain = try await api.create("Plain Day", [tpRow(squat)])
            #expect(plain["guided"] as? Bool == false)
            #expect(gdBreaks(plain) == [])
            #expect(plain["estimatedPlaySeconds"] as? Int == 3 * 45 + 2 * 120, "3 x 8-12 with the 120 s default rest")

            #expect(try await api.names("guided=true&sort=name") == ["Break Day", "Guided Legs"])
            #expect(try await api.names("guided=false&sort=name") == ["Break Day", "Guided Legs", "Plain Day"])
            #expect(try await api.names("sort=name") == ["Break Day", "Guided Legs", "Plain Day"])
            #expect(try await api.names("guided=true&search=legs") == ["Guided Legs"])
            let bad = try await api.list("guided=yes")
            #expect(bad.status == .badRequest)
            #expect(try bad.error().message == "Use true or false for guided, not \"yes\".")
            #expect(try await h.templates(.ben).names("guided=true") == [], "Ben's library is his own")
        }
    }

    @Test("a template file keeps the break cards and the guided mark through export and import", arguments: TestDatabase.all)
    func exportImport(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (squat, plank, bench) = try await lifts.exercises(.squat, .plank, .bench)
            let original = try await api.create(
                "Guided Legs", Self.rows(squat, plank, bench),
                ["breaks": [gdBreak(0, 15), gdBreak(2, 30), gdBreak(5, 3_600)], "guided": true])
            let id = try #require(original["id"] as? String)
            let file = try await api.export(id)
            #expect(file.status == .ok)

            let ben = h.templates(.ben)
            let imported = try await ben.importFile(file.text)
            #expect(imported.status == .created || imported.status == .ok, "\(imported.text)")
            let copyID = try #require(try await ben.list().items().first?["id"] as? String)
            let copy = try await ben.get(copyID).object()
            #expect(copy["name"] as? String == "Guided Legs")
            #expect(copy["guided"] as? Bool == true)
            #expect(gdBreaks(copy) == ["0:15", "2:30", "5:3600"])
            #expect(copy["estimatedPlaySeconds"] as? Int == original["estimatedPlaySeconds"] as? Int)
            #expect(tpPlan(copy) == tpPlan(original))

            // The file of all templates too, into Ana's own library (a second copy, renamed).
            let all = try await api.exportAll()
            let again = try await api.importFile(all.text)
            #expect(again.status == .created || again.status == .ok, "\(again.text)")
            var copies: [[String: Any]] = []
            for listed in try await api.list("sort=name").items() {
                copies.append(try await api.get(try #require(listed["id"] as? String)).object())
            }
            #expect(copies.map { $0["name"] as? String } == ["Guided Legs", "Guided Legs (Imported)"])
            #expect(copies.allSatisfy { gdBreaks($0) == ["0:15", "2:30", "5:3600"] && $0["guided"] as? Bool == true })
            #expect(try await h.count("template_breaks") == 9)
        }
    }

    // MARK: The player

    @Test(
        "play, then complete, extend, skip, pause, resume, and the timed sets played out: each answer, then the summary and history",
        arguments: TestDatabase.all)
    func playThrough(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (squat, plank, bench) = try await lifts.exercises(.squat, .plank, .bench)
            // A squat session last week so the guided one can set records: 1 x 5 at 100 kg.
            h.clock.advance(by: -7 * 86_400)
            let past = try await lifts.logWorkout(exercises: [squat], sets: [(5, 100)])
            try #require(try await lifts.finish(past.workout).status == .ok)
            h.clock.set(testNow)

            let template = try await api.newTemplate(
                "Guided Legs", Array(Self.rows(squat, plank, bench).prefix(2)), ["breaks": [gdBreak(1, 30)], "guided": true])
            let player = h.guided()
            let workout = wkID()
            func at(_ seconds: Double) { h.clock.set(testNow.addingTimeInterval(seconds)) }
            func time(_ seconds: Double) -> String { wkTime(testNow.addingTimeInterval(seconds)) }

            let started = try await player.play(template, workout: workout)
            #expect(started.status == .created, "\(started.text)")
            let first = try started.object()
            #expect(first["workoutId"] as? String == workout)
            #expect(first["templateId"] as? String == template)
            #expect(first["phase"] as? String == "set")
            #expect(first["paused"] as? Bool == false)
            #expect([first["item"], first["set"], first["itemCount"]].map { $0 as? Int } == [0, 0, 3])
            #expect(
                [first["exerciseNumber"], first["exerciseCount"], first["setNumber"], first["setCount"]].map { $0 as? Int } == [
                    1, 2, 1, 2,
                ])
            #expect([first["remainingSeconds"], first["totalSeconds"], first["elapsedSeconds"]].map { $0 as? Int } == [0, 0, 0])
            #expect(wkNone(first["endsAt"]))
            #expect(first["startedAt"] as? String == time(0))
            #expect(first["serverTime"] as? String == time(0))
            #expect(first["summary"] == nil)
            let items = try #require(first["items"] as? [[String: Any]])
            #expect(items.map { $0["kind"] as? String } == ["exercise", "break", "exercise"])
            #expect(items.map { $0["name"] as? String } == ["Squat (Barbell)", "Break", "Plank"])
            #expect(items.map { $0["sets"] as? Int } == [2, 0, 2])
            #expect(items.map { $0["seconds"] as? Int } == [nil, 30, 40])
            #expect(wkNone(items[0]["seconds"]))
            #expect(items.map { $0["restSeconds"] as? Int } == [60, 0, 20])
            #expect(items.map { $0["exerciseId"] as? String } == [squat, nil, plank])
            #expect(wkNone(items[1]["entryId"]) && wkNone(items[1]["exerciseId"]))
            #expect(items[0]["targetReps"] as? String == "5")
            #expect(wkNone(items[2]["targetReps"]), "a timed item has no reps")
            let squatSets = try #require(items[0]["setValues"] as? [[String: Any]])
            #expect(squatSets.map { $0["reps"] as? Int } == [5, 5])
            #expect(squatSets.map { wkNumber($0["weight"]) } == [100, 100])
            #expect(squatSets.map { $0["done"] as? Bool } == [false, false])
            #expect((items[2]["setValues"] as? [[String: Any]])?.map { $0["durationSeconds"] as? Int } == [40, 40])
            let entryIDs = items.map { $0["entryId"] as? String }
            #expect(try await lifts.active().object()["id"] as? String == workout, "an ordinary active workout")

            at(30)
            let completed = try await player.act(
                workout, "complete", ["item": 0, "set": 0, "phase": "set", "reps": 6, "weight": 102.5])
            #expect(completed.status == .ok, "\(completed.text)")
            let resting = try completed.object()
            #expect(resting["phase"] as? String == "rest")
            #expect([resting["item"], resting["set"], resting["setNumber"]].map { $0 as? Int } == [0, 1, 2])
            #expect(
                [resting["remainingSeconds"], resting["totalSeconds"], resting["elapsedSeconds"]].map { $0 as? Int } == [
                    60, 60, 30,
                ])
            #expect(resting["endsAt"] as? String == time(90))
            #expect(resting["items"] == nil, "actions answer without the items")

            at(40)
            let reload = try await player.state(workout).object()
            #expect(reload["remainingSeconds"] as? Int == 50, "a reload 10 s into the rest")
            let logged = try #require((reload["items"] as? [[String: Any]])?.first?["setValues"] as? [[String: Any]])
            #expect(logged.map { $0["reps"] as? Int } == [6, 5])
            #expect(logged.map { wkNumber($0["weight"]) } == [102.5, 100])
            #expect(logged.map { $0["done"] as? Bool } == [true, false])

            let extended = try await player.act(workout, "extend").object()
            #expect([extended["remainingSeconds"], extended["totalSeconds"]].map { $0 as? Int } == [65, 75])
            #expect(extended["endsAt"] as? String == time(105))

            at(50)
            let skipped = try await player.act(workout, "skip", ["item": 0, "set": 1, "phase": "rest"]).object()
            #expect(skipped["phase"] as? String == "set")
            #expect(skipped["set"] as? Int == 1)
            #expect(wkNone(skipped["endsAt"]))

            at(60)
            let toBreak = try await player.act(workout, "complete").object()
            #expect(toBreak["phase"] as? String == "break")
            #expect(
                [toBreak["item"], toBreak["exerciseNumber"], toBreak["setCount"], toBreak["remainingSeconds"]].map { $0 as? Int }
                    == [1, 1, 0, 30])

            at(70)
            let paused = try await player.act(workout, "pause").object()
            #expect(paused["paused"] as? Bool == true)
            #expect(paused["remainingSeconds"] as? Int == 20)
            #expect(wkNone(paused["endsAt"]))
            at(100)
            #expect(try await player.state(workout).object()["remainingSeconds"] as? Int == 20, "still 20 s after 30 s paused")
            let resumed = try await player.act(workout, "resume").object()
            #expect(resumed["paused"] as? Bool == false)
            #expect(resumed["endsAt"] as? String == time(120))
            #expect(resumed["elapsedSeconds"] as? Int == 70, "100 s less 30 s paused")

            // The break skipped at 101: plank 1 runs 101-141, its rest 141-161, plank 2 161-201.
            at(101)
            let plankUp = try await player.act(workout, "skip").object()
            #expect(plankUp["phase"] as? String == "timedSet")
            #expect(
                [plankUp["item"], plankUp["exerciseNumber"], plankUp["setNumber"], plankUp["remainingSeconds"]].map { $0 as? Int }
                    == [2, 2, 1, 40])
            at(200)
            let lastPlank = try await player.state(workout).object()
            #expect(lastPlank["phase"] as? String == "timedSet")
            #expect([lastPlank["set"], lastPlank["remainingSeconds"]].map { $0 as? Int } == [1, 1])
            at(201)
            let done = try await player.state(workout).object()
            #expect(done["phase"] as? String == "finished")
            let summary = try #require(done["summary"] as? [String: Any])
            #expect(summary["durationSeconds"] as? Int == 201)
            #expect(summary["exercisesDone"] as? Int == 2)
            #expect(summary["setsDone"] as? Int == 4)
            #expect(wkNumber(summary["volume"]) == 6 * 102.5 + 5 * 100)
            #expect(summary["volumeUnit"] as? String == "kg")
            #expect(summary["records"] as? Int == 1, "6 x 102.5 beats last week's 5 x 100; the second 5 x 100 does not")

            let stored = try await lifts.get(workout).object()
            #expect(stored["endedAt"] as? String == time(201))
            #expect(wkEntries(stored).map { $0["id"] as? String } == [entryIDs[0], entryIDs[2]])
            #expect(wkEntries(stored).flatMap(wkSets).map { $0["done"] as? Bool } == [true, true, true, true])
            #expect(wkIDs(try await lifts.history().items()).contains(workout))
            #expect(
                try await player.act(workout, "complete").object()["phase"] as? String == "finished",
                "a finished player stays finished")
        }
    }

    @Test(
        "stop keeps the sets as a finished workout, or discards it; a finished one is not discarded from here",
        arguments: TestDatabase.all)
    func stop(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (squat, plank, bench) = try await lifts.exercises(.squat, .plank, .bench)
            let template = try await api.newTemplate("Guided Legs", Self.rows(squat, plank, bench), ["guided": true])
            let player = h.guided()

            let kept = wkID()
            try #require(try await player.play(template, workout: kept).status == .created)
            h.clock.advance(by: 20)
            _ = try await player.act(kept, "complete", ["reps": 5, "weight": 90])
            h.clock.advance(by: 10)
            let keep = try await player.stop(kept, keep: true)
            #expect(keep.status == .noContent)
            #expect(keep.text.isEmpty)
            let finished = try await lifts.get(kept).object()
            #expect(finished["endedAt"] as? String == wkTime(testNow.addingTimeInterval(30)))
            #expect(wkEntries(finished).flatMap(wkSets).filter { $0["done"] as? Bool == true }.count == 1)
            let afterStop = try await player.state(kept).object()
            #expect(afterStop["phase"] as? String == "finished")
            #expect((afterStop["summary"] as? [String: Any])?["setsDone"] as? Int == 1)

            let before = try await lifts.get(kept).text
            let refused = try await player.stop(kept, keep: false)
            #expect(refused.status == .conflict)
            #expect(try refused.error().message == "This workout is already finished. Delete it from your history instead.")
            #expect(try await lifts.get(kept).text == before)
            #expect(try await player.stop(kept, keep: true).status == .noContent, "keeping it again changes nothing")
            #expect(try await lifts.get(kept).text == before)

            let discarded = wkID()
            try #require(try await player.play(template, workout: discarded).status == .created)
            _ = try await player.act(discarded, "complete")
            #expect(try await player.stop(discarded, keep: false).status == .noContent)
            #expect(try await lifts.get(discarded).status == .notFound)
            #expect(try await player.state(discarded).status == .notFound)
            #expect(try await h.count("guided_sessions") == 1)
            #expect(wkIDs(try await lifts.history().items()) == [kept])
        }
    }

    @Test(
        "bad action bodies are refused with the problem named and the player and workout unchanged", arguments: TestDatabase.all)
    func badBodies(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (squat, plank, bench) = try await lifts.exercises(.squat, .plank, .bench)
            let template = try await api.newTemplate("Guided Legs", Self.rows(squat, plank, bench), ["guided": true])
            let player = h.guided()
            let workout = wkID()
            try #require(try await player.play(template, workout: workout).status == .created)
            h.clock.advance(by: 15)
            let together = "Send item, set and phase together (the card you saw), or none of them."
            let bad: [(String, String, String?, String?, String)] = [
                (
                    "complete", #"{"item": 0, "set": 0, "phase": "warmup"}"#, "phase",
                    "The phase must be one of: set, timedSet, rest, break, finished.", "validation_failed"
                ),
                ("complete", #"{"item": 0}"#, "item", together, "validation_failed"),
                ("skip", #"{"item": 0, "phase": "set"}"#, "item", together, "validation_failed"),
                ("complete", #"{"set": 0, "phase": "set"}"#, "item", together, "validation_failed"),
                ("complete", #"{"reps": -1}"#, "reps", "Reps must be between 0 and 1000.", "validation_failed"),
                (
                    "complete", #"{"item": 0, "set": 0, "phase": "set", "reps": 1001}"#, "reps",
                    "Reps must be between 0 and 1000.", "validation_failed"
                ),
                ("complete", #"{"reps": "five"}"#, "reps", "Reps must be a whole number from 0 to 1000.", "bad_request"),
                ("complete", #"{"item": 0, "set": 0, "phase": "set""#, nil, nil, "bad_request"),
                ("stop", #"{}"#, "keep", "Keep is required: true or false.", "bad_request"),
                ("stop", #"{"keep": "yes"}"#, "keep", "Keep must be true or false.", "bad_request"),
            ]
            let before = [gdPosition(try await player.state(workout).object()), try await lifts.get(workout).text]
            for (action, json, field, message, code) in bad {
                let response = try await player.act(workout, action, json: json)
                #expect(response.status == .badRequest, "\(action) \(json): \(response.text)")
                let error = try response.error()
                #expect(error.code == code, "\(json)")
                #expect(error.field == field, "\(json)")
                if let message { #expect(error.message == message, "\(json)") }
                let after = [gdPosition(try await player.state(workout).object()), try await lifts.get(workout).text]
                #expect(after == before, "\(action) \(json): nothing changed")
            }
            #expect(try await h.count("guided_sessions") == 1)
            #expect(try await h.count("workouts") == 1)
        }
    }

    @Test(
        "the player of a workout that has none, or of no workout, is not found; an empty timeline cannot be played",
        arguments: TestDatabase.all)
    func notFoundAndNothingToPlay(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let player = h.guided()
            let plain = wkID()
            try #require(try await lifts.start(plain).status == .created)
            for workout in [plain, wkID(), "not-a-uuid"] {
                let read = try await player.state(workout)
                #expect(read.status == .notFound, "\(workout)")
                #expect(try read.error().code == "not_found")
                for action in ["complete", "skip", "extend", "pause", "resume"] {
                    #expect(try await player.act(workout, action).status == .notFound, "\(action) on \(workout)")
                }
                #expect(try await player.stop(workout, keep: false).status == .notFound)
            }
            #expect(try await player.state(plain).error().message == "The guided workout was not found.")
            #expect(try await lifts.get(plain).status == .ok, "the plain workout is still there")

            let breaksOnly = try await api.newTemplate("Just Breathing", [], ["breaks": [gdBreak(0, 60)]])
            let refused = try await player.play(breaksOnly, workout: wkID())
            #expect(refused.status == .badRequest)
            #expect(try refused.error().field == "templateId")
            #expect(try refused.error().message == "Just Breathing has no exercise to play. Add one to its timeline first.")
            #expect(try await player.play(wkID(), workout: wkID()).status == .notFound)
            #expect(try await h.count("workouts") == 1)
            #expect(try await h.count("guided_sessions") == 0)
        }
    }

    @Test(
        "a preset can be played; a retry of play answers the same player; another active workout is replaced only when asked",
        arguments: TestDatabase.all)
    func presetAndRetry(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let player = h.guided()
            let workout = wkID()
            let first = try await player.play(startingStrengthA, workout: workout)
            #expect(first.status == .created, "\(first.text)")
            let started = try first.object()
            #expect(wkNone(started["templateId"]), "a preset is no template of the lifter's")
            #expect(started["phase"] as? String == "set")
            h.clock.advance(by: 5)
            _ = try await player.act(workout, "complete")
            let retry = try await player.play(startingStrengthA, workout: workout)
            #expect(retry.status == .created)
            #expect(try retry.object()["phase"] as? String == "rest", "where it is, not started over")
            #expect(try await h.count("workouts") == 1)

            let other = wkID()
            let busy = try await player.play(startingStrengthA, workout: other)
            #expect(busy.status == .conflict, "\(busy.text)")
            #expect(try await h.count("workouts") == 1)
            #expect(try await h.count("guided_sessions") == 1)
            let replaced = try await player.play(startingStrengthA, workout: other, ["replaceActive": true])
            #expect(replaced.status == .created, "\(replaced.text)")
            #expect(try await lifts.active().object()["id"] as? String == other)
        }
    }
}
