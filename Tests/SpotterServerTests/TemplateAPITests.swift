import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Templates API")
struct TemplateAPITests {
    // MARK: Creating

    @Test(
        "a new template gets 3 sets of 8-12 with the lifter's rest, and reads back in the order it was built",
        arguments: TestDatabase.all)
    func createAndReadBack(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (bench, squat, press) = try await lifts.exercises(.bench, .squat, .press)

            let id = wkID()
            let created = try await api.save(
                id, name: "  Push   Day ",
                [
                    tpRow(squat), tpRow(bench),
                    tpRow(
                        press, ["setCount": 5, "repMin": 5, "repMax": 5, "restSeconds": 180, "notes": " strict, no leg drive "]),
                ])
            #expect(created.status == .created, "\(created.text)")
            let template = try created.object()
            #expect(template["id"] as? String == id)
            #expect(template["name"] as? String == "Push Day", "spaces are tidied")
            #expect(template["category"] as? String == "custom")
            #expect(template["notes"] as? String == "")
            #expect(template["isPreset"] as? Bool == false)
            #expect(template["pinned"] as? Bool == false)
            #expect(template["archived"] as? Bool == false)
            #expect(template["exerciseCount"] as? Int == 3)
            #expect(template["setCount"] as? Int == 11)
            #expect(template["estimatedDurationSeconds"] as? Int == 11 * 120, "two minutes a set")
            #expect(template["createdAt"] as? String == wkTime(testNow))
            #expect(template["updatedAt"] as? String == wkTime(testNow))
            #expect(wkNone(template["lastUsedAt"]), "never started")

            let rows = tpExercises(template)
            #expect(rows.map { $0["exerciseId"] as? String } == [squat, bench, press], "in the order sent")
            #expect(
                rows.map { $0["exerciseName"] as? String } == [
                    "Squat (Barbell)", "Bench Press (Barbell)", "Overhead Press (Barbell)",
                ])
            #expect(rows.map { $0["position"] as? Int } == [0, 1, 2])
            #expect(rows.map { $0["setCount"] as? Int } == [3, 3, 5])
            #expect(rows.map { $0["repMin"] as? Int } == [8, 8, 5])
            #expect(rows.map { $0["repMax"] as? Int } == [12, 12, 5])
            #expect(rows.map { $0["restSeconds"] as? Int } == [nil, nil, 180], "no rest given: the lifter's")
            #expect(rows.first?["restSeconds"] is NSNull)
            #expect(rows.map { $0["notes"] as? String } == ["", "", "strict, no leg drive"])
            for key in ["targetWeight", "weightUnit", "targetRPE", "targetDurationSeconds"] {
                #expect(tpColumn(template, key).allSatisfy(wkNone), "\(key) is unset")
            }
            #expect(Set(wkIDs(rows)).count == 3, "each row has its own id")

            let read = try await api.get(id)
            #expect(read.status == .ok)
            #expect(wkCanonical(try read.object()) == wkCanonical(template), "it reads back as it was answered")
            #expect(wkIDs(try await api.list().items()) == [id])
            #expect(try await h.count("workout_templates") == 1)
            #expect(try await h.count("template_exercises") == 3)

