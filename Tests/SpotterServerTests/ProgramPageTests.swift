import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The program pages as a browser uses them: every one of the Programs tab's 20
/// routes, and the inputs a tampered or stale page may send. (The happy paths run in
/// chromium in tests/browser/test_programs.py.)
@Suite("Pages: programs")
struct ProgramPageTests {
    /// Ben, signed in, with the setup's templates and its "Strength Block": 4 weeks
    /// from 105% by 2.5%, the heavy day on Monday and the light day on Thursday.
    private func benWithProgram(
        _ client: any TestClientProtocol, _ h: Harness
    ) async throws -> (browser: Browser, api: ProgramAPICalls, setup: ProgramSetup, id: String, program: [String: Any]) {
        let api = h.programs(.ben)
        let setup = try await ProgramSetup.make(h, .ben)
        let program = try await setup.create(api)
        let browser = try await Browser.signedIn(client)
        return (browser, api, setup, program["id"] as! String, program)
    }

    /// `benWithProgram`, on the program's page (which gives the form token), and the
    /// API's view of his programs then, to compare with after a refused form.
    private func benOnProgramPage(
        _ client: any TestClientProtocol, _ h: Harness
    ) async throws -> (browser: Browser, api: ProgramAPICalls, id: String, program: [String: Any], before: [String]) {
        var (browser, api, _, id, program) = try await benWithProgram(client, h)
        _ = try await page(&browser, "/programs/\(id)")
        return (browser, api, id, program, try await state(api))
    }

    /// Ben's programs as the API sees them (list with archived, the active one): equal before and after a refused form.
    private func state(_ api: ProgramAPICalls) async throws -> [String] {
        [try await api.list("archived=true").text, try await api.active().text]
    }

    /// A page's body, having checked its status.
    private func page(_ browser: inout Browser, _ path: String, _ status: HTTPResponse.Status = .ok) async throws -> String {
        let response = try await browser.get(path)
        #expect(response.status == status, "GET \(path): \(response.status)")
        return response.text
    }

    /// The wizard's fields for the setup's program, all four steps' worth.
    private func wizardFields(_ setup: ProgramSetup, name: String, weeks: String = "4") -> [(String, String)] {
        [
            ("name", name), ("description", "Made in the wizard"), ("category", "strength"), ("difficulty", "intermediate"),
            ("weeks", weeks),
            ("pattern", "linear"), ("base", "105"), ("increment", "2.5"),
            ("day.monday.template", setup.heavy), ("day.monday.notes", "Heavy singles first"), ("day.monday.rpe", "8"),
            ("day.tuesday.template", ""), ("day.tuesday.notes", ""), ("day.tuesday.rpe", ""),
            ("day.thursday.template", setup.light), ("day.thursday.notes", ""), ("day.thursday.rpe", ""),
        ]
    }

    // MARK: Reading

    @Test(
        "the list, the presets tab, the detail page and the wizard's chart show what a lifter looks for",
        arguments: TestDatabase.all)
    func readingPages(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, _, _, id, _) = try await benWithProgram(client, h)
            let list = try await page(&browser, "/programs")
            #expect(list.contains("<span class=\"row-title\">Strength Block</span>"))
            #expect(list.contains("Strength · Intermediate"))
            #expect(!list.contains("Starting Strength"), "presets stay on their own tab")
            let presets = try await page(&browser, "/programs?tab=presets")
            #expect(presets.contains("<span class=\"row-title\">Starting Strength</span>"))
            #expect(!presets.contains("<span class=\"row-title\">Strength Block</span>"))
            let searched = try await page(&browser, "/programs?search=nothing-like-it")
            #expect(searched.contains("No program matches"))
            // "531" finds 5/3/1; the level chips narrow it to the intermediate one, checked.
            let wave = try await page(&browser, "/programs?tab=presets&search=531&difficulty=intermediate")
            #expect(wave.contains("<span class=\"row-title\">5/3/1 Boring But Big</span>"))
            #expect(wave.contains("<span class=\"row-title\">nSuns 5/3/1</span>"))
            #expect(!wave.contains("<span class=\"row-title\">Starting Strength</span>"))
            #expect(wave.contains("name=\"difficulty\" value=\"intermediate\" checked"))
            let advanced = try await page(&browser, "/programs?tab=presets&search=531&difficulty=advanced")
            #expect(advanced.contains("No program matches") && advanced.contains("Try another word, category or level."))
            let unknown = try await browser.get("/programs?difficulty=expert")
            #expect(unknown.status == .badRequest)
            #expect(unknown.text.contains("Unknown difficulty &quot;expert&quot;. Use one of: beginner, intermediate, advanced."))

