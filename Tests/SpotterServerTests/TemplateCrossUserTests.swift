import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Ben must never read, start, change or copy Ana's templates, nor reach her
/// workouts through the templates API: every attempt answers like an id that does
/// not exist, and her templates and workouts stay exactly as they were.
@Suite("One user never reaches another's templates")
struct TemplateCrossUserTests {
    /// Ana's template, a finished workout started from it, and her bench and squat ids.
    struct AnasSide {
        let template: String
        let rows: [String]
        let workout: String
    }

    static func anasSide(_ client: any TestClientProtocol, _ h: Harness) async throws -> AnasSide {
        let lifts = WorkoutCalls(client: client, token: h.anaToken)
        let ana = TemplateAPICalls(client: client, token: h.anaToken)
        let (bench, squat) = try await lifts.exercises(.bench, .squat)
        let template = try await ana.create(
            "Ana's Push Day", [tpRow(bench, ["notes": "pause"]), tpRow(squat, ["targetWeight": 100, "weightUnit": "kg"])],
            ["category": "strength", "notes": "Mondays"])
        let id = try #require(template["id"] as? String)
        let w = wkID()
        let started = try await ana.start(id, ["workoutId": w])
        try #require(started.status == .created, "\(started.text)")
        let entry = try #require(wkEntries(try started.object()).first)
        for set in wkIDs(wkSets(entry)) {
            try #require(
                try await lifts.set(w, try #require(entry["id"] as? String), set, ["reps": 6, "weight": 80, "done": true]).status
                    == .ok)
        }
        try #require(try await lifts.finish(w).status == .ok)
        return AnasSide(template: id, rows: wkIDs(tpExercises(template)), workout: w)
    }

    /// Everything of Ana's that Ben might reach, as text, and the row counts.
    static func snapshot(_ client: any TestClientProtocol, _ h: Harness, _ anas: AnasSide) async throws -> [String] {
        let lifts = WorkoutCalls(client: client, token: h.anaToken)
        let ana = TemplateAPICalls(client: client, token: h.anaToken)
        return [
            try await ana.get(anas.template).text, try await ana.list("archived=true").text, try await ana.exportAll().text,
            try await lifts.get(anas.workout).text, try await lifts.history().text,
            "\(try await h.count("workout_templates")) \(try await h.count("template_exercises"))",
            "\(try await h.count("workouts")) \(try await h.count("exercise_entries")) \(try await h.count("workout_sets"))",
        ]
    }

    @Test("her template answers 404 to every call of his, and nothing of hers changes", arguments: TestDatabase.all)
    func templateCalls(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let anas = try await Self.anasSide(client, h)
            let (benLifts, ben) = (h.workouts(.ben), h.templates(.ben))
            let bench = try await benLifts.exercise(.bench)
            // Ben has a finished workout and a template of his own.
            let (bw, _) = try await benLifts.logWorkout(
                exercises: [bench], sets: [(5, 60), (5, 60)], fields: ["name": "Ben's Bench"])
            #expect(try await benLifts.finish(bw).status == .ok)
            let bt = try await ben.newTemplate("Ben's Day", [tpRow(bench)])
            let bensTemplate = try await ben.get(bt).text

            let before = try await Self.snapshot(client, h, anas)
            #expect(before[0].contains("Ana's Push Day"))
            let t = anas.template

            var attempts: [(String, TestResponse)] = []
            func attempt(_ what: String, _ response: TestResponse) { attempts.append((what, response)) }
            attempt("GET", try await ben.get(t))
            attempt("PATCH", try await ben.patch(t, ["name": "Ben's now", "pinned": true, "archived": true]))
            attempt("DELETE", try await ben.delete(t))
            attempt("duplicate", try await ben.duplicate(t, as: wkID()))
            attempt("start", try await ben.start(t, ["workoutId": wkID()]))
            attempt("start, replacing", try await ben.start(t, ["workoutId": wkID(), "replaceActive": true]))
            attempt("start and tweak", try await ben.start(t, ["workoutId": wkID(), "exercises": [tpRow(bench)]]))
            attempt("update-preview from his workout", try await ben.preview(t, ["choice": "values", "workoutId": bw]))
            attempt("update from his workout", try await ben.update(t, ["choice": "both", "workoutId": bw]))
            attempt("update from her workout", try await ben.update(t, ["choice": "values", "workoutId": anas.workout]))
            attempt("update from a list", try await ben.update(t, ["choice": "structure", "exercises": [tpRow(bench)]]))
            attempt("export", try await ben.export(t))
            attempt("as a preset", try await ben.preset(t))
            attempt("use as a preset", try await ben.use(t, as: wkID()))
            for (what, response) in attempts {
                #expect(response.status == .notFound, "\(what) answered \(response.status): \(response.text)")
                if response.status == .notFound {
                    #expect(try response.error().code == "not_found", "\(what)")
                    #expect(
                        ["The template was not found.", "The preset was not found."].contains(try response.error().message),
                        "\(what): \(response.text)")
                }
            }
            #expect(try await Self.snapshot(client, h, anas) == before, "Ana's template and workouts are exactly as they were")
            #expect(try await benLifts.active().status == .notFound, "Ben started nothing")
            #expect(try await ben.get(bt).text == bensTemplate)