            // Sending the same template again (a retry) replaces it with itself.
            let before = try await api.get(id).text
            let again = try await api.save(
                id, name: "Push Day",
                rows.map { row in
                    var fields: [String: any Sendable] = [
                        "id": row["id"] as! String, "setCount": row["setCount"] as! Int, "repMin": row["repMin"] as! Int,
                        "repMax": row["repMax"] as! Int, "notes": row["notes"] as! String,
                    ]
                    if let rest = row["restSeconds"] as? Int { fields["restSeconds"] = rest }
                    return tpRow(row["exerciseId"] as! String, fields)
                })
            #expect(again.status == .ok)
            #expect(try await api.get(id).text == before)
            #expect(try await h.count("workout_templates") == 1)
            #expect(try await h.count("template_exercises") == 3)
        }
    }

    /// A bad template and what it must answer. Placeholders in `json`: `$BENCH` (a
    /// catalog exercise), `$MISSING` (an id nobody has), `$BENS_EXERCISE` (Ben's own).
    struct BadTemplate: Sendable, CustomTestStringConvertible {
        let json: String
        let field: String?
        let message: String?
        var status: HTTPResponse.Status = .badRequest
        var code = "validation_failed"
        /// Also sent over an existing template (not only as a new one).
        var replacing = true

        var testDescription: String { "\(json.prefix(90)) → \(field ?? code)" }
    }

    static let badTemplates: [BadTemplate] = {
        let bench = #"[{"exerciseId": "$BENCH"}]"#
        let sets = "Exercise 1: sets must be from 1 to 20."
        let reps = "Exercise 1: reps must be from 1 to 100."
        let categories = "The category must be one of: strength, hypertrophy, calisthenics, weightlifting, beginner, custom."
        let tooMany = "[" + Array(repeating: #"{"exerciseId": "$BENCH"}"#, count: 51).joined(separator: ", ") + "]"
        return [
            .init(json: #"{"name": "", "exercises": \#(bench)}"#, field: "name", message: "Give the template a name."),
            .init(json: #"{"name": "  \t ", "exercises": \#(bench)}"#, field: "name", message: "Give the template a name."),
            .init(json: #"{"exercises": \#(bench)}"#, field: "name", message: "Give the template a name.", replacing: false),
            .init(
                json: "{\"name\": \"\(String(repeating: "n", count: 101))\", \"exercises\": \(bench)}", field: "name",
                message: "The name is too long: at most 100 characters."),
            .init(
                json: #"{"name": "  push   DAY ", "exercises": \#(bench)}"#, field: "name",
                message: "You already have a template called Push Day. Choose another name.", status: .conflict, code: "conflict"),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "repMin": 12, "repMax": 8}]}"#,
                field: "exercises[0].repMin",
                message: "Exercise 1: the lowest reps (12) are more than the highest (8)."),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "repMin": 0}]}"#, field: "exercises[0].repMin",
                message: reps),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "repMax": 101}]}"#, field: "exercises[0].repMin",
                message: reps),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "setCount": 0}]}"#,
                field: "exercises[0].setCount", message: sets),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "setCount": 21}]}"#,
                field: "exercises[0].setCount", message: sets),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH"}, {"exerciseId": "$BENCH", "setCount": 21}]}"#,
                field: "exercises[1].setCount", message: "Exercise 2: sets must be from 1 to 20."),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH"}, {"exerciseId": "$MISSING"}]}"#,
                field: "exercises[1].exerciseId", message: "Exercise 2 is not in your library."),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENS_EXERCISE"}]}"#, field: "exercises[0].exerciseId",
                message: "Exercise 1 is not in your library."),
            .init(
                json: #"{"name": "Legs", "exercises": [{"setCount": 3}]}"#, field: "exercises[0].exerciseId",
                message: "Exercise 1: choose the exercise."),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "targetRPE": 5.5}]}"#,
                field: "exercises[0].targetRPE",
                message: "Exercise 1: RPE must be 6 to 10 in steps of 0.5."),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "targetWeight": 10, "weightUnit": "stone"}]}"#,
                field: "exercises[0].weightUnit", message: "Exercise 1: the weight unit must be kg or lb."),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "targetWeight": -5}]}"#,
                field: "exercises[0].targetWeight",
                message: "Exercise 1: the weight must be a number from 0 to 2000 kg."),
            .init(
                json: #"{"name": "Legs", "exercises": [{"exerciseId": "$BENCH", "restSeconds": 1801}]}"#,
                field: "exercises[0].restSeconds",
                message: "Exercise 1: rest must be between 0 and 1800 seconds."),
            .init(
                json: #"{"name": "Legs", "category": "cardio", "exercises": \#(bench)}"#, field: "category", message: categories),
            .init(
                json: #"{"name": "Legs", "exercises": \#(tooMany)}"#, field: "exercises",
                message: "A template holds at most 50 exercises."),
            .init(json: #"{"name": "Legs", "exercises": [{"exerciseId": "#, field: nil, message: nil, code: "bad_request"),
            .init(
                json: #"{"name": "Legs"}"#, field: "exercises",
                message: "Exercises is required: a list of objects (at most 50 items).", code: "bad_request"),
        ]
    }()

    // The bad inputs run one after another in one app per engine: dozens of apps
    // at once would open more PostgreSQL connections than a server allows.
    @Test("a bad template is refused with the problem named, and nothing is stored", arguments: TestDatabase.all)
    func badTemplate(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (bench, squat) = try await lifts.exercises(.bench, .squat)
            let bensExercise = try await h.createCustomExercise(.ben)
            let push = try await api.newTemplate("Push Day", [tpRow(bench)])
            let pull = try await api.newTemplate("Pull Day", [tpRow(squat), tpRow(bench)], ["category": "strength"])
            for input in Self.badTemplates {
                let json = input.json
                    .replacingOccurrences(of: "$BENCH", with: bench)
                    .replacingOccurrences(of: "$MISSING", with: wkID())
                    .replacingOccurrences(of: "$BENS_EXERCISE", with: bensExercise)

                func snapshot() async throws -> [String] {
                    [
                        try await api.list("archived=true&sort=name").text, try await api.get(push).text,
                        try await api.get(pull).text,
                        "\(try await h.count("workout_templates")) \(try await h.count("template_exercises"))",
                    ]
                }
                let before = try await snapshot()

                let new = wkID()
                var targets = [("a new template", new)]
                if input.replacing { targets.append(("over Pull Day", pull)) }
                for (what, id) in targets {
                    let response = try await h.client.api(.put, "/api/v1/templates/\(id)", token: h.anaToken, json: json)
                    #expect(response.status == input.status, "\(what) answered \(response.status): \(response.text)")
                    let error = try response.error()
                    #expect(error.code == input.code, "\(what)")
                    #expect(error.field == input.field, "\(what)")
                    if let message = input.message {
                        #expect(error.message == message, "\(what)")
                    } else {
                        #expect(!error.message.isEmpty)
                    }
                    #expect(try await snapshot() == before, "\(what): nothing changed")
                }
                #expect(try await api.get(new).status == .notFound, "the new template was not stored")
            }
        }
    }

    // MARK: Editing

    @Test(
        "editing is a draft: Save replaces the whole list, a refused Save or a cancel leaves it exactly as it was",
        arguments: TestDatabase.all)
    func editAsDraft(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, squat, press, deadlift) = try await lifts.exercises(.bench, .squat, .press, .deadlift)
            let id = wkID()
            let created = try await api.create(
                "Push Day", [tpRow(bench), tpRow(squat), tpRow(press)], ["notes": "Monday"], id: id)
            let original = wkIDs(tpExercises(created))
            try await api.create("Pull Day", [tpRow(deadlift)])

            // Squat out, press first, bench for 5 x 5, deadlifts added at the end.
            clock.advance(by: 600)
            let saved = try await api.save(
                id,
                [
                    tpRow(press, ["id": original[2]]),
                    tpRow(bench, ["id": original[0], "setCount": 5, "repMin": 5, "repMax": 5]),
                    tpRow(deadlift, ["setCount": 1, "repMin": 5, "repMax": 5]),
                ])
            #expect(saved.status == .ok, "\(saved.text)")
            let edited = try saved.object()
            #expect(edited["name"] as? String == "Push Day", "fields left out keep their value")
            #expect(edited["notes"] as? String == "Monday")
            #expect(edited["createdAt"] as? String == wkTime(testNow))
            #expect(edited["updatedAt"] as? String == wkTime(clock.now))
            let rows = tpExercises(edited)
            #expect(rows.map { $0["exerciseId"] as? String } == [press, bench, deadlift])
            #expect(rows.map { $0["position"] as? Int } == [0, 1, 2], "positions stay contiguous")
            #expect(Array(wkIDs(rows).prefix(2)) == [original[2], original[0]], "kept rows keep their ids")
            #expect(!original.contains(wkIDs(rows)[2]), "the new row gets a new id")
            #expect(rows.map { $0["setCount"] as? Int } == [3, 5, 1])
            #expect(rows.map { $0["repMin"] as? Int } == [8, 5, 5])
            #expect(rows.map { $0["repMax"] as? Int } == [12, 5, 5])
            #expect(edited["setCount"] as? Int == 9)
            #expect(edited["estimatedDurationSeconds"] as? Int == 9 * 120)
            #expect(try await h.count("template_exercises") == 4, "three rows here, one in Pull Day")
            #expect(wkCanonical(try await api.get(id).object()) == wkCanonical(edited))

            // A row naming an id that is not one of this template's rows, or naming one twice, gets a new id.
            let stranger = wkID()
            let doubled = try await api.save(
                id,
                [
                    tpRow(press, ["id": original[2]]), tpRow(press, ["id": original[2]]), tpRow(bench, ["id": stranger]),
                ])
            #expect(doubled.status == .ok)
            let doubledIDs = wkIDs(tpExercises(try doubled.object()))
            #expect(doubledIDs.first == original[2])
            #expect(Set(doubledIDs).count == 3)
            #expect(!doubledIDs.contains(stranger))

            // Back to the edited version, then every refused Save leaves it byte for byte.
            let restored = try await api.save(
                id,
                rows.map { row in
                    tpRow(
                        row["exerciseId"] as! String,
                        [
                            "id": row["id"] as! String, "setCount": row["setCount"] as! Int, "repMin": row["repMin"] as! Int,
                            "repMax": row["repMax"] as! Int,
                        ])
                })
            #expect(restored.status == .ok)
            let before = try await api.get(id).text
            let counts = "\(try await h.count("workout_templates")) \(try await h.count("template_exercises"))"
            clock.advance(by: 600)
            let refusals:
                [(what: String, body: [String: any Sendable], status: HTTPResponse.Status, field: String, message: String)] = [
                    (
                        "one row with its reps upside down",
                        [
                            "name": "Push Day II",
                            "exercises": [
                                tpRow(press, ["id": original[2]]), tpRow(bench, ["id": original[0], "repMin": 12, "repMax": 8]),
                            ],
                        ],
                        .badRequest, "exercises[1].repMin", "Exercise 2: the lowest reps (12) are more than the highest (8)."
                    ),
                    (
                        "one row with an exercise nobody has",
                        ["notes": "changed", "exercises": [tpRow(press, ["id": original[2], "setCount": 4]), tpRow(wkID())]],
                        .badRequest, "exercises[1].exerciseId", "Exercise 2 is not in your library."
                    ),
                    (
                        "a name another template has",
                        ["name": " pull DAY", "exercises": [tpRow(press, ["id": original[2], "setCount": 4])]],
                        .conflict, "name", "You already have a template called Pull Day. Choose another name."
                    ),
                    (
                        "an unknown category",
                        ["category": "cardio", "exercises": [tpRow(press)]],
                        .badRequest, "category",
                        "The category must be one of: strength, hypertrophy, calisthenics, weightlifting, beginner, custom."
                    ),
                ]
            for refusal in refusals {
                let response = try await api.put(id, refusal.body)
                #expect(response.status == refusal.status, "\(refusal.what): \(response.text)")
                #expect(try response.error().field == refusal.field, "\(refusal.what)")
                #expect(try response.error().message == refusal.message, "\(refusal.what)")
                #expect(try await api.get(id).text == before, "\(refusal.what): the template is unchanged")
                #expect("\(try await h.count("workout_templates")) \(try await h.count("template_exercises"))" == counts)
            }

            // Cancel: the lifter changes the draft and leaves without saving; nothing was sent.
            #expect(try await api.get(id).text == before)
            // Saving the draft as it is changes nothing, not even the edited time.
            let current = tpExercises(try await api.get(id).object())
            let unchanged = try await api.save(
                id, name: "Push Day",
                current.map { row in
                    tpRow(
                        row["exerciseId"] as! String,
                        [
                            "id": row["id"] as! String, "setCount": row["setCount"] as! Int, "repMin": row["repMin"] as! Int,
                            "repMax": row["repMax"] as! Int,
                        ])
                }, ["notes": "Monday", "category": "custom"])
            #expect(unchanged.status == .ok)
            #expect(try await api.get(id).text == before, "the edited time stays")
        }
    }

    // MARK: The library

    @Test("the library finds templates by their name or an exercise inside, and filters by category", arguments: TestDatabase.all)
    func searchAndFilter(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (bench, squat, press, deadlift) = try await lifts.exercises(.bench, .squat, .press, .deadlift)
            try await api.create("Push Day", [tpRow(bench), tpRow(press)], ["category": "hypertrophy"])
            try await api.create("Leg Day", [tpRow(squat), tpRow(deadlift)], ["category": "strength"])
            try await api.create("Shoulders", [tpRow(press)])

            #expect(try await api.names("sort=name") == ["Leg Day", "Push Day", "Shoulders"])
            #expect(try await api.names("search=push&sort=name") == ["Push Day"], "the template's name")
            #expect(try await api.names("search=SHOULD&sort=name") == ["Shoulders"], "any case, part of a word")
            #expect(try await api.names("search=squat&sort=name") == ["Leg Day"], "an exercise inside")
            #expect(try await api.names("search=back%20squat&sort=name") == ["Leg Day"], "an exercise's alias")
            #expect(try await api.names("search=press&sort=name") == ["Push Day", "Shoulders"])
            #expect(try await api.names("search=bench%20press&sort=name") == ["Push Day"], "every word must match")
            #expect(try await api.names("search=snatch") == [])
            #expect(try await api.names("category=strength") == ["Leg Day"])
            #expect(try await api.names("category=hypertrophy") == ["Push Day"])
            #expect(try await api.names("category=custom") == ["Shoulders"])
            #expect(try await api.names("category=beginner") == [])
            #expect(try await api.names("category=strength&search=press") == [])
            #expect(try await api.names("category=hypertrophy&search=press") == ["Push Day"])

            for (query, field, message) in [
                (
                    "category=cardio", "category",
                    "The category must be one of: strength, hypertrophy, calisthenics, weightlifting, beginner, custom."
                ),
                ("sort=popular", "sort", "Sort by pinned, name, created or edited."),
            ] {
                let response = try await api.list(query)
                #expect(response.status == .badRequest, "\(query): \(response.text)")
                #expect(try response.error().field == field)
                #expect(try response.error().message == message)
            }
            #expect(try await h.count("workout_templates") == 3)
        }
    }

    @Test("the library sorts by name, newest, last edited, and by pinned then last used", arguments: TestDatabase.all)
    func sorts(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, squat, press) = try await lifts.exercises(.bench, .squat, .press)
            let push = try await api.newTemplate("Push Day", [tpRow(bench)])
            clock.advance(by: 60)
            let legs = try await api.newTemplate("leg day", [tpRow(squat)])
            clock.advance(by: 60)
            let shoulders = try await api.newTemplate("Shoulders", [tpRow(press)])

            func ids(_ query: String) async throws -> [String] { wkIDs(try await api.list(query).items()) }
            #expect(try await ids("sort=name") == [legs, push, shoulders], "names sort without regard to case")
            #expect(try await ids("sort=created") == [shoulders, legs, push], "newest first")
            #expect(try await ids("") == [shoulders, legs, push], "never used: newest first")
            #expect(try await ids("sort=pinned") == [shoulders, legs, push])

            clock.advance(by: 60)
            #expect(try await api.patch(push, ["notes": "Bench first"]).status == .ok)
            #expect(try await ids("sort=edited") == [push, shoulders, legs], "last edited first")

            // Leg day is done first, push day later: the most recently used comes first.
            clock.advance(by: 60)
            let w1 = wkID()
            #expect(try await api.start(legs, ["workoutId": w1]).status == .created)
            #expect(try await lifts.finish(w1).status == .ok)
            clock.advance(by: 3_600)
            #expect(try await api.start(push, ["workoutId": wkID()]).status == .created)
            #expect(try await ids("") == [push, legs, shoulders], "used ones by last use, then never-used ones")
            #expect(try await ids("sort=edited") == [push, shoulders, legs], "starting a template is not editing it")

            // Pinned ones come first.
            let pinned = try await api.patch(shoulders, ["pinned": true])
            #expect(pinned.status == .ok)
            #expect(try pinned.object()["pinned"] as? Bool == true)
            #expect(try await ids("") == [shoulders, push, legs])
            #expect(try await ids("sort=pinned") == [shoulders, push, legs])
            #expect(try await ids("sort=name") == [legs, push, shoulders], "other sorts ignore pins")
            let unpinned = try await api.patch(shoulders, ["pinned": false])
            #expect(try unpinned.object()["pinned"] as? Bool == false)
            #expect(try await ids("") == [push, legs, shoulders])
            #expect(try await h.count("workout_templates") == 3)
        }
    }

    @Test("pin, archive and rename a template; an archived one hides until asked for", arguments: TestDatabase.all)
    func pinArchiveRename(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, squat) = try await lifts.exercises(.bench, .squat)
            let push = try await api.newTemplate("Push Day", [tpRow(bench)])
            let legs = try await api.newTemplate("Leg Day", [tpRow(squat)])
            let exercises = wkCanonical(try await api.get(push).object()["exercises"])

            clock.advance(by: 60)
            let archived = try await api.patch(push, ["archived": true])
            #expect(archived.status == .ok)
            #expect(try archived.object()["archived"] as? Bool == true)
            #expect(try await api.names() == ["Leg Day"], "archived templates leave the library")
            #expect(try await api.names("sort=name&archived=true") == ["Leg Day", "Push Day"], "archived=true shows them")
            #expect(try await api.get(push).status == .ok, "it can still be opened")
            #expect(try await api.names("search=push") == [])
            #expect(try await api.names("search=push&archived=true") == ["Push Day"])

            let restored = try await api.patch(push, ["archived": false])
            #expect(try restored.object()["archived"] as? Bool == false)
            #expect(try await api.names("sort=name") == ["Leg Day", "Push Day"])

            // Rename; the exercises stay as they were.
            clock.advance(by: 60)
            let renamed = try await api.patch(push, ["name": "  Chest   Day "])
            #expect(renamed.status == .ok)
            let body = try renamed.object()
            #expect(body["name"] as? String == "Chest Day")
            #expect(body["updatedAt"] as? String == wkTime(clock.now))
            #expect(wkCanonical(body["exercises"]) == exercises)
            #expect(try await api.names("sort=name") == ["Chest Day", "Leg Day"])
            let recategorised = try await api.patch(push, ["category": "strength", "notes": "Heavy"])
            #expect(try recategorised.object()["category"] as? String == "strength")
            #expect(try recategorised.object()["notes"] as? String == "Heavy")
            #expect(try recategorised.object()["name"] as? String == "Chest Day", "fields left out keep their value")

            // A rename to a taken name, or to nothing, is refused and changes nothing.
            let before = try await api.get(push).text
            let legsBefore = try await api.get(legs).text
            clock.advance(by: 60)
            for (fields, status, field, message) in [
                (
                    ["name": " LEG day "], HTTPResponse.Status.conflict, "name",
                    "You already have a template called Leg Day. Choose another name."
                ),
                (["name": "   "], .badRequest, "name", "Give the template a name."),
                (
                    ["name": "Fine", "category": "cardio"], .badRequest, "category",
                    "The category must be one of: strength, hypertrophy, calisthenics, weightlifting, beginner, custom."
                ),
            ] as [([String: any Sendable], HTTPResponse.Status, String, String)] {
                let response = try await api.patch(push, fields)
                #expect(response.status == status, "\(wkJSON(fields)): \(response.text)")
                #expect(try response.error().field == field)
                #expect(try response.error().message == message)
                #expect(try await api.get(push).text == before)
                #expect(try await api.get(legs).text == legsBefore)
            }
            // Its own name in another case is not a clash.
            let recased = try await api.patch(push, ["name": "CHEST DAY"])
            #expect(recased.status == .ok)
            #expect(try recased.object()["name"] as? String == "CHEST DAY")

            let missing = try await api.patch(wkID(), ["pinned": true])
            #expect(missing.status == .notFound)
            #expect(try missing.error().message == "The template was not found.")
            #expect(try await h.count("workout_templates") == 2)
        }
    }

    @Test(
        "duplicating makes Push Day (Copy), then Push Day (Copy 2), each a deep copy with new row ids",
        arguments: TestDatabase.all)
    func duplicate(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, press) = try await lifts.exercises(.bench, .press)
            let push = wkID()
            let original = try await api.create(
                "Push Day",
                [
                    tpRow(
                        bench,
                        [
                            "setCount": 5, "repMin": 5, "repMax": 5, "targetWeight": 100, "weightUnit": "kg", "targetRPE": 8,
                            "notes": "pause",
                        ]),
                    tpRow(press, ["restSeconds": 90]),
                ], ["category": "strength", "notes": "Monday"], id: push)
            #expect(try await api.patch(push, ["pinned": true]).status == .ok)
            let originalText = try await api.get(push).text

            clock.advance(by: 60)
            let c1 = wkID()
            let first = try await api.duplicate(push, as: c1)
            #expect(first.status == .created, "\(first.text)")
            let copy = try first.object()
            #expect(copy["id"] as? String == c1)
            #expect(copy["name"] as? String == "Push Day (Copy)")
            #expect(copy["category"] as? String == "strength")
            #expect(copy["notes"] as? String == "Monday")
            #expect(copy["pinned"] as? Bool == false, "a copy starts unpinned")
            #expect(copy["isPreset"] as? Bool == false)
            #expect(copy["createdAt"] as? String == wkTime(clock.now))
            #expect(wkNone(copy["lastUsedAt"]))
            #expect(tpPlan(copy) == tpPlan(original), "the same exercises, sets, reps, weights and notes")
            #expect(Set(wkIDs(tpExercises(copy))).isDisjoint(with: wkIDs(tpExercises(original))), "rows get new ids")

            let c2 = wkID()
            let second = try await api.duplicate(push, as: c2)
            #expect(second.status == .created)
            #expect(try second.object()["name"] as? String == "Push Day (Copy 2)")
            let c3 = wkID()
            let ofCopy = try await api.duplicate(c2, as: c3)
            #expect(try ofCopy.object()["name"] as? String == "Push Day (Copy 3)", "a copy of a copy counts on from the original")

            // A retry with the same id makes nothing twice.
            let retry = try await api.duplicate(push, as: c1)
            #expect(retry.status == .created)
            #expect(try retry.object()["name"] as? String == "Push Day (Copy)")
            #expect(try await h.count("workout_templates") == 4)
            #expect(try await h.count("template_exercises") == 8)

            // The copies are independent: editing one leaves the original alone.
            #expect(try await api.save(c1, [tpRow(press)]).status == .ok)
            #expect(try await api.delete(c2).status == .noContent)
            #expect(try await api.get(push).text == originalText)

            let missing = try await api.duplicate(wkID(), as: wkID())
            #expect(missing.status == .notFound)
            #expect(try missing.error().message == "The template was not found.")
            #expect(try await h.count("workout_templates") == 3)
        }
    }

    @Test("deleting a template removes it and its rows; it is gone for good, and past workouts stay", arguments: TestDatabase.all)
    func delete(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (bench, squat) = try await lifts.exercises(.bench, .squat)
            let push = try await api.newTemplate("Push Day", [tpRow(bench), tpRow(squat)])
            let legs = try await api.newTemplate("Leg Day", [tpRow(squat)])
            let w = wkID()
            #expect(try await api.start(push, ["workoutId": w]).status == .created)
            #expect(try await lifts.finish(w).status == .ok)
            let workout = try await lifts.get(w).text
            let legsBefore = try await api.get(legs).text

            let deleted = try await api.delete(push)
            #expect(deleted.status == .noContent)
            let gone = try await api.get(push)
            #expect(gone.status == .notFound)
            #expect(try gone.error().code == "not_found")
            #expect(try gone.error().message == "The template was not found.")
            #expect(try await api.names() == ["Leg Day"])
            #expect(try await api.names("archived=true") == ["Leg Day"])
            #expect(try await h.count("workout_templates") == 1)
            #expect(try await h.count("template_exercises") == 1, "its rows went with it")
            #expect(try await api.get(legs).text == legsBefore)
            #expect(try await lifts.get(w).text == workout, "the workout started from it is history and stays")

            let again = try await api.delete(push)
            #expect(again.status == .notFound)
            #expect(try await api.start(push, ["workoutId": wkID()]).status == .notFound)
            #expect(try await api.patch(push, ["pinned": true]).status == .notFound)
            // Its name is free again.
            #expect(try await api.save(wkID(), name: "Push Day", [tpRow(bench)]).status == .created)
        }
    }

    // MARK: Presets

    @Test(
        "the preset library holds the days of at least nine routines, read-only, and using one makes an own copy",
        arguments: TestDatabase.all)
    func presets(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (squat, bench, deadlift) = try await lifts.exercises(.squat, .bench, .deadlift)

            let listed = try await api.presets()
            #expect(listed.status == .ok)
            let presets = try listed.items()
            let routines = Set(presets.compactMap { ($0["name"] as? String)?.components(separatedBy: " - ").first })
            #expect(routines.count >= 9, "routines: \(routines.sorted())")
            #expect(presets.allSatisfy { $0["isPreset"] as? Bool == true })
            #expect(presets.allSatisfy { !tpExercises($0).isEmpty }, "every preset has its exercises in this catalog")
            #expect(Set(wkIDs(presets)).count == presets.count)
            let a = try #require(presets.first { $0["name"] as? String == "Starting Strength - Workout A" })
            #expect((a["id"] as? String)?.uppercased() == startingStrengthA)
            #expect(a["category"] as? String == "strength")
            #expect(tpColumn(a, "exerciseId").map { $0 as? String } == [squat, bench, deadlift])
            #expect(
                tpColumn(a, "exerciseName").map { $0 as? String } == [
                    "Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)",
                ])
            #expect(tpColumn(a, "setCount").map { $0 as? Int } == [3, 3, 1])
            #expect(tpColumn(a, "repMin").map { $0 as? Int } == [5, 5, 5])
            #expect(tpColumn(a, "repMax").map { $0 as? Int } == [5, 5, 5])

            let one = try await api.preset(startingStrengthA)
            #expect(one.status == .ok)
            #expect(wkCanonical(try one.object()) == wkCanonical(a))
            #expect(try await api.get(startingStrengthA).status == .ok, "a preset opens like a template")
            #expect(try await api.preset(wkID()).status == .notFound)
            #expect(try await api.list().items().isEmpty, "presets are not the lifter's own templates")
            let own = try await api.newTemplate("Mine", [tpRow(squat)])
            let notPreset = try await api.preset(own)
            #expect(notPreset.status == .notFound, "a template of one's own is not a preset")
            #expect(try notPreset.error().message == "The preset was not found.")
            #expect(try await api.delete(own).status == .noContent)

            // Read-only: every change is a 403 naming the way out.
            let before = try await api.preset(startingStrengthA).text
            let refusals: [(String, TestResponse, String)] = [
                ("PUT", try await api.save(startingStrengthA, name: "Mine", [tpRow(bench)]), "edit"),
                ("PATCH", try await api.patch(startingStrengthA, ["name": "Mine", "pinned": true]), "change"),
                ("DELETE", try await api.delete(startingStrengthA), "delete"),
                ("duplicate", try await api.duplicate(startingStrengthA, as: wkID()), "duplicate"),
                ("update", try await api.update(startingStrengthA, ["choice": "values", "exercises": [tpRow(bench)]]), "update"),
            ]
            for (what, response, action) in refusals {
                #expect(response.status == .forbidden, "\(what) answered \(response.status): \(response.text)")
                #expect(try response.error().code == "forbidden", "\(what)")
                #expect(
                    try response.error().message
                        == "Presets are read-only, so you cannot \(action) one. Use it to make your own copy, then \(action) that.",
                    "\(what)")
            }
            #expect(try await api.preset(startingStrengthA).text == before)
            #expect(try await h.count("workout_templates") == 0)
            #expect(try await h.count("template_exercises") == 0)

            // Use it: an own copy with a new id and new rows.
            let mine = wkID()
            let used = try await api.use(startingStrengthA, as: mine)
            #expect(used.status == .created, "\(used.text)")
            let copy = try used.object()
            #expect(copy["id"] as? String == mine)
            #expect(copy["name"] as? String == "Starting Strength - Workout A")
            #expect(copy["isPreset"] as? Bool == false)
            #expect(copy["category"] as? String == "strength")
            #expect(copy["notes"] as? String == a["notes"] as? String)
            #expect(tpPlan(copy) == tpPlan(a), "the same exercises, sets, reps, rest and notes")
            #expect(Set(wkIDs(tpExercises(copy))).isDisjoint(with: wkIDs(tpExercises(a))))
            #expect(try await api.names() == ["Starting Strength - Workout A"])
            #expect(try await api.preset(startingStrengthA).text == before, "the preset itself is unchanged")

            // The copy is the lifter's: it starts, and it can be edited.
            let w = wkID()
            let started = try await api.start(mine, ["workoutId": w])
            #expect(started.status == .created, "\(started.text)")
            #expect(try started.object()["templateId"] as? String == mine)
            #expect(wkEntries(try started.object()).map { $0["exerciseId"] as? String } == [squat, bench, deadlift])
            #expect(try await api.patch(mine, ["name": "My Workout A"]).status == .ok)

            // Used again (with the copy renamed back to the preset's name): "... (Copy)"; a retry makes nothing twice.
            #expect(try await api.patch(mine, ["name": "Starting Strength - Workout A"]).status == .ok)
            let second = wkID()
            let again = try await api.use(startingStrengthA, as: second)
            #expect(again.status == .created)
            #expect(try again.object()["name"] as? String == "Starting Strength - Workout A (Copy)")
            let retry = try await api.use(startingStrengthA, as: second)
            #expect(retry.status == .created)
            #expect(try retry.object()["id"] as? String == second)
            #expect(try await h.count("workout_templates") == 2)

            let unknown = try await api.use(wkID(), as: wkID())
            #expect(unknown.status == .notFound)
            #expect(try unknown.error().message == "The preset was not found.")
            #expect(try await h.count("workout_templates") == 2)
        }
    }

    @Test("a preset can be started as it is; the workout remembers no template of the lifter's", arguments: TestDatabase.all)
    func startPreset(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, _, h in
            let w = wkID()
            let started = try await api.start(startingStrengthA, ["workoutId": w])
            #expect(started.status == .created, "\(started.text)")
            let workout = try started.object()
            #expect(workout["name"] as? String == "Starting Strength - Workout A")
            #expect(wkNone(workout["templateId"]))
            #expect(wkEntries(workout).map { wkSets($0).count } == [3, 3, 1])
            #expect(try await h.count("workout_templates") == 0)
        }
    }

    // MARK: Starting

    @Test(
        "starting a template plans its sets: reps at the bottom of the range, the template's weight or else the last working weight",
        arguments: TestDatabase.all)
    func startPlansSets(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, press, squat) = try await lifts.exercises(.bench, .press, .squat)

            // Last week: bench 5 x 100 and 5 x 105, and a heavier warm-up single that is not a working weight.
            let (old, oldEntries) = try await lifts.logWorkout(exercises: [bench], sets: [(5, 100), (5, 105)])
            #expect(
                try await lifts.set(old, oldEntries[0], wkID(), ["kind": "warmup", "reps": 1, "weight": 120, "done": true]).status
                    == .ok)
            #expect(try await lifts.finish(old).status == .ok)
            // Two days later a session where bench got only a warm-up: no working weight there.
            clock.advance(by: 2 * 86_400)
            let (light, lightEntries) = try await lifts.logWorkout(exercises: [bench], sets: [])
            #expect(
                try await lifts.set(light, lightEntries[0], wkID(), ["kind": "warmup", "reps": 10, "weight": 40, "done": true])
                    .status == .ok)
            #expect(try await lifts.finish(light).status == .ok)

            clock.advance(by: 5 * 86_400)
            let edited = clock.now
            let t = wkID()
            try await api.create(
                "Push Day",
                [
                    tpRow(bench, ["setCount": 4, "repMin": 6, "repMax": 8]),
                    tpRow(press, ["targetWeight": 40, "weightUnit": "kg", "targetRPE": 8, "restSeconds": 90, "notes": "brace"]),
                    tpRow(squat, ["setCount": 2, "repMin": 5, "repMax": 5]),
                ], id: t)

            clock.advance(by: 60)
            let w = wkID()
            let started = try await api.start(t, ["workoutId": w])
            #expect(started.status == .created, "\(started.text)")
            let workout = try started.object()
            #expect(workout["id"] as? String == w)
            #expect(workout["isActive"] as? Bool == true)
            #expect(workout["templateId"] as? String == t)
            #expect(workout["name"] as? String == "Push Day")
            #expect(workout["startedAt"] as? String == wkTime(clock.now))
            let entries = wkEntries(workout)
            #expect(entries.map { $0["exerciseId"] as? String } == [bench, press, squat], "in the template's order")
            #expect(entries.map { wkSets($0).count } == [4, 3, 2])
            #expect(entries.map { $0["restSeconds"] as? Int } == [nil, 90, nil], "rows without a rest leave it to the lifter's")
            #expect(entries.map { $0["notes"] as? String } == ["", "brace", ""])
            let sets = entries.flatMap(wkSets)
            #expect(sets.allSatisfy { $0["done"] as? Bool == false && wkNone($0["loggedAt"]) }, "every set is planned, none done")
            #expect(sets.allSatisfy { $0["kind"] as? String == "working" })
            #expect(
                entries.map { wkSets($0).map { $0["reps"] as? Int } } == [[6, 6, 6, 6], [8, 8, 8], [5, 5]],
                "reps to reach: the bottom of the range")
            func target(_ set: [String: Any]) -> [String: Any] { set["target"] as? [String: Any] ?? [:] }
            #expect(entries.map { wkSets($0).map { target($0)["repMin"] as? Int } } == [[6, 6, 6, 6], [8, 8, 8], [5, 5]])
            #expect(entries.map { wkSets($0).map { target($0)["repMax"] as? Int } } == [[8, 8, 8, 8], [12, 12, 12], [5, 5]])
            #expect(wkSets(entries[1]).allSatisfy { wkNumber(target($0)["rpe"]) == 8 })
            #expect(wkSets(entries[0]).allSatisfy { wkNone(target($0)["rpe"]) })
            #expect(
                wkSets(entries[0]).allSatisfy { wkNumber($0["weight"]) == 105 && $0["weightUnit"] as? String == "kg" },
                "bench: the last working weight, not a warm-up")
            #expect(
                wkSets(entries[1]).allSatisfy { wkNumber($0["weight"]) == 40 && $0["weightUnit"] as? String == "kg" },
                "press: the template's weight")
            #expect(wkSets(entries[2]).allSatisfy { wkNone($0["weight"]) }, "squat: never done, no weight")
            #expect(wkSummary(workout)["setCount"] as? Int == 0)
            #expect(try await lifts.active().object()["id"] as? String == w)
            #expect(wkCanonical(try await lifts.get(w).object()["entries"]) == wkCanonical(workout["entries"]))

            let template = try await api.get(t).object()
            #expect(template["lastUsedAt"] as? String == wkTime(clock.now))
            #expect(template["updatedAt"] as? String == wkTime(edited), "starting is not editing")
            let templateText = try await api.get(t).text

            // A retry of the same start answers the same workout and makes nothing twice.
            clock.advance(by: 30)
            let again = try await api.start(t, ["workoutId": w])
            #expect(again.status == .created)
            #expect(try again.object()["id"] as? String == w)
            #expect(wkIDs(wkEntries(try again.object())) == wkIDs(entries))
            #expect(try await h.count("workouts") == 3)
            #expect(try await h.count("exercise_entries") == 2 + 3)
            #expect(try await h.count("workout_sets") == 4 + 9)
            #expect(try await api.get(t).text == templateText)
        }
    }

    @Test(
        "starting while another workout is in progress is a 409 that changes nothing, unless the lifter chooses to replace it",
        arguments: TestDatabase.all)
    func startWhileActive(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, squat) = try await lifts.exercises(.bench, .squat)
            let (old, _) = try await lifts.logWorkout(exercises: [bench], sets: [(5, 100), (5, 100)], fields: ["name": "Chest"])
            let t = try await api.newTemplate("Leg Day", [tpRow(squat), tpRow(bench)])

            func snapshot() async throws -> [String] {
                [
                    try await lifts.get(old).text, try await lifts.active().text, try await api.get(t).text,
                    "\(try await h.count("workouts")) \(try await h.count("exercise_entries")) \(try await h.count("workout_sets"))",
                ]
            }
            // (An active workout's duration follows the clock, so the clock moves first.)
            clock.advance(by: 60)
            let before = try await snapshot()
            let new = wkID()
            for extra in [[:], ["replaceActive": false]] as [[String: any Sendable]] {
                var body = extra
                body["workoutId"] = new
                let refused = try await api.start(t, body)
                #expect(refused.status == .conflict, "\(refused.text)")
                #expect(try refused.error().code == "conflict")
                #expect(
                    try refused.error().message == "Chest is still in progress. Resume it, or discard it and start the new one.")
                #expect(try await lifts.get(new).status == .notFound, "nothing was started")
                #expect(try await snapshot() == before, "the workout in progress and the template are as they were")
            }

            let replaced = try await api.start(t, ["workoutId": new, "replaceActive": true])
            #expect(replaced.status == .created, "\(replaced.text)")
            #expect(try replaced.object()["templateId"] as? String == t)
            #expect(
                wkEntries(try replaced.object()).flatMap(wkSets).allSatisfy { wkNone($0["weight"]) },
                "the discarded workout's bench sets are not a finished workout's working weight")
            #expect(try await lifts.active().object()["id"] as? String == new)
            #expect(try await lifts.get(old).status == .notFound, "the old workout was discarded")
            #expect(try await api.get(t).object()["lastUsedAt"] as? String == wkTime(clock.now))
            #expect(try await h.count("workouts") == 1)
            #expect(try await h.count("exercise_entries") == 2)
            #expect(try await h.count("workout_sets") == 6)
        }
    }

    @Test(
        "a started workout is a copy: editing, renaming or deleting the template later never changes it",
        arguments: TestDatabase.all)
    func startedWorkoutIsACopy(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, squat) = try await lifts.exercises(.bench, .squat)
            let t = try await api.newTemplate("Push Day", [tpRow(bench), tpRow(squat, ["targetWeight": 100])])
            // One finished workout from it, and one in progress.
            let past = wkID()
            #expect(try await api.start(t, ["workoutId": past]).status == .created)
            #expect(try await lifts.finish(past).status == .ok)
            clock.advance(by: 86_400)
            let w = wkID()
            #expect(try await api.start(t, ["workoutId": w]).status == .created)
            // (An active workout's duration follows the clock, so the clock moves first.)
            clock.advance(by: 60)
            let pastBefore = try await lifts.get(past).text
            let before = try await lifts.get(w).text

            let edited = try await api.save(
                t, name: "Push Day v2", [tpRow(bench, ["setCount": 5, "repMin": 5, "repMax": 5, "targetWeight": 200])])
            #expect(edited.status == .ok)
            #expect(try await lifts.get(w).text == before, "the workout in progress is unchanged")
            #expect(try await lifts.get(past).text == pastBefore, "the past workout is unchanged")
            #expect(try await api.patch(t, ["name": "Renamed", "archived": true]).status == .ok)
            #expect(try await lifts.get(w).text == before)
            #expect(try await api.delete(t).status == .noContent)
            #expect(try await lifts.get(w).text == before, "even deleting the template leaves the workout")
            #expect(try await lifts.get(past).text == pastBefore)
            #expect(try await h.count("workout_sets") == 2 * (3 + 3))
        }
    }

    @Test("start and tweak: today's list changes this workout only; an empty list is refused", arguments: TestDatabase.all)
    func startAndTweak(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, squat, press) = try await lifts.exercises(.bench, .squat, .press)
            let t = wkID()
            let created = try await api.create("Push Day", [tpRow(bench), tpRow(squat), tpRow(press)], id: t)
            let rows = wkIDs(tpExercises(created))
            let plan = tpPlan(created)
            let exercises = wkCanonical(created["exercises"])

            // Refused tweaks start nothing and change nothing.
            let before = try await api.get(t).text
            for (today, field, message) in [
                ([], "exercises", "Keep at least one exercise for today, or start an empty workout."),
                ([tpRow(bench, ["setCount": 0])], "exercises[0].setCount", "Exercise 1: sets must be from 1 to 20."),
                ([tpRow(bench), tpRow(wkID())], "exercises[1].exerciseId", "Exercise 2 is not in your library."),
                (
                    [tpRow(bench, ["repMin": 10, "repMax": 6])], "exercises[0].repMin",
                    "Exercise 1: the lowest reps (10) are more than the highest (6)."
                ),
            ] as [([[String: any Sendable]], String, String)] {
                let w = wkID()
                let refused = try await api.start(t, ["workoutId": w, "exercises": today])
                #expect(refused.status == .badRequest, "\(wkJSON(["exercises": today])): \(refused.text)")
                #expect(try refused.error().field == field)
                #expect(try refused.error().message == message)
                #expect(try await lifts.get(w).status == .notFound)
                #expect(try await h.count("workouts") == 0)
                #expect(try await api.get(t).text == before)
            }

            // Today: no squats, bench for 5 x 3-5.
            clock.advance(by: 60)
            let w = wkID()
            let started = try await api.start(
                t,
                [
                    "workoutId": w,
                    "exercises": [
                        tpRow(bench, ["id": rows[0], "setCount": 5, "repMin": 3, "repMax": 5]), tpRow(press, ["id": rows[2]]),
                    ],
                ])
            #expect(started.status == .created, "\(started.text)")
            let entries = wkEntries(try started.object())
            #expect(entries.map { $0["exerciseId"] as? String } == [bench, press])
            #expect(entries.map { wkSets($0).count } == [5, 3])
            #expect(wkSets(entries[0]).allSatisfy { $0["reps"] as? Int == 3 })
            #expect(wkSets(entries[0]).allSatisfy { ($0["target"] as? [String: Any])?["repMax"] as? Int == 5 })
            #expect(wkSets(entries[1]).allSatisfy { $0["reps"] as? Int == 8 })
            #expect(try started.object()["templateId"] as? String == t)

            let template = try await api.get(t).object()
            #expect(wkCanonical(template["exercises"]) == exercises, "the template keeps its own list")
            #expect(tpPlan(template) == plan)
            #expect(template["updatedAt"] as? String == wkTime(testNow))
            #expect(template["lastUsedAt"] as? String == wkTime(clock.now))
            #expect(try await h.count("template_exercises") == 3)
        }
    }

    // MARK: Updating from a workout

    @Test(
        "after a workout from a template, each update choice is previewed without saving, then applied as previewed",
        arguments: TestDatabase.all)
    func updateFromWorkout(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, squat, press) = try await lifts.exercises(.bench, .squat, .press)
            let t = wkID()
            let created = try await api.create(
                "Push Day",
                [
                    tpRow(bench), tpRow(squat, ["repMin": 3, "repMax": 5, "targetWeight": 100, "weightUnit": "kg"]), tpRow(press),
                ], id: t)
            let rows = wkIDs(tpExercises(created))

            // The workout: bench 10, 9, 8 and an extra 8 (plus a warm-up), squat two sets of 5 at 110, press skipped.
            clock.advance(by: 86_400)
            let w = wkID()
            let started = try await api.start(t, ["workoutId": w])
            try #require(started.status == .created, "\(started.text)")
            let entries = wkEntries(try started.object())
            let benchEntry = try #require(entries[0]["id"] as? String)
            let squatEntry = try #require(entries[1]["id"] as? String)
            for (set, reps) in zip(wkIDs(wkSets(entries[0])), [10, 9, 8]) {
                #expect(try await lifts.set(w, benchEntry, set, ["reps": reps, "weight": 60, "done": true]).status == .ok)
            }
            #expect(try await lifts.set(w, benchEntry, wkID(), ["reps": 8, "weight": 62.5, "done": true]).status == .ok)
            #expect(
                try await lifts.set(w, benchEntry, wkID(), ["kind": "warmup", "reps": 20, "weight": 20, "done": true]).status
                    == .ok)
            for set in wkIDs(wkSets(entries[1])).prefix(2) {
                #expect(try await lifts.set(w, squatEntry, set, ["reps": 5, "weight": 110, "done": true]).status == .ok)
            }
            clock.advance(by: 3_600)
            #expect(try await lifts.finish(w).status == .ok)

            let benchChange = "Bench Press (Barbell): 3 x 8-12 -> 4 x 8-10"
            let squatChange = "Squat (Barbell): 3 x 3-5 @ 100 kg -> 2 x 5 @ 110 kg"
            let pressRemoved = "Remove Overhead Press (Barbell)"
            let expected:
                [(choice: String, changes: [String], ids: [String], sets: [Int], repMin: [Int], repMax: [Int], weight: [Double?])] =
                    [
                        ("keep", [], rows, [3, 3, 3], [8, 3, 8], [12, 5, 12], [nil, 100, nil]),
                        ("values", [benchChange, squatChange], rows, [4, 2, 3], [8, 5, 8], [10, 5, 12], [nil, 110, nil]),
                        ("structure", [pressRemoved], Array(rows.prefix(2)), [3, 3], [8, 3], [12, 5], [nil, 100]),
                        (
                            "both", [benchChange, squatChange, pressRemoved], Array(rows.prefix(2)), [4, 2], [8, 5], [10, 5],
                            [nil, 110]
                        ),
                    ]
            let before = try await api.get(t).text
            clock.advance(by: 60)
            var previews: [String: String] = [:]
            for choice in expected {
                let response = try await api.preview(t, ["choice": choice.choice, "workoutId": w])
                #expect(response.status == .ok, "\(choice.choice): \(response.text)")
                let body = try response.object()
                #expect(body["choice"] as? String == choice.choice)
                #expect(body["applied"] as? Bool == false)
                #expect(body["changes"] as? [String] == choice.changes, "\(choice.choice)")
                let template = try #require(body["template"] as? [String: Any])
                #expect(wkIDs(tpExercises(template)) == choice.ids, "\(choice.choice): rows it keeps keep their ids")
                #expect(tpColumn(template, "setCount").map { $0 as? Int } == choice.sets, "\(choice.choice)")
                #expect(tpColumn(template, "repMin").map { $0 as? Int } == choice.repMin, "\(choice.choice)")
                #expect(tpColumn(template, "repMax").map { $0 as? Int } == choice.repMax, "\(choice.choice)")
                #expect(
                    tpColumn(template, "targetWeight").map(wkNumber) == choice.weight,
                    "\(choice.choice): a template without a weight keeps leaving it to history")
                #expect(tpColumn(template, "position").map { $0 as? Int } == Array(0..<choice.ids.count))
                previews[choice.choice] = wkCanonical(template["exercises"])
                #expect(try await api.get(t).text == before, "\(choice.choice): a preview changes nothing")
            }
            #expect(try await h.count("template_exercises") == 3)

            // Keep: nothing changes, not even the edited time.
            let kept = try await api.update(t, ["choice": "keep", "workoutId": w])
            #expect(kept.status == .ok)
            #expect(try kept.object()["applied"] as? Bool == true)
            #expect(try kept.object()["changes"] as? [String] == [])
            #expect(try await api.get(t).text == before)

            // Values: as previewed.
            let values = try await api.update(t, ["choice": "values", "workoutId": w])
            #expect(values.status == .ok, "\(values.text)")
            #expect(try values.object()["applied"] as? Bool == true)
            #expect(try values.object()["changes"] as? [String] == [benchChange, squatChange])
            let applied = try #require(try values.object()["template"] as? [String: Any])
            #expect(wkCanonical(applied["exercises"]) == previews["values"], "the same as the preview")
            #expect(applied["updatedAt"] as? String == wkTime(clock.now))
            let stored = try await api.get(t).object()
            #expect(wkCanonical(stored) == wkCanonical(applied))
            #expect(stored["setCount"] as? Int == 9)

            // The same update again changes nothing more.
            let afterValues = try await api.get(t).text
            let twice = try await api.update(t, ["choice": "values", "workoutId": w])
            #expect(try twice.object()["changes"] as? [String] == [])
            #expect(try await api.get(t).text == afterValues)

            // Structure: the skipped press goes; bench and squat keep their (updated) values.
            let structure = try await api.update(t, ["choice": "structure", "workoutId": w])
            #expect(structure.status == .ok)
            #expect(try structure.object()["changes"] as? [String] == [pressRemoved])
            let final = try await api.get(t).object()
            #expect(wkIDs(tpExercises(final)) == Array(rows.prefix(2)))
            #expect(tpColumn(final, "exerciseId").map { $0 as? String } == [bench, squat])
            #expect(tpColumn(final, "setCount").map { $0 as? Int } == [4, 2])
            #expect(try await h.count("template_exercises") == 2)
        }
    }

    @Test(
        "the update choices also take today's tweaked list: moves, additions and removals in words", arguments: TestDatabase.all)
    func updateFromTodaysList(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (bench, squat, press, deadlift) = try await lifts.exercises(.bench, .squat, .press, .deadlift)
            let t = wkID()
            let rows = wkIDs(tpExercises(try await api.create("Push Day", [tpRow(bench), tpRow(squat), tpRow(press)], id: t)))
            let before = try await api.get(t).text
            // Today: press first, bench for 5 x 5, no squats, deadlifts added.
            let today: [[String: any Sendable]] = [
                tpRow(press, ["id": rows[2]]), tpRow(bench, ["id": rows[0], "setCount": 5, "repMin": 5, "repMax": 5]),
                tpRow(deadlift),
            ]
            let expected: [(choice: String, changes: [String], exercises: [String])] = [
                ("keep", [], [bench, squat, press]),
                ("values", ["Bench Press (Barbell): 3 x 8-12 -> 5 x 5"], [bench, squat, press]),
                (
                    "structure",
                    [
                        "New order: Overhead Press (Barbell), Bench Press (Barbell), Deadlift (Barbell)",
                        "Add Deadlift (Barbell): 3 x 8-12", "Remove Squat (Barbell)",
                    ],
                    [press, bench, deadlift]
                ),
                (
                    "both",
                    [
                        "New order: Overhead Press (Barbell), Bench Press (Barbell), Deadlift (Barbell)",
                        "Bench Press (Barbell): 3 x 8-12 -> 5 x 5", "Add Deadlift (Barbell): 3 x 8-12", "Remove Squat (Barbell)",
                    ],
                    [press, bench, deadlift]
                ),
            ]
            for item in expected {
                let preview = try await api.preview(t, ["choice": item.choice, "exercises": today])
                #expect(preview.status == .ok, "\(item.choice): \(preview.text)")
                #expect(try preview.object()["changes"] as? [String] == item.changes, "\(item.choice)")
                let template = try #require(try preview.object()["template"] as? [String: Any])
                #expect(tpColumn(template, "exerciseId").map { $0 as? String } == item.exercises, "\(item.choice)")
                #expect(try await api.get(t).text == before, "\(item.choice): a preview changes nothing")
            }
            let applied = try await api.update(t, ["choice": "both", "exercises": today])
            #expect(applied.status == .ok, "\(applied.text)")
            let stored = try await api.get(t).object()
            #expect(tpColumn(stored, "exerciseId").map { $0 as? String } == [press, bench, deadlift])
            #expect(Array(wkIDs(tpExercises(stored)).prefix(2)) == [rows[2], rows[0]], "kept rows keep their ids")
            #expect(tpColumn(stored, "setCount").map { $0 as? Int } == [3, 5, 3])
            #expect(tpColumn(stored, "position").map { $0 as? Int } == [0, 1, 2])
            #expect(try await h.count("template_exercises") == 3)
        }
    }

    @Test("a bad update is refused with the reason, and the template is unchanged", arguments: TestDatabase.all)
    func badUpdate(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let bench = try await lifts.exercise(.bench)
            let t = try await api.newTemplate("Push Day", [tpRow(bench)])
            let done = wkID()
            let started = try await api.start(t, ["workoutId": done])
            let first = try #require(wkEntries(try started.object()).first)
            let entry = try #require(first["id"] as? String)
            let set = try #require(wkIDs(wkSets(first)).first)
            #expect(try await lifts.set(done, entry, set, ["reps": 5, "weight": 60, "done": true]).status == .ok)
            #expect(try await lifts.finish(done).status == .ok)
            // A workout from the template where nothing was done.
            let empty = wkID()
            #expect(try await api.start(t, ["workoutId": empty]).status == .created)
            #expect(try await lifts.finish(empty).status == .ok)
            // A finished workout from another template.
            let other = try await api.newTemplate("Pull Day", [tpRow(bench)])
            let elsewhere = wkID()
            let otherEntry = try #require(wkEntries(try await api.start(other, ["workoutId": elsewhere]).object()).first)
            let otherSet = try #require(wkIDs(wkSets(otherEntry)).first)
            #expect(
                try await lifts.set(elsewhere, otherEntry["id"] as! String, otherSet, ["reps": 8, "done": true]).status == .ok)
            #expect(try await lifts.finish(elsewhere).status == .ok)
            let before = try await api.get(t).text

            let cases: [(body: [String: any Sendable], status: HTTPResponse.Status, field: String?, message: String)] = [
                (["choice": "replace", "workoutId": done], .badRequest, "choice", "Choose keep, values, structure or both."),
                (["choice": "VALUES", "workoutId": done], .badRequest, "choice", "Choose keep, values, structure or both."),
                (
                    ["choice": "values"], .badRequest, "workoutId",
                    "Send either workoutId or exercises: where the new values come from."
                ),
                (
                    ["choice": "values", "workoutId": done, "exercises": [tpRow(bench)]], .badRequest, "workoutId",
                    "Send either workoutId or exercises: where the new values come from."
                ),
                (["choice": "values", "workoutId": wkID()], .notFound, nil, "The workout was not found."),
                (
                    ["choice": "values", "workoutId": empty], .badRequest, "workoutId",
                    "This workout has no completed working sets to take values from."
                ),
                (
                    ["choice": "values", "workoutId": elsewhere], .badRequest, "workoutId",
                    "This workout was not started from Push Day, so it cannot update it."
                ),
                (
                    ["choice": "values", "exercises": [] as [[String: any Sendable]]], .badRequest, "exercises",
                    "Keep at least one exercise for today, or start an empty workout."
                ),
            ]
            for item in cases {
                for (what, response) in [
                    ("preview", try await api.preview(t, item.body)), ("update", try await api.update(t, item.body)),
                ] {
                    #expect(response.status == item.status, "\(what) \(wkJSON(item.body)): \(response.text)")
                    #expect(try response.error().field == item.field, "\(what) \(wkJSON(item.body))")
                    #expect(try response.error().message == item.message, "\(what) \(wkJSON(item.body))")
                    #expect(try await api.get(t).text == before)
                }
            }
            let missing = try await api.update(wkID(), ["choice": "values", "workoutId": done])
            #expect(missing.status == .notFound)
            #expect(try missing.error().message == "The template was not found.")
            #expect(try await h.count("template_exercises") == 2)
        }
    }

    @Test(
        "starts raced by a double tap or two tabs never fail hard: each is started or already replaced, and one workout is left active",
        arguments: TestDatabase.all)
    func racingStarts(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let bench = try await lifts.exercise(.bench)
            let t = try await api.newTemplate("Push Day", [tpRow(bench), tpRow(bench, ["setCount": 5])])
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await api.start(t, ["workoutId": wkID(), "replaceActive": true]).status }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            // 503 (with Retry-After) is the answer of a request that waited too long for the
            // database, as on a machine running the whole suite at once: sent again, it starts.
            #expect(statuses.allSatisfy { $0 == .created || $0 == .notFound || $0 == .serviceUnavailable }, "\(statuses)")
            #expect(statuses.contains(.created))
            #expect(try await h.count("workouts") == 1, "one active workout, the others discarded")
            #expect(try await h.count("workout_sets") == 8)
        }
    }

    @Test(
        "a timed exercise without a time gets 30 s a set, never reps: a plank is held, not counted", arguments: TestDatabase.all)
    func timedDefault(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let (plank, squat) = try await lifts.exercises(.plank, .squat)
            let created = try await api.create("Core", [tpRow(plank), tpRow(plank, ["targetDurationSeconds": 45]), tpRow(squat)])
            #expect(tpColumn(created, "targetDurationSeconds").map { $0 as? Int } == [30, 45, nil])
            let t = created["id"] as! String
            // Saved again without times (as an API client that leaves them out): still held.
            let saved = try await api.put(t, ["exercises": [tpRow(plank), tpRow(squat)]])
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(tpColumn(try saved.object(), "targetDurationSeconds").map { $0 as? Int } == [30, nil])
            let started = try await api.start(t, ["workoutId": wkID()])
            let plankSets = wkSets(try #require(wkEntries(try started.object()).first))
            #expect(plankSets.map { $0["durationSeconds"] as? Int } == [30, 30, 30])
            #expect(plankSets.allSatisfy { wkNone($0["reps"]) })
        }
    }

    // MARK: Saving a workout as a template

    @Test(
        "save a workout as a template: completed working sets and their reps, warm-ups and skipped exercises left out",
        arguments: TestDatabase.all)
    func saveWorkoutAsTemplate(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let (bench, squat, deadlift) = try await lifts.exercises(.bench, .squat, .deadlift)
            let w = wkID()
            let (b, s, d) = (wkID(), wkID(), wkID())
            #expect(try await lifts.start(w).status == .created)
            #expect(try await lifts.entry(w, b, ["exerciseId": bench]).status == .ok)
            #expect(try await lifts.entry(w, s, ["exerciseId": squat, "restSeconds": 180, "notes": "belt"]).status == .ok)
            #expect(try await lifts.entry(w, d, ["exerciseId": deadlift]).status == .ok)
            let logged: [(String, [String: any Sendable])] = [
                (b, ["kind": "warmup", "reps": 12, "weight": 40, "done": true]),
                (b, ["reps": 5, "weight": 100, "done": true]),
                (b, ["reps": 6, "weight": 100, "done": true]),
                (b, ["reps": 8, "weight": 90, "done": true]),
                (b, ["reps": 3, "weight": 110]),
                (s, ["reps": 5, "weight": 140, "done": true]),
                (s, ["kind": "drop", "reps": 12, "weight": 100, "done": true]),
                (d, ["kind": "warmup", "reps": 5, "weight": 60, "done": true]),
            ]
            for (entry, fields) in logged {
                #expect(try await lifts.set(w, entry, wkID(), fields).status == .ok)
            }
            clock.advance(by: 3_600)
            #expect(try await lifts.finish(w).status == .ok)
            let workout = try await lifts.get(w).text

            let t = wkID()
            let saved = try await api.fromWorkout(["id": t, "workoutId": w])
            #expect(saved.status == .created, "\(saved.text)")
            let template = try saved.object()
            #expect(template["id"] as? String == t)
            let expectedName = tpDayName(testNow, timeZone: "UTC")
            #expect(expectedName == "Workout on Sep 21")
            #expect(template["name"] as? String == expectedName)
            #expect(template["category"] as? String == "custom")
            #expect(tpColumn(template, "exerciseId").map { $0 as? String } == [bench, squat], "the deadlift had no working set")
            #expect(tpColumn(template, "setCount").map { $0 as? Int } == [3, 1], "completed working sets only")
            #expect(tpColumn(template, "repMin").map { $0 as? Int } == [5, 5])
            #expect(tpColumn(template, "repMax").map { $0 as? Int } == [8, 5])
            #expect(
                tpColumn(template, "restSeconds").map { $0 as? Int } == [nil, 180],
                "an entry without a rest of its own gives a row without one")
            #expect(tpColumn(template, "notes").map { $0 as? String } == ["", "belt"])
            #expect(tpColumn(template, "targetWeight").allSatisfy(wkNone), "a new template leaves weights to history")
            #expect(try await lifts.get(w).text == workout, "the workout is unchanged")

            // A retry with the same id makes nothing twice.
            let retry = try await api.fromWorkout(["id": t, "workoutId": w])
            #expect(retry.status == .created)
            #expect(try retry.object()["id"] as? String == t)
            #expect(try await h.count("workout_templates") == 1)

            // A name and category of the lifter's choosing.
            let named = try await api.fromWorkout(["id": wkID(), "workoutId": w, "name": "Heavy Bench", "category": "strength"])
            #expect(named.status == .created)
            #expect(try named.object()["name"] as? String == "Heavy Bench")
            #expect(try named.object()["category"] as? String == "strength")
            #expect(try await h.count("workout_templates") == 2)

            for (fields, status, field, message) in [
                (
                    ["name": "heavy bench"], HTTPResponse.Status.conflict, "name",
                    "You already have a template called Heavy Bench. Choose another name."
                ),
                (["name": " "], .badRequest, "name", "Give the template a name."),
                (
                    ["category": "cardio"], .badRequest, "category",
                    "The category must be one of: strength, hypertrophy, calisthenics, weightlifting, beginner, custom."
                ),
            ] as [([String: any Sendable], HTTPResponse.Status, String, String)] {
                var body = fields
                body["id"] = wkID()
                body["workoutId"] = w
                let refused = try await api.fromWorkout(body)
                #expect(refused.status == status, "\(wkJSON(fields)): \(refused.text)")
                #expect(try refused.error().field == field)
                #expect(try refused.error().message == message)
            }
            let unknown = try await api.fromWorkout(["id": wkID(), "workoutId": wkID()])
            #expect(unknown.status == .notFound)
            #expect(try unknown.error().message == "The workout was not found.")
            #expect(try await h.count("workout_templates") == 2)
            #expect(try await h.count("template_exercises") == 4)
        }
    }

    @Test("the suggested name is the workout's day in the lifter's time zone", arguments: TestDatabase.all)
    func saveAsTemplateNameInTimeZone(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let bench = try await lifts.exercise(.bench)
            #expect(try await lifts.settings(["timeZone": "Pacific/Auckland"]).status == .ok)
            let (w, _) = try await lifts.logWorkout(exercises: [bench], sets: [(5, 100)])
            #expect(try await lifts.finish(w).status == .ok)
            let saved = try await api.fromWorkout(["id": wkID(), "workoutId": w])
            #expect(saved.status == .created, "\(saved.text)")
            let expected = tpDayName(testNow, timeZone: "Pacific/Auckland")
            #expect(expected != tpDayName(testNow, timeZone: "UTC"), "14:13 UTC is already the next day in Auckland")
            #expect(try saved.object()["name"] as? String == expected)
        }
    }

    @Test("a workout without a completed working set cannot be saved as a template", arguments: TestDatabase.all)
    func saveEmptyWorkoutAsTemplate(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let bench = try await lifts.exercise(.bench)
            let (w, entries) = try await lifts.logWorkout(exercises: [bench], sets: [])
            #expect(
                try await lifts.set(w, entries[0], wkID(), ["kind": "warmup", "reps": 10, "weight": 40, "done": true]).status
                    == .ok)
            #expect(try await lifts.set(w, entries[0], wkID(), ["reps": 5, "weight": 100]).status == .ok)
            #expect(try await lifts.finish(w).status == .ok)
            let t = wkID()
            let refused = try await api.fromWorkout(["id": t, "workoutId": w])
            #expect(refused.status == .badRequest)
            #expect(try refused.error().field == "workoutId")
            #expect(
                try refused.error().message
                    == "This workout has no completed working sets, so there is nothing to save as a template.")
            #expect(try await api.get(t).status == .notFound)
            #expect(try await h.count("workout_templates") == 0)
        }
    }

    // MARK: Sharing as a file

    @Test(
        "export one or all as a spotter-templates file; another lifter imports it, twice gives (Imported) names",
        arguments: TestDatabase.all)
    func exportAndImport(engine: TestDatabase) async throws {
        try await withTemplates(engine) { ana, lifts, h in
            let ben = h.templates(.ben)
            let (bench, press, squat) = try await lifts.exercises(.bench, .press, .squat)
            let push = try await ana.create(
                "Push Day",
                [
                    tpRow(
                        bench,
                        [
                            "setCount": 5, "repMin": 5, "repMax": 5, "targetWeight": 100, "weightUnit": "kg", "targetRPE": 8,
                            "notes": "pause",
                        ]),
                    tpRow(press),
                ], ["category": "strength", "notes": "Heavy day"])
            let pushID = try #require(push["id"] as? String)
            let legs = try await ana.create("Leg Day", [tpRow(squat, ["restSeconds": 180])])
            let legsID = try #require(legs["id"] as? String)
            #expect(try await ana.patch(legsID, ["archived": true]).status == .ok)

            // One template.
            let one = try await ana.export(pushID)
            #expect(one.status == .ok)
            #expect(one.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(one.headers[.contentDisposition] == "attachment; filename=\"push-day.spotter-template.json\"")
            let file = try one.object()
            #expect(file["format"] as? String == "spotter-templates")
            #expect(file["version"] as? Int == 1)
            #expect(file["exportedAt"] as? String == wkTime(testNow))
            let templates = try #require(file["templates"] as? [[String: Any]])
            #expect(templates.count == 1)
            let exported = try #require(templates.first)
            #expect(exported["name"] as? String == "Push Day")
            #expect(exported["category"] as? String == "strength")
            #expect(exported["notes"] as? String == "Heavy day")
            let rows = try #require(exported["exercises"] as? [[String: Any]])
            #expect(rows.map { $0["exercise"] as? String } == ["Bench Press (Barbell)", "Overhead Press (Barbell)"])
            #expect(rows.map { $0["catalogKey"] as? String } == ["bench-press-barbell", "overhead-press-barbell"])
            #expect(rows.map { $0["sets"] as? Int } == [5, 3])
            #expect(rows.map { $0["repMin"] as? Int } == [5, 8])
            #expect(rows.map { $0["repMax"] as? Int } == [5, 12])
            #expect(wkNumber(rows[0]["targetWeight"]) == 100)
            #expect(rows[0]["weightUnit"] as? String == "kg")
            #expect(wkNumber(rows[0]["targetRPE"]) == 8)
            #expect(rows.map { $0["restSeconds"] as? Int } == [nil, nil], "rows without a rest of their own carry none")
            #expect(rows[0]["notes"] as? String == "pause")
            #expect(rows.allSatisfy { $0["id"] == nil && $0["exerciseId"] == nil }, "no database ids in the file")

            // All of them, archived ones too, by name.
            let all = try await ana.exportAll()
            #expect(all.status == .ok)
            #expect(all.headers[.contentDisposition] == "attachment; filename=\"spotter-templates.json\"")
            let allFile = try all.object()
            #expect(allFile["format"] as? String == "spotter-templates")
            #expect((allFile["templates"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Leg Day", "Push Day"])

            // Ben imports the file: the same templates, his own.
            let imported = try await ben.importFile(all.text)
            #expect(imported.status == .created, "\(imported.text)")
            #expect(try imported.items().compactMap { $0["name"] as? String }.sorted() == ["Leg Day", "Push Day"])
            #expect(try await ben.names("sort=name") == ["Leg Day", "Push Day"], "imported templates are not archived")
            let bens = try await ben.list("sort=name").items()
            #expect(tpPlan(bens[1]) == tpPlan(push), "the same exercises, sets, reps, weights and notes")
            #expect(tpPlan(bens[0]) == tpPlan(legs))
            #expect(bens[1]["category"] as? String == "strength")
            #expect(bens[1]["notes"] as? String == "Heavy day")
            #expect(Set(wkIDs(bens)).isDisjoint(with: [pushID, legsID]))
            #expect(try await h.count("workout_templates") == 4)

            // Again: the names are taken now.
            let again = try await ben.importFile(all.text)
            #expect(again.status == .created)
            #expect(
                try again.items().compactMap { $0["name"] as? String }.sorted() == ["Leg Day (Imported)", "Push Day (Imported)"])
            #expect(try await ben.names("sort=name") == ["Leg Day", "Leg Day (Imported)", "Push Day", "Push Day (Imported)"])
            // Ana's own file into her own library.
            let own = try await ana.importFile(one.text)
            #expect(try own.items().first?["name"] as? String == "Push Day (Imported)")
            #expect(try await h.count("workout_templates") == 7)
            #expect(try await ana.get(pushID).status == .ok)
        }
    }

    @Test("a file naming exercises only by name or alias imports onto the lifter's library", arguments: TestDatabase.all)
    func importByName(engine: TestDatabase) async throws {
        try await withTemplates(engine, as: .ben) { ben, lifts, h in
            let (squat, bench) = try await lifts.exercises(.squat, .bench)
            let file = """
                {"format": "spotter-templates", "version": 1, "templates": [{"name": "From a friend", "category": "beginner", "exercises": [
                  {"exercise": "back squat", "sets": 5, "repMin": 5, "repMax": 5},
                  {"exercise": "Bench Press (Barbell)", "sets": 3, "repMin": 6, "repMax": 10, "restSeconds": 90}]}]}
                """
            let imported = try await ben.importFile(file)
            #expect(imported.status == .created, "\(imported.text)")
            let template = try #require(try imported.items().first)
            #expect(template["name"] as? String == "From a friend")
            #expect(template["category"] as? String == "beginner")
            #expect(tpColumn(template, "exerciseId").map { $0 as? String } == [squat, bench])
            #expect(tpColumn(template, "setCount").map { $0 as? Int } == [5, 3])
            #expect(tpColumn(template, "restSeconds").map { $0 as? Int } == [nil, 90], "no rest in the file: the lifter's")
            #expect(try await h.count("workout_templates") == 1)
        }
    }

    static let badFiles: [(name: String, body: String, message: String)] = {
        func template(
            _ name: String, repMin: Int = 5, repMax: Int = 5,
            exercise: String = #""exercise": "Squat (Barbell)", "catalogKey": "squat-barbell""#, category: String = "strength"
        ) -> String {
            #"{"name": "\#(name)", "category": "\#(category)", "exercises": [{\#(exercise), "sets": 3, "repMin": \#(repMin), "repMax": \#(repMax)}]}"#
        }
        func file(_ templates: [String], format: String = "spotter-templates", version: Int = 1) -> String {
            #"{"format": "\#(format)", "version": \#(version), "templates": [\#(templates.joined(separator: ", "))]}"#
        }
        return [
            (
                "not JSON", "Push Day: bench 3 x 5",
                "This is not a Spotter template file (it is not JSON). Export templates from Spotter and import that file."
            ),
            ("an empty body", "", "The file is empty. Choose a template file exported from Spotter."),
            (
                "another format", file([template("Legs")], format: "strong-export"),
                "This file is not a Spotter template file (format \"strong-export\")."
            ),
            (
                "a newer version", file([template("Legs")], version: 2),
                "This file was made by a newer Spotter (version 2). Update this server, then import it."
            ),
            (
                "version -1", file([template("Legs")], version: -1),
                "This file says version -1, which no Spotter writes: template files are version 1. Export the templates from Spotter again and import that file."
            ),
            (
                "version 0", file([template("Legs")], version: 0),
                "This file says version 0, which no Spotter writes: template files are version 1. Export the templates from Spotter again and import that file."
            ),
            ("no templates", file([]), "The file holds no templates."),
            (
                "no template list", #"{"format": "spotter-templates", "version": 1}"#,
                "This is not a Spotter template file (\"templates\" is missing). Export templates from Spotter and import that file."
            ),
            (
                "reps upside down in the middle of three",
                file([template("First"), template("Middle", repMin: 12, repMax: 8), template("Last")]),
                "Template 2 (Middle): Exercise 1: the lowest reps (12) are more than the highest (8)."
            ),
            (
                "an exercise the lifter does not have, in the last of three",
                file([
                    template("First"), template("Second"),
                    template("Cable Day", exercise: #""exercise": "Cable Fly (Low to High)""#),
                ]),
                "Template 3 (Cable Day): the exercise \"Cable Fly (Low to High)\" is not in your library. Create it, then import the file again."
            ),
            (
                "a bad category", file([template("First"), template("Odd", category: "cardio")]),
                "Template 2 (Odd): The category must be one of: strength, hypertrophy, calisthenics, weightlifting, beginner, custom."
            ),
            ("a template without a name", file([template("First"), template("  ")]), "Template 2 (): Give the template a name."),
        ]
    }()

    @Test(
        "a bad template file is refused with the reason and imports nothing at all", arguments: TestDatabase.all)
    func badImport(engine: TestDatabase) async throws {
        try await withTemplates(engine, as: .ben) { ben, lifts, h in
            let squat = try await lifts.exercise(.squat)
            try await ben.create("First", [tpRow(squat)])
            let before = try await ben.list("archived=true&sort=name").text
            let counts = "\(try await h.count("workout_templates")) \(try await h.count("template_exercises"))"
            for file in Self.badFiles.map({ CaseBox(name: $0.name, body: $0.body, message: $0.message) }) {

                let response = try await ben.importFile(file.body)
                #expect(response.status == .badRequest, "\(file.name) answered \(response.status): \(response.text)")
                #expect(try response.error().code == "validation_failed")
                #expect(try response.error().field == "file")
                #expect(try response.error().message == file.message)
                #expect(try await ben.list("archived=true&sort=name").text == before, "nothing was imported")
                #expect("\(try await h.count("workout_templates")) \(try await h.count("template_exercises"))" == counts)
            }
        }
    }

    /// One bad file, named in the test list.
    struct CaseBox: Sendable, CustomTestStringConvertible {
        let name: String
        let body: String
        let message: String
        var testDescription: String { name }
    }
}

