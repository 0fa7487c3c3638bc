import Foundation
import HummingbirdTesting
import Mustache
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// A misspelt `{{field}}` renders as nothing, and no page test notices a blank. Here the
/// pages are visited with `ViewRenderer.renderObserver` set, and every name of every
/// template they render (partials and the layout included) is looked up in the model the
/// page was rendered with, as swift-mustache would (`TemplateFieldChecker`). A name no
/// context has fails, naming the template, the line, the tag and the model's type; so
/// does a template no page renders, and a tag no render could check.
@Suite("Every name a template reads is a field of its model")
struct TemplateFieldsTests {
    /// Tags no page of the run can check, as "template:tag" (`"home:#records"`) with why.
    /// Keep it empty: sections a model leaves closed are checked against the declared
    /// types of their fields, so a tag lands here only when its context cannot be known.
    static let allowed: [String: String] = [:]

    @Test("every template, rendered by the pages, reads only names its model has")
    func pagesReadTheirModelsFields() async throws {
        let checker = try TemplateFieldChecker.loadViews()
        let observer: @Sendable (String, Any) -> Void = { template, model in checker.observe(template: template, model: model) }
        try await ViewRenderer.$renderObserver.withValue(observer) {
            try await withApp(.sqlite) { client, h in try await TemplateTour(client: client, h: h).visitEveryPage() }
        }

        for (tag, why) in checker.misses.sorted(by: { $0.key.description < $1.key.description }) {
            Issue.record("\(tag): \(why)")
        }
        let unrendered = Set(checker.templates.keys).subtracting(checker.rendered).sorted()
        #expect(unrendered.isEmpty, "templates no page of the run renders: \(unrendered.joined(separator: ", "))")
        let unchecked = checker.allTags.subtracting(checker.checked).subtracting(checker.misses.keys)
            .filter { Self.allowed["\($0.template):\($0.text)"] == nil }
            .sorted { ($0.template, $0.line, $0.column) < ($1.template, $1.line, $1.column) }
        #expect(unchecked.isEmpty, "names no render checked:\n\(unchecked.map(\.description).joined(separator: "\n"))")
        let stale = Self.allowed.keys.filter { key in checker.checked.contains { "\($0.template):\($0.text)" == key } }
        #expect(stale.isEmpty, "allowed tags that the run checks after all: \(stale)")
    }

    @Test("every page template is one page model's, and a page whose template is missing stops the start")
    func pagesNameTheirTemplates() async throws {
        let checker = try TemplateFieldChecker.loadViews()
        let pages = Set(checker.templates.keys.filter { !$0.hasPrefix("partials/") && $0 != "layout" })
        let named = PageModels.all.map { $0.template }
        #expect(pages.subtracting(named).sorted() == [], "templates no page model names (add it to PageModels.all)")
        #expect(Set(named).subtracting(pages).sorted() == [], "page models whose template is missing")
        #expect(named.count == Set(named).count, "two page models name one template")

        struct Misplaced: PageModel { static let template = "home/homepage" }
        await #expect {
            _ = try await ViewRenderer.load(pages: PageModels.all + [Misplaced.self])
        } throws: { error in
            (error as? APIProblem)?.message
                == "The page template home/homepage.mustache, which Misplaced is rendered with, is missing."
        }
    }

    @Test("a misspelt name, a name of the wrong section and a bad transform are caught; an outer section's name is not")
    func catchesMisspelling() throws {
        struct Row { let label: String; let note: String? }
        struct Chrome: MustacheParent {
            let title: String
            let forgotten: String
            func child(named name: String) -> Any? { name == "title" ? title : nil }
        }
        struct Model {
            let title: String; let rows: [Row]; let empty: [Row]; let flag: Bool; let error: String?; let chrome: Chrome
        }
        let text = """
            {{title}}{{#rows}}{{label}}{{note}}{{title}}{{lable}}{{/rows}}
            {{#empty}}{{label}}{{labl}}{{/empty}}{{^flag}}{{titel}}{{/flag}}{{#error}}{{error}}{{eror}}{{/error}}
            {{#empty(rows)}}x{{/empty(rows)}}{{#emtpy(rows)}}x{{/emtpy(rows)}}{{rows.label}}{{{chrome.title}}}{{&chrome.forgotten}}
            """
        let checker = TemplateFieldChecker(templates: ["t": try TemplateTagParser.parse(text, template: "t")])
        let model = Model(
            title: "T", rows: [Row(label: "a", note: nil)], empty: [], flag: true, error: nil,
            chrome: Chrome(title: "C", forgotten: "F"))
        checker.observe(template: "t", model: model)
        let missed = Set(checker.misses.keys.map(\.text))
        #expect(missed == ["lable", "labl", "titel", "eror", "#emtpy(rows)", "rows.label", "&chrome.forgotten"])
        #expect(checker.checked.map(\.text).contains("note"), "a nil field is a field")
        #expect(checker.misses.first { $0.key.text == "lable" }?.value.contains("Row") == true)
    }
}

