import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

/// The workout pages as a browser without script uses them: logging a past workout.
@Suite("Pages: logging a past workout")
struct WorkoutPageTests {
    @Test(
        "the form logs a finished workout at the day and time typed (the lifter's zone) and opens it to add exercises",
        arguments: TestDatabase.all)
    func logPast(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            let page = try await browser.get("/workouts/past")
            #expect(page.status == .ok && page.text.contains("Log it and add exercises"))
            #expect(try await browser.get("/workout").text.contains("href=\"/workouts/past\""), "the Workout tab offers it")
            // testNow is 2026-09-21 14:13 UTC: the day before at 07:30 UTC (the harness lifter's zone), for 45 minutes.
            let posted = try await browser.post(
                "/workouts/past", [("name", "Early legs"), ("date", "2026-09-20"), ("time", "07:30"), ("minutes", "45")])
            #expect(posted.status == .seeOther)
            let id = try #require(posted.location?.split(separator: "/").dropFirst().first.map(String.init))
            #expect(posted.location == "/history/\(id)/edit")
            let workout = try await h.workouts(.ben).get(id).object()
            #expect(workout["name"] as? String == "Early legs")
            #expect(
                workout["startedAt"] as? String == "2026-09-20T07:30:00Z"
                    && workout["endedAt"] as? String == "2026-09-20T08:15:00Z")
        }
    }

    @Test(
        "a day that is no date, a start in the future or 0 minutes is named at its field, and nothing is made",
        arguments: TestDatabase.all)
    func refused(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            var browser = try await Browser.signedIn(client)
            _ = try await browser.get("/workouts/past")
            for (fields, message) in [
                ([("date", "2026-02-30"), ("time", "07:30"), ("minutes", "45")], "Pick the day it was, such as 2026-11-20."),
                ([("date", "2026-09-20"), ("time", "7h"), ("minutes", "45")], "Pick the time it started, such as 18:30."),
                ([("date", "2026-09-22"), ("time", "07:30"), ("minutes", "45")], "The start can&#39;t be in the future"),
                ([("date", "2026-09-20"), ("time", "07:30"), ("minutes", "0")], "A workout lasts from 1 minute to 24 hours."),
            ] {
                let page = try await browser.post("/workouts/past", [("name", "")] + fields)
                #expect(page.status == .badRequest)
                #expect(
                    page.text.contains(message) || page.text.contains(message.replacingOccurrences(of: "&#39;", with: "'")),
                    "\(fields): \(message)")
                #expect(page.text.contains("value=\"\(fields[0].1)\""), "what was typed is kept")
            }
            #expect(try await h.count("workouts") == 0)
        }
    }

    @Test(
        "the page kept for a workout started without signal is the logging page with no workout in it, for the signed-in lifter only",
        arguments: TestDatabase.all)
    func offlineShell(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let anonymous = try await client.execute(uri: "/workout/offline", method: .get)
            #expect([.found, .seeOther].contains(anonymous.status) && anonymous.headers[.location]?.hasPrefix("/login") == true)
            var browser = try await Browser.signedIn(client)
            let page = try await browser.get("/workout/offline")
            #expect(page.status == .ok)
            #expect(
                page.text.contains("data-shell=\"true\"") && page.text.contains("data-workout-id=\"\""),
                "the script fills in the workout")
            #expect(page.text.contains(">null</script>"), "no workout of the server's in it")
            #expect(page.text.contains("data-action=\"add-exercise\"") && page.text.contains("id=\"exercise-picker\""))
            #expect(
                try await browser.get("/workout").text.contains("data-shell") == false, "the Workout tab is the server's own page"
            )
            #expect(try await h.count("workouts") == 0, "keeping the page starts nothing")
        }
    }
}