extension TemplateAPITests {
    @Test(
        "pinning and archiving are not edits: \"recently edited\" and the edit time stay; a rename is one",
        arguments: TestDatabase.all)
    func pinIsNotAnEdit(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, lifts, h in
            let clock = h.clock
            let squat = try await lifts.exercise(.squat)
            let legs = try await api.newTemplate("Legs", [tpRow(squat)])
            clock.advance(by: 60)
            _ = try await api.create("Arms", [tpRow(squat)])
            clock.advance(by: 60)
            for fields: [String: any Sendable] in [["pinned": true], ["archived": true], ["archived": false]] {
                let changed = try await api.patch(legs, fields)
                #expect(changed.status == .ok)
                #expect(try changed.object()["updatedAt"] as? String == wkTime(testNow), "\(fields)")
            }
            #expect(try await api.names("sort=edited") == ["Arms", "Legs"])
            clock.advance(by: 60)
            #expect(try await api.patch(legs, ["name": "Leg Day"]).object()["updatedAt"] as? String == wkTime(clock.now))
            #expect(try await api.names("sort=edited") == ["Leg Day", "Arms"])
        }
    }

    @Test("a template file whose plank has no time imports it as 30 s a set", arguments: TestDatabase.all)
    func importedHoldGetsATime(engine: TestDatabase) async throws {
        try await withTemplates(engine) { api, _, h in
            let file =
                #"{"format": "spotter-templates", "version": 1, "templates": [{"name": "Core", "category": "custom", "exercises": [{"exercise": "Plank", "sets": 3, "repMin": 1, "repMax": 1}]}]}"#
            let imported = try await api.importFile(file)
            #expect(imported.status == .created, "\(imported.text)")
            let template = try #require(try imported.items().first)
            #expect(tpColumn(template, "targetDurationSeconds").map { $0 as? Int } == [30])
        }
    }
}