            // His library and his export never show her template, whatever he asks for.
            for query in [
                "", "archived=true", "search=ana", "search=push", "search=squat", "category=strength", "sort=name", "sort=edited",
            ] {
                #expect(
                    try await ben.names(query) == (query.contains("search=") || query.contains("category") ? [] : ["Ben's Day"]),
                    "\(query)")
            }
            let export = try await ben.exportAll()
            #expect(export.status == .ok)
            #expect((try export.object()["templates"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Ben's Day"])
            #expect(!export.text.contains("Ana"))
        }
    }

    @Test("he cannot save her workout as a template, nor update his own template from her workout", arguments: TestDatabase.all)
    func workoutsThroughTemplates(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let anas = try await Self.anasSide(client, h)
            let (benLifts, ben) = (h.workouts(.ben), h.templates(.ben))
            let (bench, squat) = try await benLifts.exercises(.bench, .squat)
            let bt = try await ben.newTemplate("Ben's Day", [tpRow(bench), tpRow(squat)])
            let before = try await Self.snapshot(client, h, anas)
            let bensTemplate = try await ben.get(bt).text

            let newID = wkID()
            let saved = try await ben.fromWorkout(["id": newID, "workoutId": anas.workout])
            #expect(saved.status == .notFound, "\(saved.text)")
            #expect(try saved.error().message == "The workout was not found.")
            let named = try await ben.fromWorkout(["id": wkID(), "workoutId": anas.workout, "name": "Stolen"])
            #expect(named.status == .notFound)
            #expect(try await ben.get(newID).status == .notFound)

            for choice in ["keep", "values", "structure", "both"] {
                for (what, response) in [
                    ("preview", try await ben.preview(bt, ["choice": choice, "workoutId": anas.workout])),
                    ("update", try await ben.update(bt, ["choice": choice, "workoutId": anas.workout])),
                ] {
                    #expect(response.status == .notFound, "\(what) \(choice): \(response.text)")
                    #expect(try response.error().message == "The workout was not found.", "\(what) \(choice)")
                }
            }
            #expect(try await ben.get(bt).text == bensTemplate, "his template is unchanged")
            #expect(try await ben.names() == ["Ben's Day"])
            #expect(try await Self.snapshot(client, h, anas) == before)
        }
    }

    @Test(
        "Ben reusing the ids of Ana's template, its rows or her workout is refused (4xx) and changes nothing of hers",
        arguments: TestDatabase.all)
    func reusedIDs(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let anas = try await Self.anasSide(client, h)
            let (benLifts, ben) = (h.workouts(.ben), h.templates(.ben))
            let bench = try await benLifts.exercise(.bench)
            let (bw, _) = try await benLifts.logWorkout(exercises: [bench], sets: [(5, 60)])
            #expect(try await benLifts.finish(bw).status == .ok)
            let bt = try await ben.newTemplate("Ben's Day", [tpRow(bench)])
            let before = try await Self.snapshot(client, h, anas)
            let bensTemplate = try await ben.get(bt).text
            let t = anas.template

            // PUT of her id: for Ben it is a new id, but it is taken.
            let put = try await ben.save(t, name: "Ben's Copy", [tpRow(bench, ["setCount": 1])])
            #expect(put.status == .conflict, "PUT with her template's id answered \(put.status): \(put.text)")
            if put.status == .conflict {
                #expect(try put.error().field == "id")
                #expect(try put.error().message == "This id is already in use. Make a new one and send the change again.")
            }
            #expect(try await Self.snapshot(client, h, anas) == before, "her template is unchanged")
            #expect(try await ben.get(t).status == .notFound, "and still not his")

            var attempts: [(String, TestResponse)] = []
            attempts.append(("duplicate his template as her id", try await ben.duplicate(bt, as: t)))
            attempts.append(("use a preset as her id", try await ben.use(startingStrengthA, as: t)))
            attempts.append(("save his workout as her id", try await ben.fromWorkout(["id": t, "workoutId": bw])))
            attempts.append(("start his template as her workout's id", try await ben.start(bt, ["workoutId": anas.workout])))
            for (what, response) in attempts {
                #expect((400..<500).contains(response.status.code), "\(what) answered \(response.status): \(response.text)")
                #expect(try await Self.snapshot(client, h, anas) == before, "\(what): nothing of hers changed")
            }
            #expect(try await ben.get(bt).text == bensTemplate, "his template was not marked used by the refused start")
            #expect(try await benLifts.active().status == .notFound)

            // The ids of her rows in his template are not taken over: his rows get ids of their own.
            let edited = try await ben.save(
                bt, [tpRow(bench, ["id": anas.rows[0], "setCount": 2]), tpRow(bench, ["id": anas.rows[1]])])
            #expect(edited.status == .ok, "\(edited.text)")
            let rows = wkIDs(tpExercises(try edited.object()))
            #expect(rows.count == 2)
            #expect(Set(rows).isDisjoint(with: anas.rows))
            #expect(
                try await Self.snapshot(client, h, anas).prefix(5) == before.prefix(5),
                "her template and workouts are as they were")
            #expect(try await ben.names() == ["Ben's Day"])
        }
    }

    @Test("without a token the templates API answers 401", arguments: TestDatabase.all)
    func anonymous(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let anas = try await Self.anasSide(client, h)
            let before = try await Self.snapshot(client, h, anas)
            let t = anas.template
            let calls: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/v1/templates", nil), (.get, "/api/v1/templates/\(t)", nil), (.get, "/api/v1/templates/export", nil),
                (.get, "/api/v1/templates/\(t)/export", nil), (.get, "/api/v1/template-presets", nil),
                (.put, "/api/v1/templates/\(t)", #"{"name": "x", "exercises": []}"#),
                (.patch, "/api/v1/templates/\(t)", #"{"pinned": true}"#),
                (.delete, "/api/v1/templates/\(t)", nil), (.post, "/api/v1/templates/\(t)/start", wkJSON(["workoutId": wkID()])),
                (.post, "/api/v1/templates/\(t)/duplicate", wkJSON(["id": wkID()])),
                (.post, "/api/v1/templates/\(t)/update", wkJSON(["choice": "both", "workoutId": anas.workout])),
                (.post, "/api/v1/templates/from-workout", wkJSON(["id": wkID(), "workoutId": anas.workout])),
                (
                    .post, "/api/v1/templates/import",
                    try await TemplateAPICalls(client: client, token: h.anaToken).exportAll().text
                ),
                (.post, "/api/v1/template-presets/\(startingStrengthA)/use", wkJSON(["id": wkID()])),
            ]
            for (method, path, json) in calls {
                let response = try await client.api(method, path, token: nil, json: json)
                #expect(response.status == .unauthorized, "\(method) \(path) answered \(response.status)")
            }
            #expect(try await Self.snapshot(client, h, anas) == before)
        }
    }
}