/// A lifter's walk through every page, with data that fills them: past workouts with
/// records, templates, a program, a body log, an import preview, a guided workout, and
/// forms sent back with errors.
struct TemplateTour {
    let client: any TestClientProtocol
    let h: Harness

    func visitEveryPage() async throws {
        var anonymous = Browser(client)
        for path in ["/welcome", "/login", "/register"] { _ = try await anonymous.get(path) }
        _ = try await anonymous.post("/login", [("username", "ben"), ("password", "wrong password")])
        _ = try await anonymous.post("/register", [("username", ""), ("password", "x"), ("confirm", "y")])

        var browser = try await Browser.signedIn(client)
        let lifts = h.workouts(.ben)
        let templates = h.templates(.ben)
        let (bench, squat, plank) = try await lifts.exercises(.bench, .squat, .plank)
        let custom = try await h.createCustomExercise(.ben)

        // History: two finished workouts a week apart (records, a last time), then one in progress.
        h.clock.set(testNow.addingTimeInterval(-14 * 86_400))
        let (first, _) = try await lifts.logWorkout(
            exercises: [bench, squat, custom], sets: [(5, 80), (5, 85)], fields: ["notes": "Felt good"])
        h.clock.advance(by: 3_600)
        try #require(try await lifts.finish(first).status == .ok)
        h.clock.set(testNow.addingTimeInterval(-7 * 86_400))
        let (second, _) = try await lifts.logWorkout(exercises: [bench, squat, plank], sets: [(5, 90), (6, 90)])
        h.clock.advance(by: 3_600)
        try #require(try await lifts.finish(second).status == .ok)
        h.clock.set(testNow)

        let setup = try await ProgramSetup.make(h, .ben)
        let program = try await setup.create(h.programs(.ben))
        let programID = try #require(program["id"] as? String)
        let day = try #require(prgDays(program, week: 1).first?["id"] as? String)
        try #require(try await h.programs(.ben).activate(programID).status == .ok)

        for path in [
            "/", "/more", "/settings", "/settings/password", "/settings/tokens", "/settings/workout-types", "/settings/export",
            "/settings/import",
            "/exercises", "/exercises?q=zzzz", "/exercises/new", "/exercises/\(bench)", "/exercises/\(custom)",
            "/exercises/\(custom)/edit",
            "/exercises/\(custom)/delete", "/exercises/\(custom)/merge", "/exercises/\(custom)/merge?into=\(bench)",
            "/exercises/\(bench)/progress",
            "/progress", "/progress/body", "/history", "/history/\(first)", "/history/\(first)/delete",
            "/history/\(second)/summary",
            "/history/\(first)/edit", "/history/\(first)/save-template", "/workouts/past", "/workout", "/workout/offline",
            "/templates", "/templates/presets", "/templates/import", "/templates/\(setup.heavy)",
            "/templates/\(setup.heavy)/manage",
            "/templates/\(setup.heavy)/rename", "/templates/\(setup.heavy)/delete", "/templates/\(setup.heavy)/prep",
            "/templates/\(setup.heavy)/edit",
            "/templates/new", "/templates/new/timeline", "/templates/\(setup.heavy)/timeline",
            "/programs", "/programs?tab=presets", "/programs/new", "/programs/\(programID)", "/programs/\(programID)/edit",
            "/programs/\(programID)/delete", "/programs/\(programID)/weeks/1", "/programs/\(programID)/days/\(day)",
            "/exercises/\(wkID())",
        ] {
            let page = try await browser.get(path)
            #expect(page.status.code < 500, "\(path): \(page.status)")
        }

        // A workout done from a template, heavier than planned: the summary compares, and
        // updating the template asks first.
        let done = wkID()
        try #require(try await templates.start(setup.light, ["workoutId": done]).status == .created)
        let entry = try #require((try await lifts.get(done).object()["entries"] as? [[String: Any]])?.first)
        let entryID = try #require(entry["id"] as? String)
        for set in entry["sets"] as? [[String: Any]] ?? [] {
            _ = try await lifts.set(done, entryID, try #require(set["id"] as? String), ["reps": 6, "weight": 70, "done": true])
        }
        _ = try await lifts.set(done, entryID, wkID(), ["reps": 6, "weight": 70, "done": true])
        h.clock.advance(by: 3_600)
        try #require(try await lifts.finish(done).status == .ok)
        try await visit(&browser, "/history/\(done)/summary", "/history/\(done)")
        try await send(&browser, "/history/\(done)/template-update", [("choice", "values")])

        // Forms sent back with what is wrong in them.
        let types = try await lifts.workoutTypes()
        try await visit(&browser, "/settings/workout-types/\(try #require(types.first))/edit")
        try await send(&browser, "/templates/new/exercises", [("name", "Pull"), ("category", "custom")])
        try await send(&browser, "/templates/new", [("name", ""), ("category", "custom")])
        try await send(&browser, "/settings/workout-types", [("name", "")])
        try await send(&browser, "/settings/password", [("current", "wrong"), ("password", "short"), ("confirm", "other")])
        try await send(&browser, "/settings/tokens", [("name", "")])
        try await send(&browser, "/progress/body", [("date", "not a date"), ("bodyWeight", "heavy"), ("bodyFat", "x")])
        try await send(
            &browser, "/progress/body", [("date", "2026-09-20"), ("bodyWeight", "80"), ("bodyFat", "15"), ("note", "Morning")])
        try await visit(&browser, "/progress/body", "/history?from=2026-13-01")
        // A lift's training max: offered from the history above, refused, set, and a timed lift that takes none.
        try await visit(&browser, "/exercises/\(bench)/training-max", "/exercises/\(plank)/training-max")
        try await send(&browser, "/exercises/\(bench)/training-max", [("weight", "heavy")])
        try await send(&browser, "/exercises/\(bench)/training-max", [("weight", "100"), ("day", "2026-09-20")])
        try await visit(&browser, "/exercises/\(bench)/training-max", "/exercises/\(bench)")
        _ = try await browser.postMultipart("/exercises", [("name", ""), ("kind", "weightReps")])
        try await send(&browser, "/templates/\(setup.heavy)/rename", [("name", "")])
        try await send(&browser, "/programs/new", [("step", "1"), ("name", "")])

        // An import's preview: a known exercise, an unknown one, and rows left out.
        let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"
        let rows = [
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,Easy,",
            "2024-06-18 11:04:00,Push,1h,Zercher Wobble Squat,1,80,5,0,0,,,",
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),2,heavy,5,0,0,,,",
        ]
        let uploaded = try await ImportSteps.upload(Array(([header] + rows).joined(separator: "\n").utf8), into: &browser)
        try await visit(&browser, try #require(uploaded.location))

        // A guided workout: the player, its stop page, and a start that meets it.
        let played = try await browser.post("/templates/\(setup.heavy)/play", [])
        let player = try #require(played.location)
        try await visit(&browser, player, player + "/stop", "/workout")
        try await send(&browser, "/workouts/start", [])
        try await send(&browser, "/workouts/start", [("replace", "1")])
        let active = try #require(try await lifts.active().object()["id"] as? String)
        let activeEntry = wkID()
        _ = try await lifts.entry(active, activeEntry, ["exerciseId": bench])
        _ = try await lifts.set(active, activeEntry, wkID(), ["reps": 5, "weight": 95, "done": true])
        _ = try await lifts.set(active, activeEntry, wkID(), ["reps": 5, "weight": 95])
        try await visit(&browser, "/workout", "/", "/history/\(active)/edit")
    }

    private func visit(_ browser: inout Browser, _ paths: String...) async throws {
        for path in paths {
            let page = try await browser.get(path)
            #expect(page.status.code < 500, "\(path): \(page.status)")
        }
    }

    private func send(_ browser: inout Browser, _ path: String, _ fields: [(String, String)]) async throws {
        let page = try await browser.post(path, fields)
        #expect(page.status.code < 500, "\(path): \(page.status)")
    }
}
