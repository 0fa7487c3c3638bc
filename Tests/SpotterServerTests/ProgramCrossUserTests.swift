import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Ben must never read, change, copy, activate or follow Ana's programs: every
/// attempt answers like an id that does not exist, and her programs, their weeks
/// and days, and her active program stay exactly as they were.
@Suite("One user never reaches another's programs")
struct ProgramCrossUserTests {
    /// Ana's program (active, one day done), a second one of hers (archived), and
    /// the ids Ben might try.
    struct AnasSide {
        let program: String
        let archived: String
        let day: String
        let setup: ProgramSetup
        let workout: String
    }

    static func anasSide(_ h: Harness) async throws -> AnasSide {
        let ana = h.programs(.ana)
        let setup = try await ProgramSetup.make(h, .ana)
        let program = try await setup.create(ana, "Ana's Block")
        let id = try #require(program["id"] as? String)
        let archived = try #require(try await setup.create(ana, "Ana's Old Block")["id"] as? String)
        try #require(try await ana.patch(archived, ["archived": true]).status == .ok)
        try #require(try await ana.activate(id).status == .ok)
        let workout = wkID()
        try #require(try await ana.start(["workoutId": workout]).status == .created)
        try #require(try await h.workouts(.ana).finish(workout).status == .ok)
        let day = try #require(prgDays(program, week: 1).last?["id"] as? String)
        return AnasSide(program: id, archived: archived, day: day, setup: setup, workout: workout)
    }

    /// Everything of Ana's that Ben might reach, as text, and the row counts.
    static func snapshot(_ h: Harness, _ anas: AnasSide) async throws -> [String] {
        let ana = h.programs(.ana)
        var counts: [Int] = []
        for table in [
            "programs", "program_weeks", "program_days", "active_programs", "program_skips", "program_stops", "workouts",
            "workout_templates",
        ] {
            counts.append(try await h.count(table))
        }
        return [
            try await ana.get(anas.program).text, try await ana.get(anas.archived).text, try await ana.list("archived=true").text,
            try await ana.active().text, try await h.workouts(.ana).get(anas.workout).text,
            try await h.templates(.ana).list("archived=true").text,
            "\(counts)",
        ]
    }

    @Test("every program route answers 404 to Ben for Ana's ids, and nothing of hers changes", arguments: TestDatabase.all)
    func everyRoute(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let anas = try await Self.anasSide(h)
            let ben = h.programs(.ben)
            let mine = try await ProgramSetup.make(h, .ben)
            let bens = try await mine.create(ben, "Ben's Block")
            let bensID = try #require(bens["id"] as? String)
            let bensText = try await ben.get(bensID).text
            let before = try await Self.snapshot(h, anas)
            #expect(before[0].contains("Ana's Block"))

            var attempts: [(String, TestResponse)] = []
            for (name, p) in [("active program", anas.program), ("archived program", anas.archived)] {
                attempts.append(("GET \(name)", try await ben.get(p)))
                attempts.append(("GET projection of \(name)", try await ben.projection(p)))
                attempts.append(("PATCH \(name)", try await ben.patch(p, ["name": "Ben's now", "description": "mine"])))
                attempts.append(("PATCH archived of \(name)", try await ben.patch(p, ["archived": p == anas.program])))
                attempts.append(("DELETE \(name)", try await ben.delete(p)))
                attempts.append(("duplicate \(name)", try await ben.duplicate(p, as: wkID())))
                attempts.append(("activate \(name)", try await ben.activate(p)))
                attempts.append(("activate \(name) from a day", try await ben.activate(p, ["startDay": "2026-09-21"])))
                attempts.append(("resume \(name)", try await ben.activate(p, ["resume": true])))
                attempts.append(("weeks/1 of \(name)", try await ben.week(p, 1, ["modifier": 2, "deload": true])))
                attempts.append(("weeks/1 phase of \(name)", try await ben.week(p, "1", json: #"{"phase": null}"#)))
                attempts.append(("days of \(name)", try await ben.day(p, anas.day, ["notes": "mine", "templateId": mine.heavy])))
            }
            for (what, response) in attempts {
                #expect(response.status == .notFound, "\(what) answered \(response.status): \(response.text)")
                if response.status == .notFound {
                    #expect(try response.error().message == "The program was not found.", "\(what)")
                }
            }
            // Her day's id on his own program is no day of his.
            let day = try await ben.day(bensID, anas.day, ["notes": "mine"])
            #expect(try day.refusal() == "404 not_found -: The day was not found.")

            // PUT of her id: for Ben it is a new id, but it is taken (as for templates).
            let put = try await ben.put(anas.program, mine.body("Ben's Copy"))
            #expect(try put.refusal() == "409 conflict id: This id is already in use. Make a new one and send the change again.")
            #expect(try await ben.get(anas.program).status == .notFound, "and still not his")
            // Nor may he take her id for a copy of his own program.
            #expect((400..<500).contains(try await ben.duplicate(bensID, as: anas.program).status.code))

            // His list never shows hers.
            for query in ["", "archived=true", "archived=false"] {
                #expect(try await ben.names(query) == ["Ben's Block"], "\(query)")
            }
            // He has no active program: her active one is not his to see, start, skip or stop.
            #expect(try await ben.active().refusal() == "404 not_found -: An active program was not found.")
            let none = "409 conflict -: You have no active program. Pick one on the Programs tab and activate it."
            #expect(try await ben.start(["workoutId": wkID()]).refusal() == none)
            #expect(try await ben.start(["workoutId": anas.workout]).refusal() == none)
            #expect(try await ben.skipWeek().refusal() == none)
            #expect(try await ben.pause().refusal() == none)
            #expect(try await ben.resume().refusal() == none)
            #expect(try await ben.deactivate().refusal() == "409 conflict -: You have no active program to deactivate.")

            #expect(
                try await Self.snapshot(h, anas) == before,
                "Ana's programs, weeks, days and active state are exactly as they were")
            #expect(try await ben.get(bensID).text == bensText)
            #expect(try await h.workouts(.ben).active().status == .notFound, "Ben started nothing")
        }
    }

    @Test("Ben following his own program changes nothing of Ana's active program", arguments: TestDatabase.all)
    func bothActive(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let anas = try await Self.anasSide(h)
            let ben = h.programs(.ben)
            let mine = try await ProgramSetup.make(h, .ben)
            let bensID = try #require(try await mine.create(ben, "Ana's Block")["id"] as? String, "names are per lifter")
            let before = try await Self.snapshot(h, anas)

            let activated = try await ben.activate(bensID)
            #expect(activated.status == .ok, "\(activated.text)")
            #expect((try activated.object()["program"] as? [String: Any])?["id"] as? String == bensID)
            // Her workout's id is not his to take for today's workout.
            let taken = try await ben.start(["workoutId": anas.workout])
            #expect((400..<500).contains(taken.status.code), "\(taken.text)")
            #expect(try await Self.snapshot(h, anas).dropLast() == before.dropLast())
            let w = wkID()
            let started = try await ben.start(["workoutId": w])
            #expect(started.status == .created, "\(started.text)")
            #expect((try started.object()["program"] as? [String: Any])?["programId"] as? String == bensID)
            #expect(try await h.workouts(.ben).finish(w).status == .ok)
            #expect(try await ben.pause().status == .ok)
            #expect(try await Self.snapshot(h, anas).dropLast() == before.dropLast(), "his pause is not hers")
            #expect(try await ben.resume().status == .ok)
            #expect(try await ben.skipWeek().status == .ok)
            #expect(try await ben.deactivate().status == .noContent)
            #expect(try await ben.delete(bensID).status == .noContent)

            // Only the row counts differ (his program is gone, his workout stays in history).
            #expect(try await Self.snapshot(h, anas).dropLast() == before.dropLast())
            #expect(try await h.count("workouts") == 2)
            #expect(try await h.count("active_programs") == 1)
            #expect(try (try await h.programs(.ana).active()).object()["startDay"] as? String == "2026-09-21")
        }
    }