            let detail = try await page(&browser, "/programs/\(id)")
            #expect(detail.contains("<h2 class=\"display-small\">Strength Block</h2>"))
            for week in 1...4 { #expect(detail.contains("<h3>Week \(week)</h3>"), "week \(week) is listed") }
            #expect(!detail.contains("<h3>Week 5</h3>"))
            #expect(detail.contains("Heavy Day") && detail.contains("Light Day") && detail.contains("Heavy singles first"))
            #expect(detail.contains("Follow this program"), "not active yet: the page offers to activate it")
            #expect(detail.contains("/programs/\(id)/weeks/2") && detail.contains("/programs/\(id)/delete"))

            let chart = try await browser.get("/programs/chart?weeks=4&pattern=linear&base=100&increment=2.5")
            #expect(chart.status == .ok)
            #expect(chart.text.contains("<svg") && chart.text.contains("Intensity by week"))
            let noChart = try await browser.get("/programs/chart?weeks=many&pattern=linear&base=100&increment=2.5")
            #expect(noChart.status == .ok)
            #expect(!noChart.text.contains("<svg"), "a length that is not a number draws no chart")
        }
    }

    // MARK: Activation and today's session

    @Test(
        "activate makes it active, start today starts Monday's session, skip week moves on, deactivate stops it",
        arguments: TestDatabase.all)
    func activeProgram(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, api, _, id, program) = try await benWithProgram(client, h)
            _ = try await page(&browser, "/programs/\(id)")
            let activated = try await browser.post("/programs/\(id)/activate", [("startDay", "2026-09-21")])
            #expect(activated.status == .seeOther)
            #expect(activated.location == "/programs/\(id)?notice=programActivated")
            let status = try (try await api.active()).object()
            #expect((status["program"] as? [String: Any])?["id"] as? String == id)
            #expect(status["currentWeek"] as? Int == 1)
            let list = try await page(&browser, "/programs")
            #expect(list.contains("<span class=\"badge accent\">Active</span>"))
            let detail = try await page(&browser, "/programs/\(id)")
            #expect(detail.contains("Skip to next week") && detail.contains("Deactivate"))
            #expect(detail.contains("action=\"/programs/active/start\""))
            #expect(!detail.contains("Follow this program"))

            let workoutID = wkID()
            let started = try await browser.post("/programs/active/start", [("workoutId", workoutID)])
            #expect(started.status == .seeOther)
            #expect(started.location == "/workout")
            let workout = try (try await h.workouts(.ben).active()).object()
            #expect(workout["id"] as? String == workoutID)
            #expect(workout["name"] as? String == "Heavy Day", "Monday is the heavy day")
            let link = try #require(workout["program"] as? [String: Any])
            #expect(link["programId"] as? String == id)
            #expect(link["dayId"] as? String == prgDays(program, week: 1).first?["id"] as? String)

            _ = try await page(&browser, "/programs/\(id)")
            let skipped = try await browser.post("/programs/active/skip-week", [])
            #expect(skipped.location == "/programs/\(id)?notice=weekSkipped")
            #expect(try (try await api.active()).object()["currentWeek"] as? Int == 2)

            let stopped = try await browser.post("/programs/active/deactivate", [])
            #expect(stopped.location == "/programs/\(id)?notice=programDeactivated")
            #expect(try await api.active().status == .notFound)
            #expect(try await page(&browser, "/programs/\(id)").contains("Follow this program"))
            #expect(!(try await page(&browser, "/programs")).contains("badge accent"))
        }
    }

    @Test(
        "a bad start day, or starting with nothing active, answers with a message and changes nothing",
        arguments: TestDatabase.all)
    func activeProgramRefusals(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, api, id, _, before) = try await benOnProgramPage(client, h)
            for day in ["2026-13-01", "tomorrow", "2031-01-01"] {
                let response = try await browser.post("/programs/\(id)/activate", [("startDay", day)])
                #expect(response.status == .badRequest, "\(day): \(response.status)")
                #expect(response.text.contains("Pick a start day as YYYY-MM-DD, within a year of today."), "\(day)")
                #expect(
                    response.text.contains("<h2 class=\"display-small\">Strength Block</h2>"), "\(day): the program page again")
                #expect(try await state(api) == before, "\(day) activated nothing")
            }
            for path in ["/programs/active/start", "/programs/active/skip-week"] {
                let response = try await browser.post(path, [("workoutId", wkID())])
                #expect(response.status == .conflict, "\(path): \(response.status)")
                #expect(response.text.contains("You have no active program."), "\(path)")
                #expect(try await state(api) == before, "\(path) changed nothing")
            }
            #expect(try await h.workouts(.ben).active().status == .notFound, "no workout was started")
        }
    }

    @Test(
        "start today with a workout in progress asks first; discarding it starts today's session with the page's id",
        arguments: TestDatabase.all)
    func startOverRunningWorkout(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, api, id, _, _) = try await benOnProgramPage(client, h)
            let lifts = h.workouts(.ben)
            #expect(try await api.activate(id).status == .ok)
            let running = wkID()
            try #require(try await lifts.start(running, ["name": "Evening Arms"]).status == .created)
            let detail = try await page(&browser, "/programs/\(id)")
            let workoutID = String(try #require(detail.firstMatch(of: /name="workoutId" value="([0-9a-f-]+)"/)?.1))
            let asked = try await browser.post("/programs/active/start", [("workoutId", workoutID)])
            #expect(asked.status == .conflict)
            #expect(asked.text.contains("Evening Arms is still in progress"))
            #expect(asked.text.contains("name=\"workoutId\" value=\"\(workoutID)\""), "the confirm form keeps the page's id")
            #expect(try (try await lifts.active()).object()["id"] as? String == running, "nothing was replaced yet")
            let replaced = try await browser.post("/programs/active/start", [("replace", "1"), ("workoutId", workoutID)])
            #expect(replaced.location == "/workout")
            let now = try (try await lifts.active()).object()
            #expect(now["id"] as? String == workoutID && now["name"] as? String == "Heavy Day")
            #expect(try await lifts.get(running).status == .notFound, "the running workout was discarded")
        }
    }

    // MARK: The wizard

    @Test(
        "the wizard's steps create a program; the edit wizard saves one; a bad step answers at its field and stores nothing",
        arguments: TestDatabase.all)
    func wizard(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, api, setup, id, _) = try await benWithProgram(client, h)
            let step1 = try await page(&browser, "/programs/new")
            #expect(step1.contains("About the program") && step1.contains("New program"))
            let fields = wizardFields(setup, name: "Winter Block")
            let step2 = try await browser.post("/programs/new", fields + [("step", "1"), ("goto", "2")])
            #expect(step2.status == .ok)
            #expect(step2.text.contains("How it gets harder") && step2.text.contains("<svg"))
            let step3 = try await browser.post("/programs/new", fields + [("step", "2"), ("goto", "next")])
            #expect(step3.text.contains("Weekly schedule") && step3.text.contains("Heavy Day"))
            let step4 = try await browser.post("/programs/new", fields + [("step", "3"), ("goto", "4")])
            #expect(
                step4.text.contains("Preview") && step4.text.contains("<h3>Week 4</h3>")
                    && !step4.text.contains("<h3>Week 5</h3>"))
            #expect(try await api.names() == ["Strength Block"], "nothing is stored before the last step")

            let newID = wkID()
            let created = try await browser.post("/programs/new", fields + [("step", "4"), ("goto", "save"), ("id", newID)])
            #expect(created.location == "/programs/\(newID)?notice=programCreated")
            let made = try (try await api.get(newID)).object()
            #expect(made["name"] as? String == "Winter Block")
            #expect(made["weekCount"] as? Int == 4)
            #expect(prgDays(made, week: 1).map { $0["templateId"] as? String } == [setup.heavy, setup.light])
            #expect(try await page(&browser, "/programs/\(newID)?notice=programCreated").contains("Winter Block"))

            // Bad input at each step: the step with the problem, its message, nothing stored.
            let before = try await state(api)
            for (name, value, message) in [
                ("weeks", "many", "Enter the length as a whole number of weeks, 1 to 52."),
                ("base", "heavy", "Enter the base intensity as a percentage, like 100."),
                ("day.monday.rpe", "hard", "Enter the RPE as a number from 1 to 10, like 8 or 7.5."),
            ] {
                let tampered = fields.map { $0.0 == name ? (name, value) : $0 }
                let response = try await browser.post(
                    "/programs/new", tampered + [("step", "4"), ("goto", "save"), ("id", wkID())])
                #expect(response.status == .badRequest, "\(name)=\(value): \(response.status)")
                #expect(response.text.contains(message), "\(name)=\(value)")
                #expect(response.text.contains("Check the fields marked below."), "\(name)=\(value)")
                #expect(try await state(api) == before, "\(name)=\(value) stored nothing")
            }
            // A template id that is not one of Ben's, and a taken name.
            let foreign = try await ProgramSetup.make(h, .ana).heavy
            let stranger = fields.map { $0.0 == "day.monday.template" ? ($0.0, foreign) : $0 }
            let refused = try await browser.post("/programs/new", stranger + [("step", "4"), ("goto", "save"), ("id", wkID())])
            #expect(refused.status == .badRequest, "\(refused.status)")
            #expect(refused.text.contains("Weekly schedule"), "back at the schedule step")
            #expect(try await state(api) == before)
            let taken = try await browser.post(
                "/programs/new", wizardFields(setup, name: "strength block") + [("step", "4"), ("goto", "save")])
            #expect(taken.status == .conflict)
            #expect(taken.text.contains("About the program") && taken.text.contains("strength block"))
            #expect(try await state(api) == before)

            // The edit wizard: the program's values, then saved under a new name.
            let edit = try await page(&browser, "/programs/\(id)/edit")
            #expect(edit.contains("Edit Strength Block") && edit.contains("value=\"Strength Block\""))
            #expect(try await page(&browser, "/programs/\(id)/edit?step=3").contains("Weekly schedule"))
            let saved = try await browser.post(
                "/programs/\(id)/edit",
                wizardFields(setup, name: "Strength Block II", weeks: "6") + [("step", "4"), ("goto", "save")])
            #expect(saved.location == "/programs/\(id)?notice=saved")
            let changed = try (try await api.get(id)).object()
            #expect(changed["name"] as? String == "Strength Block II")
            #expect(changed["weekCount"] as? Int == 6)
            #expect(try await page(&browser, "/programs/\(id)").contains("<h3>Week 6</h3>"))
        }
    }

    // MARK: Copies, archive, delete

    @Test(
        "use this program copies a preset, duplicate makes a copy, archive hides it, delete after the confirm page removes it",
        arguments: TestDatabase.all)
    func copiesArchiveDelete(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, api, _, id, _) = try await benWithProgram(client, h)
            let preset = try await page(&browser, "/programs/\(startingStrengthProgram)")
            #expect(preset.contains("Starting Strength") && preset.contains("Use this program"))
            #expect(!preset.contains("Follow this program") && !preset.contains("/programs/\(startingStrengthProgram)/delete"))
            let presetCopy = String(try #require(preset.firstMatch(of: /name="newId" value="([0-9a-f-]+)"/)?.1))
            let used = try await browser.post("/programs/\(startingStrengthProgram)/use", [("newId", presetCopy)])
            #expect(used.location == "/programs/\(presetCopy)?notice=programCopied")
            let mine = try (try await api.get(presetCopy)).object()
            #expect(mine["name"] as? String == "Starting Strength" && mine["preset"] as? Bool == false)
            #expect(try await page(&browser, "/programs/\(presetCopy)").contains("Follow this program"))

            let detail = try await page(&browser, "/programs/\(id)")
            let copyID = String(try #require(detail.firstMatch(of: /name="newId" value="([0-9a-f-]+)"/)?.1))
            let duplicated = try await browser.post("/programs/\(id)/duplicate", [("newId", copyID)])
            #expect(duplicated.location == "/programs/\(copyID)?notice=programDuplicated")
            #expect(try await api.names() == ["Starting Strength", "Strength Block", "Strength Block (Copy)"])
            #expect(try await page(&browser, "/programs/\(copyID)").contains("Strength Block (Copy)"))

            let archived = try await browser.post("/programs/\(id)/archive", [("archived", "1")])
            #expect(archived.location == "/programs/\(id)?notice=programArchived")
            #expect(!(try await page(&browser, "/programs")).contains("<span class=\"row-title\">Strength Block</span>"))
            let withArchived = try await page(&browser, "/programs?archived=1")
            #expect(withArchived.contains("<span class=\"row-title\">Strength Block</span><span class=\"badge\">Archived</span>"))
            let archivedDetail = try await page(&browser, "/programs/\(id)")
            #expect(archivedDetail.contains("Restore") && !archivedDetail.contains("Follow this program"))
            let restored = try await browser.post("/programs/\(id)/archive", [("archived", "0")])
            #expect(restored.location == "/programs/\(id)?notice=programRestored")
            #expect(try await page(&browser, "/programs").contains("<span class=\"row-title\">Strength Block</span>"))

            let confirm = try await page(&browser, "/programs/\(id)/delete")
            #expect(confirm.contains("Delete Strength Block?") && !confirm.contains("It is your active program"))
            #expect(try await api.get(id).status == .ok, "the confirm page deletes nothing")
            let deleted = try await browser.post("/programs/\(id)/delete", [])
            #expect(deleted.location == "/programs?notice=programDeleted")
            #expect(try await api.get(id).status == .notFound)
            #expect(try await api.names("archived=true") == ["Starting Strength", "Strength Block (Copy)"])
        }
    }

    @Test("the active program cannot be archived, and its delete page says deleting stops it", arguments: TestDatabase.all)
    func activeArchiveAndDelete(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, api, _, id, _) = try await benWithProgram(client, h)
            #expect(try await api.activate(id).status == .ok)
            _ = try await page(&browser, "/programs/\(id)")
            let before = try await state(api)
            let refused = try await browser.post("/programs/\(id)/archive", [("archived", "1")])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("Strength Block is your active program. Deactivate it first, then archive it."))
            #expect(try await state(api) == before)
            #expect(
                try await page(&browser, "/programs/\(id)/delete").contains("It is your active program: deleting it stops it."))
            #expect(try await browser.post("/programs/\(id)/delete", []).location == "/programs?notice=programDeleted")
            #expect(try await api.active().status == .notFound)
        }
    }

    // MARK: A week, a day

    @Test("saving a week or a day changes it; a bad value answers at its field and changes nothing", arguments: TestDatabase.all)
    func weekAndDay(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, api, setup, id, program) = try await benWithProgram(client, h)
            let week = try await page(&browser, "/programs/\(id)/weeks/2")
            #expect(week.contains("<h2>Week 2</h2>") && week.contains("value=\"107.5\""))
            let before = try await api.get(id).text
            for (modifier, phase, message) in [
                ("heavy", "", "Enter the intensity as a percentage, like 105."),
                ("105", "nonsense", nil),
                ("9000", "", nil),
            ] {
                let response = try await browser.post("/programs/\(id)/weeks/2", [("modifier", modifier), ("phase", phase)])
                #expect(response.status == .badRequest, "\(modifier)/\(phase): \(response.status)")
                #expect(response.text.contains("field-error"), "\(modifier)/\(phase): the field says what is wrong")
                if let message { #expect(response.text.contains(message)) }
                #expect(try await api.get(id).text == before, "\(modifier)/\(phase) changed nothing")
            }
            let savedWeek = try await browser.post(
                "/programs/\(id)/weeks/2", [("modifier", "120"), ("phase", ""), ("deload", "1")])
            #expect(savedWeek.location == "/programs/\(id)?notice=saved")
            let afterWeek = try (try await api.get(id)).object()
            #expect(wkNumber(prgWeeks(afterWeek)[1]["modifier"]) == 1.2)
            #expect(prgWeeks(afterWeek)[1]["deload"] as? Bool == true)
            #expect(try await page(&browser, "/programs/\(id)/weeks/2").contains("value=\"120\""))

            let monday = try #require(prgDays(program, week: 1).first?["id"] as? String)
            let day = try await page(&browser, "/programs/\(id)/days/\(monday)")
            #expect(
                day.contains("Week 1 · Monday") && day.contains("<option value=\"\(setup.heavy)\" selected>Heavy Day</option>"))
            let foreign = try await ProgramSetup.make(h, .ana).light
            let beforeDay = try await api.get(id).text
            for (template, rpe, message) in [
                ("not-a-template", "", "Pick one of your templates."),
                (setup.light, "hard", "Enter the RPE as a number from 1 to 10, like 8 or 7.5."),
                (setup.light, "11", nil),
                (foreign, "", nil),
            ] {
                let response = try await browser.post(
                    "/programs/\(id)/days/\(monday)", [("templateId", template), ("notes", "x"), ("rpe", rpe)])
                #expect(response.status == .badRequest, "\(template)/\(rpe): \(response.status)")
                #expect(response.text.contains("field-error"), "\(template)/\(rpe)")
                if let message { #expect(response.text.contains(message)) }
                #expect(try await api.get(id).text == beforeDay, "\(template)/\(rpe) changed nothing")
            }
            let savedDay = try await browser.post(
                "/programs/\(id)/days/\(monday)", [("templateId", setup.light), ("notes", "Swapped"), ("rpe", "7,5")])
            #expect(savedDay.location == "/programs/\(id)?notice=saved")
            let changedDay = try #require(prgDays(try (try await api.get(id)).object(), week: 1).first)
            #expect(changedDay["templateId"] as? String == setup.light)
            #expect(changedDay["notes"] as? String == "Swapped")
            #expect(wkNumber(changedDay["suggestedRPE"]) == 7.5)
        }
    }

    // MARK: Ids that are not there

    @Test(
        "an out-of-range week, an unknown or malformed day or program id answers 404 saying what was not found, and changes nothing",
        arguments: TestDatabase.all)
    func unknownIDs(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var (browser, api, id, program, before) = try await benOnProgramPage(client, h)
            let monday = try #require(prgDays(program, week: 1).first?["id"] as? String)
            // Path, message, a field its form sends, and whether the page has a POST route too (the detail page has none).
            var checked: [(path: String, message: String, field: String, posts: Bool)] = []
            for number in ["0", "5", "-1", "two", "99999999999999999999"] {
                checked.append(("/programs/\(id)/weeks/\(number)", "The week was not found.", "modifier", true))
            }
            for day in [wkID(), "not-a-day"] {
                checked.append(("/programs/\(id)/days/\(day)", "The day was not found.", "notes", true))
            }
            let anas = try await ProgramSetup.make(h, .ana).create(h.programs(.ana))["id"] as! String
            for bad in [wkID(), "not-a-program", String(id.dropLast()), anas] {
                for tail in ["", "/edit", "/delete", "/weeks/1", "/days/\(monday)"] {
                    checked.append(("/programs/\(bad)\(tail)", "The program was not found.", "name", !tail.isEmpty))
                }
            }
            for (path, message, field, posts) in checked {
                let page = try await browser.get(path)
                #expect(page.status == .notFound, "GET \(path): \(page.status)")
                #expect(page.text.contains(message), "GET \(path): \(page.text.prefix(200))")
                if posts {
                    let post = try await browser.post(path, [(field, "Changed"), ("modifier", "120"), ("templateId", wkID())])
                    #expect(post.status == .notFound, "POST \(path): \(post.status)")
                    #expect(post.text.contains(message), "POST \(path)")
                }
                #expect(try await state(api) == before, "\(path) changed nothing")
            }
            for bad in [wkID(), "not-a-program"] {
                for action in ["use", "activate", "duplicate", "archive"] {
                    let post = try await browser.post("/programs/\(bad)/\(action)", [("newId", wkID()), ("archived", "1")])
                    #expect(post.status == .notFound, "POST \(action) of \(bad): \(post.status)")
                    #expect(post.text.contains("was not found"), "\(action) of \(bad)")
                }
            }
            #expect(try await state(api) == before)

            // A preset is read-only: its edit, week, day and delete pages and their forms refuse, and nothing changes.
            let presetDay = try #require(
                prgDays(try (try await api.preset(startingStrengthProgram)).object(), week: 1).first?["id"] as? String)
            for tail in ["/edit", "/delete", "/weeks/1", "/days/\(presetDay)"] {
                let path = "/programs/\(startingStrengthProgram)\(tail)"
                let page = try await browser.get(path)
                #expect(page.status == .forbidden, "GET \(path): \(page.status)")
                #expect(page.text.contains("Preset programs are read-only"), "GET \(path)")
                let post = try await browser.post(path, [("name", "Mine"), ("modifier", "120"), ("goto", "save")])
                #expect(post.status == .forbidden, "POST \(path): \(post.status)")
                #expect(post.text.contains("Preset programs are read-only"), "POST \(path)")
            }
            #expect(try await state(api) == before)
        }
    }
}
