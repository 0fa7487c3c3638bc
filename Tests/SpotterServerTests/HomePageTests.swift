import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// Home, the More tab and the finish summary as a browser without script uses them:
/// what a new lifter is offered, "Use and start now" (once, however often it is
/// tapped), and the summary's comparison and its one question about the template.
@Suite("Pages: Home and the finish summary")
struct HomePageTests {
    /// The hidden fields of the first form posting to `action` on `page`.
    private func hiddenFields(_ page: String, action: String) throws -> [(String, String)] {
        let form = try #require(
            page.components(separatedBy: "action=\"\(action)\"").dropFirst().first?.components(separatedBy: "</form>").first)
        return form.components(separatedBy: "<input type=\"hidden\" name=\"").dropFirst().compactMap { field in
            let name = String(field.prefix { $0 != "\"" })
            guard name != "_csrf",
                let value = field.components(separatedBy: "value=\"").dropFirst().first?.prefix(while: { $0 != "\"" })
            else { return nil }
            return (name, String(value))
        }
    }

    @Test(
        "a new lifter's Home offers starter routines and says what will appear; no library, types, settings line or 'Not enough data'",
        arguments: TestDatabase.all)
    func newLifterHome(engine: TestDatabase) async throws {
        try await withApp(engine) { client, _ in
            var browser = try await Browser.signedIn(client)
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.text.contains("Pick a starter routine"))
            for name in ["Full Body Beginner - Workout A", "Starting Strength - Workout A", "PPL - Push", "Upper/Lower - Upper"] {
                #expect(home.text.contains("aria-label=\"Start \(name)\""), "\(name) is offered")
            }
            #expect(home.text.contains("Your first finished workout starts this card"))
            #expect(home.text.contains("Every best you beat"))
            for gone in ["Exercise library", "Workout types", "Your exercises", "Not enough data", "Weights in <strong>"] {
                #expect(!home.text.contains(gone), "\(gone) has moved off Home")
            }
            // The five tabs, More last; the moved pages are one tap from More.
            #expect(
                home.text.components(separatedBy: "<nav class=\"tabbar\"").last?.components(separatedBy: "<span>").dropFirst()
                    .map { String($0.prefix { $0 != "<" }) } == ["Home", "Workout", "History", "Progress", "More"])
            let more = try await browser.get("/more")
            #expect(more.status == .ok)
            for link in [
                "/programs", "/templates", "/exercises", "/settings/workout-types", "/settings/import", "/settings/export",
                "/settings",
            ] {
                #expect(more.text.contains("href=\"\(link)\""), "More links to \(link)")
            }
            #expect(more.text.contains("0 of your own"))
            #expect(more.text.contains("Weights in kg · rest 2:00"))
        }
    }

    @Test(
        "'Start' on a starter copies it and starts it in one tap; a second tap makes neither again", arguments: TestDatabase.all)
    func useAndStartOnce(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            let home = try await browser.get("/")
            let action = "/templates/\(startingStrengthA.lowercased())/use"
            let fields = try hiddenFields(home.text, action: action)
            #expect(fields.map(\.0) == ["newId", "workoutId", "start"])
            let first = try await browser.post(action, fields)
            #expect(first.status == .seeOther && first.location == "/workout")
            let again = try await browser.post(action, fields)
            #expect(again.status == .seeOther && again.location == "/workout", "a double tap lands on the same workout")

            let templates = h.templates(.ben)
            #expect(try await templates.names() == ["Starting Strength - Workout A"], "one copy, however many taps")
            let active = try await h.workouts(.ben).active().object()
            let workoutID = fields.first { $0.0 == "workoutId" }!.1
            #expect(active["id"] as? String == workoutID)
            #expect(active["templateId"] as? String == fields.first { $0.0 == "newId" }!.1)
            #expect((active["entries"] as? [[String: Any]])?.count == 3, "the routine's three lifts are planned")

            // Home now resumes it and lists the copy as the lifter's own template.
            let after = try await browser.get("/")
            #expect(after.text.contains("Resume Starting Strength - Workout A"))
            #expect(after.text.contains("Your templates") && !after.text.contains("Pick a starter routine"))
        }
    }

    @Test(
        "'Use and start now' with a workout in progress asks first and copies nothing; discarding it starts the routine",
        arguments: TestDatabase.all)
    func useAndStartAsksFirst(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let lifts = h.workouts(.ben)
            let running = wkID()
            #expect(try await lifts.start(running, ["name": "Running"]).status == .created)
            var browser = try await Browser.signedIn(client)
            let detail = try await browser.get("/templates/\(startingStrengthA.lowercased())")
            #expect(detail.text.contains("Use and start now") && detail.text.contains("Use this template"))
            let action = "/templates/\(startingStrengthA.lowercased())/use"
            let fields = try hiddenFields(detail.text, action: action)
            let asked = try await browser.post(action, fields)
            #expect(asked.status == .conflict)
            #expect(asked.text.contains("Running is still in progress"))
            #expect(try await h.templates(.ben).names().isEmpty, "nothing is copied before the lifter answers")
            #expect(try await lifts.active().object()["id"] as? String == running)

            let replaced = try await browser.post(action, try hiddenFields(asked.text, action: action))
            #expect(replaced.status == .seeOther && replaced.location == "/workout")
            #expect(try await lifts.active().object()["id"] as? String == fields.first { $0.0 == "workoutId" }!.1)
            #expect(try await lifts.get(running).status == .notFound, "the discarded workout is gone")
        }
    }

    /// Starts `template`, logs each planned set as `reps` x `weight` kg (plus `extra`
    /// more sets of the same) and finishes; returns the workout id.
    private func doTemplate(_ template: String, weight: Double, reps: Int, extra: Int = 0, h: Harness) async throws -> String {
        let (api, lifts) = (h.templates(.ben), h.workouts(.ben))
        let id = wkID()
        #expect(try await api.start(template, ["workoutId": id]).status == .created)
        h.clock.advance(by: 3_600)
        let workout = try await lifts.get(id).object()
        let entry = try #require((workout["entries"] as? [[String: Any]])?.first)
        let entryID = try #require(entry["id"] as? String)
        for set in entry["sets"] as? [[String: Any]] ?? [] {
            #expect(
                try await lifts.set(id, entryID, set["id"] as! String, ["reps": reps, "weight": weight, "done": true]).status
                    == .ok)
        }
        for _ in 0..<extra {
            #expect(try await lifts.set(id, entryID, wkID(), ["reps": reps, "weight": weight, "done": true]).status == .ok)
        }
        #expect(try await lifts.finish(id).status == .ok)
        h.clock.advance(by: 86_400)
        return id
    }

    @Test(
        "the summary compares with the last time the template was done and asks once about updating it",
        arguments: TestDatabase.all)
    func finishSummary(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let lifts = h.workouts(.ben)
            let bench = try await lifts.exercise("Bench Press (Barbell)")
            let template = try await h.templates(.ben).newTemplate(
                "Push", [tpRow(bench, ["setCount": 2, "repMin": 5, "repMax": 5, "targetWeight": 100, "weightUnit": "kg"])])
            var browser = try await Browser.signedIn(client)

            // First time, done as planned: nothing to compare, nothing to ask.
            let first = try await doTemplate(template, weight: 100, reps: 5, h: h)
            var page = try await browser.get("/history/\(first)/summary")
            #expect(page.status == .ok)
            #expect(page.text.contains("Workout complete") && page.text.contains("1000 kg"))
            #expect(page.text.contains("The first time you did Push"))
            #expect(!page.text.contains("Against last time") && !page.text.contains("Update the template"))

            // Second time: 3 sets of 105 x 5 = 1575 kg against 1000 kg.
            let second = try await doTemplate(template, weight: 105, reps: 5, extra: 1, h: h)
            page = try await browser.get("/history/\(second)/summary")
            #expect(page.text.contains("Against last time"))
            #expect(page.text.contains("new record") && page.text.contains("Well lifted!"), "105 kg beats 100 kg: \(page.text)")
            #expect(page.text.contains("<dd class=\"change up\">+575 kg</dd>"))
            #expect(page.text.contains("<dd class=\"change up\">+1</dd>"))
            #expect(
                page.text.contains("Update the template with today&#39;s changes?")
                    || page.text.contains("Update the template with today's changes?"))
            #expect(page.text.contains("Bench Press (Barbell)"), "the changes are named")

            // "No" keeps it and stops asking; "Yes" updates it and comes back.
            let kept = try await browser.get("/history/\(second)/summary?notice=templateKept")
            #expect(kept.text.contains("The template stays as it was.") && !kept.text.contains("Update the template with"))
            let yes = try await browser.post(
                "/history/\(second)/template-update", try hiddenFields(page.text, action: "/history/\(second)/template-update"))
            #expect(yes.status == .seeOther && yes.location == "/history/\(second)/summary?notice=templateUpdated")
            let updated = try await h.templates(.ben).get(template).object()
            #expect(tpColumn(updated, "setCount") as? [Int] == [3])
            #expect(tpColumn(updated, "targetWeight") as? [Double] == [105])
            page = try await browser.get("/history/\(second)/summary")
            #expect(!page.text.contains("Update the template with"), "nothing differs any more")

            // An active workout has no summary yet; another lifter's is not found.
            let active = wkID()
            #expect(try await lifts.start(active, [:]).status == .created)
            #expect(try await browser.get("/history/\(active)/summary").location == "/workout")
            var ana = try await Browser.signedIn(client, as: "ana")
            #expect(try await ana.get("/history/\(second)/summary").status == .notFound)
        }
    }
}