    @Test("Ben cannot put Ana's template in a program schedule, nor on a day of his", arguments: TestDatabase.all)
    func herTemplates(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let anas = try await Self.anasSide(h)
            let ben = h.programs(.ben)
            let mine = try await ProgramSetup.make(h, .ben)
            let before = try await Self.snapshot(h, anas)

            var body = mine.body("Ben's Block")
            body["schedule"] = [prgDay("monday", anas.setup.heavy)]
            let id = wkID()
            #expect(
                try await ben.put(id, body).refusal()
                    == "400 validation_failed schedule.monday.templateId: The template for Monday is not one of your templates.")
            #expect(try await ben.get(id).status == .notFound)
            #expect(try await Self.snapshot(h, anas) == before, "nothing was stored")

            let bens = try await mine.create(ben, "Ben's Block", id: id)
            let bensText = try await ben.get(id).text
            let withHis = try await Self.snapshot(h, anas)
            #expect(
                try await ben.patch(id, ["schedule": [prgDay("sunday", anas.setup.light)]]).refusal()
                    == "400 validation_failed schedule.sunday.templateId: The template for Sunday is not one of your templates.")
            let day = try #require(prgDays(bens, week: 1).first?["id"] as? String)
            #expect(
                try await ben.day(id, day, ["templateId": anas.setup.light]).refusal()
                    == "400 validation_failed templateId: Pick one of your templates.")
            #expect(try await ben.get(id).text == bensText)
            #expect(try await Self.snapshot(h, anas) == withHis)
        }
    }

    @Test("without a token every program route answers 401", arguments: TestDatabase.all)
    func anonymous(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let anas = try await Self.anasSide(h)
            let before = try await Self.snapshot(h, anas)
            let p = anas.program
            let calls: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/v1/programs", nil), (.get, "/api/v1/programs/\(p)", nil),
                (.put, "/api/v1/programs/\(p)", wkJSON(anas.setup.body("x"))),
                (.patch, "/api/v1/programs/\(p)", #"{"name": "x"}"#), (.delete, "/api/v1/programs/\(p)", nil),
                (.post, "/api/v1/programs/\(p)/duplicate", wkJSON(["id": wkID()])),
                (.post, "/api/v1/programs/\(p)/activate", "{}"),
                (.patch, "/api/v1/programs/\(p)/weeks/1", #"{"modifier": 1}"#),
                (.patch, "/api/v1/programs/\(p)/days/\(anas.day)", #"{"notes": "x"}"#),
                (.get, "/api/v1/programs/active", nil), (.delete, "/api/v1/programs/active", nil),
                (.post, "/api/v1/programs/active/start", wkJSON(["workoutId": wkID()])),
                (.post, "/api/v1/programs/active/skip-week", nil),
                (.get, "/api/v1/program-presets", nil), (.get, "/api/v1/program-presets/\(startingStrengthProgram)", nil),
                (.post, "/api/v1/program-presets/\(startingStrengthProgram)/use", wkJSON(["id": wkID()])),
            ]
            for (method, path, json) in calls {
                let response = try await client.api(method, path, token: nil, json: json)
                #expect(response.status == .unauthorized, "\(method) \(path) answered \(response.status)")
            }
            #expect(try await Self.snapshot(h, anas) == before)
        }
    }
}
