import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterServer
import SpotterStore
import SpotterTestSupport
import Testing

@Suite("Programs API")
struct ProgramAPITests {
    /// Everything of a lifter's programs as text (list with archived, the active one)
    /// and the rows of every program table: equal before and after a refused call.
    static func state(_ h: Harness, _ lifter: Harness.Lifter = .ana) async throws -> [String] {
        let calls = h.programs(lifter)
        var counts: [Int] = []
        for table in [
            "programs", "program_weeks", "program_days", "active_programs", "program_skips", "workouts", "workout_templates",
        ] {
            counts.append(try await h.count(table))
        }
        return [try await calls.list("archived=true").text, try await calls.active().text, "\(counts)"]
    }

    // MARK: The lifecycle

    @Test(
        "a program's life over the API: create, replace, read, list, edit, copy, activate, start, skip, deactivate, delete",
        arguments: TestDatabase.all)
    func lifecycle(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let api = h.programs()
            let lifts = h.workouts()
            let setup = try await ProgramSetup.make(h)
            let history = try await setup.squatHistory(h)

            // PUT of a new id creates it (201).
            let id = wkID()
            let created = try await api.put(id, setup.body())
            #expect(created.status == .created, "\(created.text)")
            let program = try created.object()
            #expect(program["id"] as? String == id)
            #expect(program["name"] as? String == "Strength Block")
            #expect(program["description"] as? String == "Four weeks, two days.")
            #expect(program["category"] as? String == "strength")
            #expect(program["difficulty"] as? String == "intermediate")
            #expect(program["preset"] as? Bool == false)
            #expect(program["pattern"] as? String == "linear")
            #expect(wkNumber(program["baseIntensity"]) == 1.05)
            #expect(wkNumber(program["weeklyIncrement"]) == 0.025)
            #expect(program["weekCount"] as? Int == 4)
            #expect(program["daysPerWeek"] as? Int == 2)
            #expect(program["archived"] as? Bool == false)
            #expect(program["createdAt"] as? String == wkTime(testNow))
            #expect(program["updatedAt"] as? String == wkTime(testNow))
            let weeks = prgWeeks(program)
            #expect(weeks.map { $0["number"] as? Int } == [1, 2, 3, 4])
            #expect(weeks.map { wkNumber($0["modifier"]) } == [1.05, 1.075, 1.1, 1.125])
            #expect(weeks.allSatisfy { $0["phase"] is NSNull && $0["deload"] as? Bool == false })
            for number in 1...4 {
                let days = prgDays(program, week: number)
                #expect(days.map { $0["weekday"] as? String } == ["monday", "thursday"])
                #expect(days.map { $0["templateId"] as? String } == [setup.heavy, setup.light])
                #expect(days.map { $0["templateName"] as? String } == ["Heavy Day", "Light Day"])
                #expect(days.map { $0["notes"] as? String } == ["Heavy singles first", ""])
                #expect(wkNumber(days[0]["suggestedRPE"]) == 8)
                #expect(days[1]["suggestedRPE"] is NSNull)
            }
            let monday1 = try #require(prgDays(program, week: 1).first?["id"] as? String)
            let thursday1 = try #require(prgDays(program, week: 1).last?["id"] as? String)
            let thursday2 = try #require(prgDays(program, week: 2).last?["id"] as? String)
            #expect(Set(weeks.flatMap { wkIDs($0["days"] as? [[String: Any]] ?? []) }).count == 8)
            #expect(try await h.count("programs") == 1)
            #expect(try await h.count("program_days") == 8)

            // GET reads it back as it was answered; the list has it.
            let read = try await api.get(id)
            #expect(read.status == .ok)
            #expect(wkCanonical(try read.object()) == wkCanonical(program))
            #expect(wkIDs(try await api.list().items()) == [id])

            // PUT again (200) replaces it; the same schedule keeps every day's id.
            h.clock.advance(by: 60)
            let replaced = try await api.put(id, setup.body("Strength Block II"))
            #expect(replaced.status == .ok, "\(replaced.text)")
            let second = try replaced.object()
            #expect(second["name"] as? String == "Strength Block II")
            #expect(second["updatedAt"] as? String == wkTime(testNow.addingTimeInterval(60)))
            #expect(second["createdAt"] as? String == wkTime(testNow))
            #expect(wkCanonical(second["weeks"]) == wkCanonical(program["weeks"]), "weeks and day ids as they were")
            #expect(try await h.count("programs") == 1)
            #expect(try await h.count("program_days") == 8)

            // A second program; the list is by name.
            let other = try await setup.create(api, "Accessory Work")
            #expect(try await api.names() == ["Accessory Work", "Strength Block II"])

            // PATCH: only the fields sent change.
            let patched = try await api.patch(id, ["description": "Heavy, then light.", "difficulty": "advanced"])
            #expect(patched.status == .ok, "\(patched.text)")
            let afterPatch = try patched.object()
            #expect(afterPatch["description"] as? String == "Heavy, then light.")
            #expect(afterPatch["difficulty"] as? String == "advanced")
            #expect(afterPatch["name"] as? String == "Strength Block II")
            #expect(wkCanonical(afterPatch["weeks"]) == wkCanonical(program["weeks"]))

            // PATCH archived: out of the list, in the list with archived=true; restored.
            let archived = try await api.patch(id, ["archived": true])
            #expect(archived.status == .ok)
            #expect(try archived.object()["archived"] as? Bool == true)
            #expect(try await api.names() == ["Accessory Work"])
            #expect(try await api.names("archived=true") == ["Accessory Work", "Strength Block II"])
            #expect(try await api.names("archived=false") == ["Accessory Work"])
            let badQuery = try await api.list("archived=maybe")
            #expect(try badQuery.refusal() == "400 bad_request archived: Use true or false for archived, not \"maybe\".")
            let restored = try await api.patch(id, ["archived": false])
            #expect(try restored.object()["archived"] as? Bool == false)

            // PATCH weeks/2: phase, modifier, deload; a null phase clears it.
            let week = try await api.week(id, 2, ["phase": "strength", "modifier": 1.2, "deload": true])
            #expect(week.status == .ok, "\(week.text)")
            let week2 = prgWeeks(try week.object())[1]
            #expect(week2["phase"] as? String == "strength")
            #expect(wkNumber(week2["modifier"]) == 1.2)
            #expect(week2["deload"] as? Bool == true)
            #expect(prgWeeks(try week.object()).map { wkNumber($0["modifier"]) } == [1.05, 1.2, 1.1, 1.125])
            let cleared = try await api.week(id, "2", json: #"{"phase": null}"#)
            #expect(cleared.status == .ok)
            #expect(prgWeeks(try cleared.object())[1]["phase"] is NSNull)
            #expect(prgWeeks(try cleared.object())[1]["deload"] as? Bool == true)
            for number in ["0", "5", "abc"] {
                let missing = try await api.week(id, number, json: #"{"modifier": 1}"#)
                #expect(missing.status == .notFound, "week \(number): \(missing.text)")
            }

            // PATCH days/{dayId}: that day of that week only.
            let day = try await api.day(
                id, thursday2, json: #"{"notes": " Go light ", "suggestedRPE": 7.5, "templateId": "\#(setup.heavy)"}"#)
            #expect(day.status == .ok, "\(day.text)")
            let dayAnswer = try day.object()
            let changed = try #require(prgDays(dayAnswer, week: 2).last)
            #expect(changed["id"] as? String == thursday2)
            #expect(changed["notes"] as? String == "Go light")
            #expect(wkNumber(changed["suggestedRPE"]) == 7.5)
            #expect(changed["templateId"] as? String == setup.heavy)
            #expect(changed["templateName"] as? String == "Heavy Day")
            #expect(prgDays(dayAnswer, week: 1).last?["templateId"] as? String == setup.light, "week 1's Thursday is untouched")
            let unset = try await api.day(id, thursday2, json: #"{"suggestedRPE": null}"#)
            #expect(try #require(prgDays(try unset.object(), week: 2).last)["suggestedRPE"] is NSNull)
            #expect(try await api.day(id, wkID(), ["notes": "x"]).refusal() == "404 not_found -: The day was not found.")

            // POST duplicate.
            let copyID = wkID()
            let copy = try await api.duplicate(id, as: copyID)
            #expect(copy.status == .created, "\(copy.text)")
            #expect(try copy.object()["id"] as? String == copyID)
            #expect(try copy.object()["name"] as? String == "Strength Block II (Copy)")
            #expect(try await api.names() == ["Accessory Work", "Strength Block II", "Strength Block II (Copy)"])

            // Nothing is active yet.
            #expect(try await api.active().refusal() == "404 not_found -: An active program was not found.")
            // A bad start day is refused and activates nothing.
            let before = try await Self.state(h)
            let badDay = try await api.activate(id, ["startDay": "2026-13-01"])
            #expect(
                try badDay.refusal() == "400 validation_failed startDay: Pick a start day as YYYY-MM-DD, within a year of today.")
            #expect(try await Self.state(h) == before)

            // POST activate: the start day may be left out (today).
            let activated = try await api.activate(id)
            #expect(activated.status == .ok, "\(activated.text)")
            let status = try activated.object()
            #expect((status["program"] as? [String: Any])?["id"] as? String == id)
            #expect(status["startDay"] as? String == "2026-09-21")
            let today = try #require(status["today"] as? [String: Any])
            #expect(today["state"] as? String == "train")
            #expect(today["week"] as? Int == 1)
            #expect((today["day"] as? [String: Any])?["id"] as? String == monday1)
            #expect(today["late"] as? Bool == false)
            #expect(today["restReason"] is NSNull)
            #expect(status["currentWeek"] as? Int == 1)
            #expect(status["sessionsScheduled"] as? Int == 8)
            #expect(status["adherence"] is NSNull)
            let active = try await api.active()
            #expect(active.status == .ok)
            #expect(wkCanonical(try active.object()) == wkCanonical(status))

            // Activating the other program moves the active one; then back with an explicit start day.
            #expect(try await api.activate(other["id"] as! String).status == .ok)
            let moved = try (try await api.active()).object()["program"] as? [String: Any]
            #expect(moved?["id"] as? String == other["id"] as? String)
            #expect(try await api.activate(id, ["startDay": "2026-09-21"]).status == .ok)
            #expect(try await h.count("active_programs") == 1)

            // POST active/start: today's workout, linked to the program day, with suggested weights.
            let w = wkID()
            let started = try await api.start(["workoutId": w])
            #expect(started.status == .created, "\(started.text)")
            let workout = try started.object()
            #expect(workout["id"] as? String == w)
            let link = try #require(workout["program"] as? [String: Any])
            #expect(link["programId"] as? String == id)
            #expect(link["week"] as? Int == 1)
            #expect(link["dayId"] as? String == monday1)
            #expect(workout["templateId"] as? String == setup.heavy)
            #expect(workout["name"] as? String == "Heavy Day")
            #expect(workout["notes"] as? String == "Heavy singles first")
            let entry = try #require(wkEntries(workout).first)
            // Last time 100 kg at RPE 8: +2.5% = 102.5, x1.05 = 107.625, to the 2.5 kg step = 107.5.
            #expect(entry["suggestion"] as? String == "Last time 100 kg at RPE 8 · +2.5% · week ×1.05 = 107.5 kg")
            #expect(wkSets(entry).map { wkNumber($0["weight"]) } == [107.5, 107.5, 107.5])
            #expect(wkSets(entry).map { $0["weightUnit"] as? String } == ["kg", "kg", "kg"])
            #expect(wkSets(entry).map { wkNumber(($0["target"] as? [String: Any])?["rpe"]) } == [8, 8, 8])
            // The history workout stays as it was, without a program.
            #expect(try (try await lifts.get(history)).object()["program"] is NSNull)

            // Finishing it makes today a rest day ("done today"), with Thursday next.
            #expect(try await lifts.finish(w).status == .ok)
            let rest = try (try await api.active()).object()
            let restToday = try #require(rest["today"] as? [String: Any])
            #expect(restToday["state"] as? String == "rest")
            #expect(restToday["restReason"] as? String == "done-today")
            #expect((restToday["day"] as? [String: Any])?["id"] as? String == thursday1)
            let progress = try #require(rest["weeks"] as? [[String: Any]])
            #expect(progress.map { $0["state"] as? String } == ["current", "upcoming", "upcoming", "upcoming"])
            #expect((progress[0]["days"] as? [[String: Any]])?.map { $0["state"] as? String } == ["done", "next"])
            #expect(rest["sessionsDone"] as? Int == 1)
            #expect(rest["sessionsDue"] as? Int == 1)
            #expect(wkNumber(rest["adherence"]) == 1)
            #expect(wkNumber(rest["completion"]) == 0.125)

            // POST active/skip-week: week 1 is closed with Thursday missed; week 2 waits for next Monday.
            let skipped = try await api.skipWeek()
            #expect(skipped.status == .ok, "\(skipped.text)")
            let afterSkip = try skipped.object()
            #expect(afterSkip["currentWeek"] as? Int == 2)
            let skippedWeeks = try #require(afterSkip["weeks"] as? [[String: Any]])
            #expect(skippedWeeks.map { $0["state"] as? String } == ["skipped", "current", "upcoming", "upcoming"])
            #expect((skippedWeeks[0]["days"] as? [[String: Any]])?.map { $0["state"] as? String } == ["done", "missed"])
            #expect(
                (afterSkip["today"] as? [String: Any])?["restReason"] as? String == "done-today",
                "a program workout was done today")
            #expect(wkNumber(afterSkip["adherence"]) == 0.5)

            // DELETE /programs/active: 204, then 409 with the message.
            #expect(try await api.deactivate().status == .noContent)
            #expect(try await api.deactivate().refusal() == "409 conflict -: You have no active program to deactivate.")
            #expect(try await api.active().status == .notFound)
            #expect(
                try await api.skipWeek().refusal()
                    == "409 conflict -: You have no active program. Pick one on the Programs tab and activate it.")
            #expect(
                try await api.start(["workoutId": wkID()]).refusal()
                    == "409 conflict -: You have no active program. Pick one on the Programs tab and activate it.")

            // DELETE the program: gone, its workout stays in history.
            #expect(try await api.delete(id).status == .noContent)
            #expect(try await api.get(id).refusal() == "404 not_found -: The program was not found.")
            #expect(try await api.delete(id).status == .notFound)
            #expect(try await api.names("archived=true") == ["Accessory Work", "Strength Block II (Copy)"])
            let kept = try await lifts.get(w)
            #expect(kept.status == .ok)
            #expect((try kept.object()["program"] as? [String: Any])?["programId"] as? String == id)
            #expect(try await h.count("workouts") == 2)
        }
    }

    @Test("a template start and a plain workout answer program null and no suggestions", arguments: TestDatabase.all)
    func workoutWithoutProgram(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let setup = try await ProgramSetup.make(h)
            let started = try await h.templates().start(setup.light, ["workoutId": wkID()])
            #expect(started.status == .created, "\(started.text)")
            let workout = try started.object()
            #expect(workout.keys.contains("program"))
            #expect(workout["program"] is NSNull)
            #expect(wkEntries(workout).count == 1)
            #expect(wkEntries(workout).allSatisfy { $0.keys.contains("suggestion") && $0["suggestion"] is NSNull })
            let plain = try await h.workouts().start(wkID(), ["replaceActive": true])
            #expect(plain.status == .created, "\(plain.text)")
            #expect(try plain.object()["program"] is NSNull)
        }
    }

    // MARK: Validation

    /// A bad field of a program body and what it must answer.
    struct BadProgram: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let field: String?
        let message: String?
        var code = "validation_failed"
        /// Only a new program must have it (an edit leaves it out to keep it).
        var newOnly = false
        let change: @Sendable (inout [String: any Sendable], ProgramSetup) -> Void
    }

    static let badPrograms: [BadProgram] = [
        BadProgram(testDescription: "an empty name", field: "name", message: "Give the program a name.") { b, _ in b["name"] = " "
        },
        BadProgram(testDescription: "a long name", field: "name", message: "The name is too long: at most 80 characters.") {
            b, _ in
            b["name"] = String(repeating: "n", count: 81)
        },
        BadProgram(
            testDescription: "a control character", field: "name", message: PlainText.issue(field: "name", in: "A\u{7}")!.message
        ) { b, _ in
            b["name"] = "Block\u{7}"
        },
        BadProgram(
            testDescription: "a long description", field: "description",
            message: "The description is too long: at most 500 characters."
        ) {
            b, _ in b["description"] = String(repeating: "d", count: 501)
        },
        BadProgram(
            testDescription: "an unknown category", field: "category",
            message: "Choose a category: beginner, strength, hypertrophy, powerlifting, bodybuilding, crossfit, general-fitness."
        ) { b, _ in b["category"] = "yoga" },
        BadProgram(
            testDescription: "an unknown difficulty", field: "difficulty", message: "Choose beginner, intermediate or advanced."
        ) { b, _ in
            b["difficulty"] = "expert"
        },
        BadProgram(testDescription: "0 weeks", field: "weeks", message: "A program lasts 1 to 52 weeks.") { b, _ in b["weeks"] = 0
        },
        BadProgram(testDescription: "53 weeks", field: "weeks", message: "A program lasts 1 to 52 weeks.") { b, _ in
            b["weeks"] = 53
        },
        BadProgram(testDescription: "weeks as text", field: nil, message: nil, code: "bad_request") { b, _ in b["weeks"] = "four"
        },
        BadProgram(
            testDescription: "an unknown pattern", field: "pattern",
            message: "Choose a progression: constant, linear, wave, three-up-one-deload, block."
        ) { b, _ in b["pattern"] = "zigzag" },
        BadProgram(
            testDescription: "a base intensity of 40%", field: "baseIntensity",
            message: "The base intensity must be between 50% and 150%."
        ) {
            b, _ in b["baseIntensity"] = 0.4
        },
        BadProgram(
            testDescription: "a base intensity of 200%", field: "baseIntensity",
            message: "The base intensity must be between 50% and 150%."
        ) {
            b, _ in b["baseIntensity"] = 2
        },
        BadProgram(
            testDescription: "an increment of 20%", field: "weeklyIncrement",
            message: "The weekly increment must be between 0% and 10%."
        ) {
            b, _ in b["weeklyIncrement"] = 0.2
        },
        BadProgram(
            testDescription: "a negative increment", field: "weeklyIncrement",
            message: "The weekly increment must be between 0% and 10%."
        ) {
            b, _ in b["weeklyIncrement"] = -0.1
        },
        BadProgram(
            testDescription: "an empty schedule", field: "schedule", message: "Pick a template for at least one day of the week."
        ) { b, _ in
            b["schedule"] = [[String: any Sendable]]()
        },
        BadProgram(
            testDescription: "no schedule", field: "schedule", message: "Pick a template for at least one day of the week.",
            newOnly: true
        ) {
            b, _ in b["schedule"] = nil
        },
        BadProgram(
            testDescription: "only rest days", field: "schedule", message: "Pick a template for at least one day of the week."
        ) { b, _ in
            b["schedule"] = [prgDay("monday", nil), prgDay("friday", nil)]
        },
        BadProgram(
            testDescription: "no weekday", field: "schedule",
            message: "\"someday\" is not a day of the week: use monday to sunday."
        ) { b, s in
            b["schedule"] = [prgDay("someday", s.heavy)]
        },
        BadProgram(
            testDescription: "a weekday twice", field: "schedule.friday",
            message: "Friday is in the schedule twice; give each day one template."
        ) {
            b, s in b["schedule"] = [prgDay("friday", s.heavy), prgDay("Friday", s.light)]
        },
        BadProgram(
            testDescription: "a template nobody has", field: "schedule.tuesday.templateId",
            message: "The template for Tuesday is not one of your templates."
        ) { b, _ in b["schedule"] = [prgDay("tuesday", wkID())] },
        BadProgram(
            testDescription: "long day notes", field: "schedule.monday.notes",
            message: "The notes for Monday are too long: at most 500 characters."
        ) { b, s in b["schedule"] = [prgDay("monday", s.heavy, ["notes": String(repeating: "x", count: 501)])] },
        BadProgram(
            testDescription: "an RPE off the half steps", field: "schedule.monday.suggestedRPE",
            message: "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8)."
        ) { b, s in b["schedule"] = [prgDay("monday", s.heavy, ["suggestedRPE": 7.3])] },
        BadProgram(
            testDescription: "an RPE of 11", field: "schedule.monday.suggestedRPE",
            message: "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8)."
        ) { b, s in b["schedule"] = [prgDay("monday", s.heavy, ["suggestedRPE": 11])] },
    ]

    @Test("every bad field of a new program answers 400 naming the field, and nothing is stored", arguments: TestDatabase.all)
    func createValidation(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let api = h.programs()
            let setup = try await ProgramSetup.make(h)
            let before = try await Self.state(h)
            for bad in Self.badPrograms {
                var body = setup.body()
                bad.change(&body, setup)
                let id = wkID()
                let response = try await api.put(id, body)
                #expect(response.status == .badRequest, "\(bad): \(response.text)")
                #expect(try response.error().code == bad.code, "\(bad)")
                if let field = bad.field { #expect(try response.error().field == field, "\(bad)") }
                if let message = bad.message { #expect(try response.error().message == message, "\(bad)") }
                #expect(try await api.get(id).status == .notFound, "\(bad)")
                #expect(try await Self.state(h) == before, "\(bad): nothing stored")
            }
        }
    }

    @Test(
        "every bad field sent to an existing program (PUT and PATCH) answers 400 and leaves it as it was",
        arguments: TestDatabase.all)
    func editValidation(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let api = h.programs()
            let setup = try await ProgramSetup.make(h)
            let program = try await setup.create(api)
            let id = try #require(program["id"] as? String)
            h.clock.advance(by: 60)
            let before = try await Self.state(h)
            let stored = try await api.get(id).text
            for bad in Self.badPrograms where !bad.newOnly {
                var body = setup.body()
                bad.change(&body, setup)
                var patch: [String: any Sendable] = [:]
                bad.change(&patch, setup)
                for (method, response) in [("PUT", try await api.put(id, body)), ("PATCH", try await api.patch(id, patch))] {
                    #expect(response.status == .badRequest, "\(method) \(bad): \(response.text)")
                    #expect(try response.error().code == bad.code, "\(method) \(bad)")
                    if let field = bad.field { #expect(try response.error().field == field, "\(method) \(bad)") }
                    if let message = bad.message { #expect(try response.error().message == message, "\(method) \(bad)") }
                }
                #expect(try await api.get(id).text == stored, "\(bad): unchanged")
            }

            // Bad week and day changes.
            let day = try #require(prgDays(program, week: 1).first?["id"] as? String)
            let refusals: [(String, TestResponse)] = [
                (
                    "400 validation_failed phase: Choose a phase: hypertrophy, strength, peaking, deload, testing, or none.",
                    try await api.week(id, 1, ["phase": "bulking", "modifier": 1])
                ),
                (
                    "400 validation_failed modifier: The intensity must be between 30% and 200% of the base weights.",
                    try await api.week(id, 1, ["modifier": 2.5, "deload": true])
                ),
                (
                    "400 validation_failed modifier: The intensity must be between 30% and 200% of the base weights.",
                    try await api.week(id, 3, ["modifier": 0.2])
                ),
                (
                    "400 validation_failed templateId: Pick one of your templates.",
                    try await api.day(id, day, ["templateId": wkID(), "notes": "x"])
                ),
                (
                    "400 validation_failed notes: The notes are too long: at most 500 characters.",
                    try await api.day(id, day, ["notes": String(repeating: "x", count: 501)])
                ),
                (
                    "400 validation_failed suggestedRPE: The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8).",
                    try await api.day(id, day, ["suggestedRPE": 12])
                ),
                (
                    "400 validation_failed suggestedRPE: The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8).",
                    try await api.day(id, day, ["suggestedRPE": 6.2])
                ),
            ]
            for (expected, response) in refusals {
                #expect(try response.refusal() == expected)
            }
            #expect(try await api.week(id, 1, ["deload": "yes"]).status == .badRequest)
            #expect(try await api.get(id).text == stored)
            #expect(try await Self.state(h) == before)
        }
    }

    @Test(
        "a name taken in any case is a 409 on name; PATCH archived of the active program is a 409 and changes nothing else",
        arguments: TestDatabase.all)
    func conflicts(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let api = h.programs()
            let setup = try await ProgramSetup.make(h)
            let program = try await setup.create(api)
            let id = try #require(program["id"] as? String)
            let other = try #require(try await setup.create(api, "Other")["id"] as? String)
            let before = try await Self.state(h)
            let taken = "409 conflict name: You already have a program called Strength Block. Choose another name."
            #expect(try await api.put(wkID(), setup.body(" strength  BLOCK")).refusal() == taken)
            #expect(try await api.patch(other, ["name": "STRENGTH BLOCK"]).refusal() == taken)
            #expect(try await Self.state(h) == before)

            #expect(try await api.activate(id).status == .ok)
            let stored = try await api.get(id).text
            let active = try await api.active().text
            let message = "409 conflict -: Strength Block is your active program. Deactivate it first, then archive it."
            #expect(try await api.patch(id, ["archived": true]).refusal() == message)
            // Sent with other changes, the refused archive changes none of them.
            #expect(
                try await api.patch(id, ["archived": true, "name": "Renamed", "description": "Changed"]).refusal() == message)
            #expect(try await api.get(id).text == stored)
            #expect(try await api.active().text == active)

            // An archived program cannot be activated.
            #expect(try await api.patch(other, ["archived": true]).status == .ok)
            #expect(
                try await api.activate(other).refusal()
                    == "409 conflict -: Other is archived. Restore it first, then activate it.")
            #expect(try await api.active().text == active)
        }
    }

    @Test(
        "a program that starts later answers not-started and cannot be started yet; an unknown program cannot be activated",
        arguments: TestDatabase.all)
    func startsLater(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let api = h.programs()
            let setup = try await ProgramSetup.make(h)
            let id = try #require(try await setup.create(api)["id"] as? String)
            let activated = try await api.activate(id, ["startDay": "2026-09-28"])
            #expect(activated.status == .ok)
            let today = try #require(try activated.object()["today"] as? [String: Any])
            #expect(today["state"] as? String == "not-started")
            #expect(today["day"] is NSNull)
            #expect(
                try await api.start(["workoutId": wkID()]).refusal()
                    == "409 conflict -: Strength Block starts on 2026-09-28. Change its start day to begin now.")
            #expect(try await h.count("workouts") == 0)
            #expect(try await api.activate(wkID()).refusal() == "404 not_found -: The program was not found.")
            #expect(try await api.activate("not-an-id").status == .notFound)
        }
    }

    // MARK: Templates

    @Test(
        "deleting a template a program uses answers 409 naming the program, and the template stays", arguments: TestDatabase.all)
    func templateDeleteGuard(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let (api, templates) = (h.programs(), h.templates())
            let setup = try await ProgramSetup.make(h)
            let program = try await setup.create(api)
            let id = try #require(program["id"] as? String)
            let template = try await templates.get(setup.light).text
            let before = try await Self.state(h)
            let refused = try await templates.delete(setup.light)
            #expect(
                try refused.refusal()
                    == "409 conflict -: This template is a day of your program Strength Block. Pick another template for those days first, or archive this one."
            )
            #expect(try await templates.get(setup.light).text == template)
            #expect(try await Self.state(h) == before)
            #expect(wkCanonical(try (try await api.get(id)).object()) == wkCanonical(program))
            // A template no program uses can go.
            let spare = try await templates.newTemplate("Spare Day", [tpRow(setup.bench)])
            #expect(try await templates.delete(spare).status == .noContent)
        }
    }

    // MARK: Presets
    // These tests need the Starting Strength program preset (9a0f0000-...-000000010000)
    // in `ProgramPresets.all`; they fail until the preset library is filled in.

    static var startingStrength: ProgramPreset {
        get throws {
            try #require(
                ProgramPresets.preset(id: UUID(uuidString: startingStrengthProgram)!),
                "the Starting Strength program preset exists")
        }
    }

    @Test("the presets are listed, the same on every call, and nothing is stored for them", arguments: TestDatabase.all)
    func presetList(engine: TestDatabase) async throws {
        let preset = try Self.startingStrength
        try await withApp(engine) { _, h in
            let api = h.programs()
            let first = try await api.presets("limit=200")
            #expect(first.status == .ok, "\(first.text)")
            let items = try first.items()
            #expect(wkIDs(items) == ProgramPresets.all.map(\.id.text))
            let listed = try #require(items.first { $0["id"] as? String == startingStrengthProgram })
            #expect(listed["name"] as? String == preset.name)
            #expect(listed["preset"] as? Bool == true)
            #expect(listed["weekCount"] as? Int == preset.weekCount)
            #expect(items.allSatisfy { $0["preset"] as? Bool == true && $0["archived"] as? Bool == false })
            #expect(try await api.presets("limit=200").text == first.text)
            #expect(try await h.programs(.ben).presets("limit=200").text == first.text, "the same for every lifter")
            let shown = try await api.preset(startingStrengthProgram)
            #expect(shown.status == .ok)
            #expect(wkCanonical(try shown.object()) == wkCanonical(listed))
            #expect(try await api.get(startingStrengthProgram).text == shown.text, "a preset reads under /programs too")
            #expect(try await api.preset(wkID()).refusal() == "404 not_found -: The preset was not found.")
            #expect(try await api.names("archived=true") == [], "presets are not the lifter's own programs")
            #expect(try await h.count("programs") == 0)
            #expect(try await h.count("workout_templates") == 0)
        }
    }

    @Test(
        "the lists filter by words ('531' finds 5/3/1), category and level; an unknown level is refused, naming the levels",
        arguments: TestDatabase.all)
    func listFilters(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let api = h.programs()
            let names = { (query: String) in try await api.presets(query).items().compactMap { $0["name"] as? String } }
            #expect(try await names("search=531") == ["5/3/1 Boring But Big", "nSuns 5/3/1"])
            #expect(try await names("search=5%2F3%2F1%20boring") == ["5/3/1 Boring But Big"])
            #expect(try await names("difficulty=beginner") == ["Starting Strength", "StrongLifts 5x5", "Beginner Full Body"])
            #expect(try await names("category=powerlifting&difficulty=advanced") == ["12-Week Powerlifting Peak"])
            #expect(try await names("difficulty=") == ProgramPresets.all.map(\.name), "an empty value filters nothing")
            let expert = try await api.presets("difficulty=expert")
            #expect(expert.status == .badRequest)
            #expect(try expert.error().field == "difficulty")
            #expect(try expert.error().message == "Unknown difficulty \"expert\". Use one of: beginner, intermediate, advanced.")
            // The lifter's own programs filter the same way.
            let setup = try await ProgramSetup.make(h)
            _ = try await setup.create(api, "Strength Block")
            _ = try await api.use(ProgramPresets.all[4].id.text, as: wkID())
            #expect(try await api.names("search=531") == ["5/3/1 Boring But Big"])
            #expect(try await api.names("difficulty=intermediate&search=block") == ["Strength Block"])
            #expect(try await api.names("difficulty=advanced") == [])
            let cardio = try await api.list("category=cardio")
            #expect(cardio.status == .badRequest)
            #expect(try cardio.error().field == "category")
            #expect(
                try cardio.error().message
                    == "Unknown category \"cardio\". Use one of: beginner, strength, hypertrophy, powerlifting, bodybuilding, crossfit, general-fitness."
            )
        }
    }

    @Test("the preset list is the same after a second start of the app on the same database", arguments: TestDatabase.all)
    func presetsAfterRestart(engine: TestDatabase) async throws {
        _ = try Self.startingStrength
        try await TestEnvironment.with(engine) { env in
            try await env.withStore(migrate: true) { store in
                let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
                let ana = try await accounts.register(username: "ana", password: testPassword, now: testNow)
                let token = try await accounts.createToken(userID: ana.id, name: "tests", now: testNow).secret
                var answers: [String] = []
                for _ in 0..<2 {
                    let configuration = AppConfiguration(
                        dataDirectory: env.dataDirectory, database: env.location, logLevel: .warning, passwordCost: 4,
                        clock: { testNow })
                    let app = try await buildApplication(configuration: configuration)
                    answers.append(
                        try await app.test(.router) { client in
                            try await ProgramAPICalls(client: client, token: token).presets("limit=200").text
                        })
                }
                #expect(answers[0] == answers[1])
                let items =
                    try #require(try JSONSerialization.jsonObject(with: Data(answers[0].utf8)) as? [String: Any])["items"]
                    as? [[String: Any]]
                #expect(items?.count == ProgramPresets.all.count)
                #expect(try await TestEnvironment.count("programs", in: store) == 0)
                #expect(try await TestEnvironment.count("workout_templates", in: store) == 0)
            }
        }
    }

    @Test(
        "a preset is read-only: PUT, PATCH, DELETE and the other changes answer 403 and create nothing",
        arguments: TestDatabase.all)
    func presetReadOnly(engine: TestDatabase) async throws {
        _ = try Self.startingStrength
        try await withApp(engine) { _, h in
            let api = h.programs()
            let setup = try await ProgramSetup.make(h)
            let preset = try (try await api.get(startingStrengthProgram)).object()
            let day = try #require(prgDays(preset, week: 1).first?["id"] as? String)
            let before = try await Self.state(h)
            func readOnly(_ action: String) -> String {
                "403 forbidden -: Preset programs are read-only, so you cannot \(action) one. Use it to make your own copy, then \(action) that."
            }
            let p = startingStrengthProgram
            #expect(try await api.put(p, setup.body("Mine")).refusal() == readOnly("edit"))
            #expect(try await api.patch(p, ["name": "Mine"]).refusal() == readOnly("edit"))
            #expect(try await api.patch(p, ["archived": true]).refusal() == readOnly("edit"))
            #expect(try await api.delete(p).refusal() == readOnly("delete"))
            #expect(try await api.week(p, 1, ["modifier": 1.5]).refusal() == readOnly("edit"))
            #expect(try await api.day(p, day, ["notes": "mine"]).refusal() == readOnly("edit"))
            #expect(try await api.duplicate(p, as: wkID()).refusal() == readOnly("duplicate"))
            #expect(try await api.activate(p).refusal() == readOnly("activate"))
            #expect(try await Self.state(h) == before)
            #expect(wkCanonical(try (try await api.get(p)).object()) == wkCanonical(preset))
        }
    }

    @Test(
        "using a preset makes the lifter's own program on their own copies of its templates; a second use reuses them",
        arguments: TestDatabase.all)
    func usePreset(engine: TestDatabase) async throws {
        let preset = try Self.startingStrength
        try await withApp(engine) { _, h in
            let (api, templates) = (h.programs(), h.templates())
            let templateNames = Set(preset.templatePresetIDs.compactMap { TemplatePresets.preset(id: $0)?.name })
            #expect(templateNames.count == preset.templatePresetIDs.count, "its days are template presets")

            let id = wkID()
            let used = try await api.use(startingStrengthProgram, as: id)
            #expect(used.status == .created, "\(used.text)")
            let program = try used.object()
            #expect(program["id"] as? String == id)
            #expect(program["name"] as? String == preset.name)
            #expect(program["preset"] as? Bool == false)
            #expect(program["weekCount"] as? Int == preset.weekCount)
            #expect(program["category"] as? String == preset.category.rawValue)
            let mine = try await templates.list("archived=true").items()
            #expect(Set(mine.compactMap { $0["name"] as? String }) == templateNames, "one copy of each of its templates")
            let myTemplateIDs = Set(wkIDs(mine))
            let used1 = Set(
                prgWeeks(program).flatMap { ($0["days"] as? [[String: Any]] ?? []).compactMap { $0["templateId"] as? String } })
            #expect(used1 == myTemplateIDs, "every day is on the lifter's own copy")
            #expect(used1.isDisjoint(with: preset.templatePresetIDs.map(\.text)))
            #expect(try await h.count("workout_templates") == preset.templatePresetIDs.count)
            #expect(try await api.get(id).status == .ok)

            // A second use: a second program, the same templates.
            let again = try await api.use(startingStrengthProgram, as: wkID())
            #expect(again.status == .created, "\(again.text)")
            let second = try again.object()
            #expect(second["name"] as? String == "\(preset.name) (Copy)")
            let used2 = Set(
                prgWeeks(second).flatMap { ($0["days"] as? [[String: Any]] ?? []).compactMap { $0["templateId"] as? String } })
            #expect(used2 == used1)
            #expect(try await h.count("workout_templates") == preset.templatePresetIDs.count, "no template copied twice")
            #expect(try await h.count("programs") == 2)
            #expect(Set(try await api.names()) == [preset.name, "\(preset.name) (Copy)"])

            // Its own copy can be edited and activated.
            #expect(try await api.patch(id, ["name": "My Starting Strength"]).status == .ok)
            #expect(try await api.activate(id).status == .ok)
            // An unknown preset.
            #expect(try await api.use(wkID(), as: wkID()).refusal() == "404 not_found -: The preset was not found.")
        }
    }

    @Test(
        "a lifter's own template with a preset template's name does not make a second use copy the templates again",
        arguments: TestDatabase.all)
    func usePresetBesideSameName(engine: TestDatabase) async throws {
        let preset = try Self.startingStrength
        try await withApp(engine) { _, h in
            let (api, templates, lifts) = (h.programs(), h.templates(), h.workouts())
            let firstTemplate = try #require(preset.templatePresetIDs.first.flatMap { TemplatePresets.preset(id: $0) })
            // Ana's own routine under the preset template's name, with other exercises.
            let bench = try await lifts.exercise(.bench)
            let own = try await templates.newTemplate(firstTemplate.name, [tpRow(bench, ["setCount": 1])])
            let count = preset.templatePresetIDs.count

            let first = try await api.use(startingStrengthProgram, as: wkID())
            #expect(first.status == .created, "\(first.text)")
            #expect(try await h.count("workout_templates") == 1 + count)
            #expect(
                try await templates.names("archived=true").contains("\(firstTemplate.name) (Copy)"),
                "her own keeps its name; the copy is named as a copy")
            let used = Set(
                prgWeeks(try first.object()).flatMap {
                    ($0["days"] as? [[String: Any]] ?? []).compactMap { $0["templateId"] as? String }
                })
            #expect(!used.contains(own), "her own routine is not the preset's")

            let second = try await api.use(startingStrengthProgram, as: wkID())
            #expect(second.status == .created, "\(second.text)")
            let again = Set(
                prgWeeks(try second.object()).flatMap {
                    ($0["days"] as? [[String: Any]] ?? []).compactMap { $0["templateId"] as? String }
                })
            #expect(again == used, "the second use reuses the first use's copies")
            #expect(try await h.count("workout_templates") == 1 + count, "no template copied twice")
        }
    }

    @Test(
        "pause, resume and coming back over the API: the status says paused and since when; every refusal names what to do and changes nothing",
        arguments: TestDatabase.all)
    func pauseAndResume(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let api = h.programs()
            let setup = try await ProgramSetup.make(h)
            let id = try #require(try await setup.create(api, "Strength Block")["id"] as? String)
            let other = try #require(try await setup.create(api, "Other Block")["id"] as? String)
            #expect(try await api.activate(id).status == .ok)

            let paused = try await api.pause()
            #expect(paused.status == .ok, "\(paused.text)")
            let status = try paused.object()
            let today = try #require(status["today"] as? [String: Any])
            #expect(today["state"] as? String == "paused")
            #expect(today["week"] as? Int == 1)
            #expect((today["day"] as? [String: Any])?["weekday"] as? String == "monday")
            #expect(status["pausedSince"] as? String == "2026-09-21")
            #expect(status["pausedDays"] as? Int == 0)
            #expect(status["weeksBehind"] as? Int == 0)

            var before = try await Self.state(h)
            #expect(try await api.pause().refusal() == "409 conflict -: Strength Block is paused already, since 2026-09-21.")
            #expect(
                try await api.start(["workoutId": wkID()]).refusal()
                    == "409 conflict -: Strength Block is paused since 2026-09-21. Resume it to start its next session.")
            #expect(
                try await api.skipWeek().refusal()
                    == "409 conflict -: Strength Block is paused since 2026-09-21. Resume it to skip a week.")
            #expect(try await Self.state(h) == before)

            let resumed = try await api.resume()
            #expect(resumed.status == .ok, "\(resumed.text)")
            #expect((try resumed.object()["today"] as? [String: Any])?["state"] as? String == "train")
            #expect(try resumed.object()["pausedSince"] is NSNull)
            #expect(try await api.resume().refusal() == "409 conflict -: Strength Block is not paused: it is running.")

            // Another program, then back: the place is kept; both at once is refused.
            #expect(try await api.activate(other).status == .ok)
            before = try await Self.state(h)
            #expect(
                try await api.activate(id, ["resume": true, "startDay": "2026-09-28"]).refusal()
                    == "400 validation_failed resume: Send startDay to start over, or resume to pick up where you left off, not both."
            )
            #expect(try await Self.state(h) == before)
            let back = try await api.activate(id, ["resume": true])
            #expect(back.status == .ok, "\(back.text)")
            #expect(try back.object()["startDay"] as? String == "2026-09-21")
            #expect(try await h.count("program_stops") == 1, "Other Block keeps its place")
        }
    }

    @Test(
        "the projection answers each main lift's top set per week from the lifter's own squats; a preset's too; nothing is stored",
        arguments: TestDatabase.all)
    func projection(engine: TestDatabase) async throws {
        try await withApp(engine) { _, h in
            let api = h.programs()
            let setup = try await ProgramSetup.make(h)
            _ = try await setup.squatHistory(h)
            let id = try #require(try await setup.create(api)["id"] as? String)
            let before = try await Self.state(h)
            let response = try await api.projection(id)
            #expect(response.status == .ok, "\(response.text)")
            let body = try response.object()
            #expect(body["unit"] as? String == "kg")
            #expect(wkNumber(body["assumedRPE"]) == 8)
            let lifts = try #require(body["lifts"] as? [[String: Any]])
            #expect(lifts.map { $0["exerciseId"] as? String } == [setup.squat, setup.bench])
            // Week ×1.05 ... ×1.125 from 100 kg x 5 at RPE 8 (worked by hand in ProgramPlaceTests).
            #expect((lifts[0]["topSets"] as? [Any])?.map(wkNumber) == [107.5, 112.5, 117.5, 122.5])
            #expect((lifts[1]["topSets"] as? [Any])?.prefix(2).map(wkNumber) == [62.5, 67.5])
            #expect(try await Self.state(h) == before, "nothing stored")

            let presets = try await api.presets().items()
            let starting = try #require(presets.first { $0["name"] as? String == "Starting Strength" }?["id"] as? String)
            let played = try await api.projection(starting)
            #expect(played.status == .ok, "\(played.text)")
            let squat = try #require((try played.object()["lifts"] as? [[String: Any]])?.first)
            #expect(squat["exerciseId"] as? String == setup.squat)
            #expect((squat["topSets"] as? [Any])?.prefix(3).map(wkNumber) == [105, 110, 117.5], "the preset, from her squats")
            #expect(try await api.projection(wkID()).refusal() == "404 not_found -: The program was not found.")
        }
    }
}
