import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// The rules every address keeps: methods, credentials, boolean values, and pages of history.
@Suite("HTTP rules: methods, tokens, flags, paging")
struct HTTPRulesTests {
    @Test("a method an address does not take is 405 with Allow, on the API and on pages")
    func methodNotAllowed() async throws {
        try await withApp(.sqlite) { client, h in
            let trace = try await client.api(.init("TRACE")!, "/api/v1/workouts", token: h.anaToken)
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers[.allow] == "GET, HEAD, POST")
            #expect(try trace.error().code == "method_not_allowed")
            let put = try await client.api(.put, "/health", token: nil)
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers[.allow] == "GET, HEAD")
            let page = try await client.executeRequest(uri: "/login", method: .init("TRACE")!, headers: [:], body: nil)
            #expect(page.status == .methodNotAllowed)
            #expect(try await client.api(.get, "/api/v1/no-such-thing", token: h.anaToken).status == .notFound)
        }
    }

    @Test("a revoked or unknown token is refused on /health, the service worker and assets too")
    func deadTokenEverywhere() async throws {
        try await withApp(.sqlite) { client, h in
            let tokens = try await client.api(.get, "/api/v1/tokens", token: h.anaToken).items()
            let id = try #require(tokens.first?["id"] as? String)
            #expect(try await client.api(.delete, "/api/v1/tokens/\(id)", token: h.anaToken).status == .noContent)
            for path in ["/health", "/sw.js", "/assets/app.css"] {
                #expect(try await client.api(.get, path, token: h.anaToken).status == .unauthorized, "\(path)")
                #expect(try await client.api(.get, path, token: "spt_made_up").status == .unauthorized, "\(path)")
                #expect(try await client.api(.get, path, token: nil).status == .ok, "\(path) without credentials")
            }
        }
    }

    @Test("boolean query values are exactly true or false on every list; anything else is 400 naming it")
    func flags() async throws {
        try await withApp(.sqlite) { client, h in
            for path in ["/api/v1/workout-types", "/api/v1/templates", "/api/v1/exercises"] {
                #expect(try await client.api(.get, "\(path)?archived=true", token: h.anaToken).status == .ok, "\(path)")
                #expect(try await client.api(.get, "\(path)?archived=false", token: h.anaToken).status == .ok, "\(path)")
                for bad in ["AAA", "1", "", "TRUE"] {
                    let response = try await client.api(.get, "\(path)?archived=\(bad)", token: h.anaToken)
                    #expect(response.status == .badRequest, "\(path)?archived=\(bad)")
                    #expect(try response.error().code == "bad_request")
                    #expect(try response.error().field == "archived")
                }
            }
        }
    }

    @Test("history comes in pages: a Link to the next, every workout once, newest first", arguments: TestDatabase.all)
    func paging(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let api = h.workouts()
            let squat = try await api.exercise(.squat)
            var finished: [String] = []
            for index in 0..<7 {
                let id = wkID()
                #expect(try await api.start(id, ["name": "Session \(index)"]).status == .created)
                if index == 3 { _ = try await api.entry(id, wkID(), ["exerciseId": squat, "notes": ""]) }
                _ = try await api.finish(id)
                finished.insert(id, at: 0)
            }
            // The test clock stands still: all seven start at the same instant, so the id breaks the tie.
            var seen: [String] = []
            var next: String? = "/api/v1/workouts?limit=3"
            var pages = 0
            while let path = next {
                let response = try await client.api(.get, path, token: h.anaToken)
                #expect(response.status == .ok)
                seen += wkIDs(try response.items())
                next = response.headers[HTTPField.Name.link].flatMap { link in
                    link.hasSuffix(#">; rel="next""#) ? String(link.dropFirst().prefix { $0 != ">" }) : nil
                }
                pages += 1
            }
            #expect(pages == 3)
            #expect(seen.count == 7)
            #expect(Set(seen) == Set(finished))
            #expect(seen == seen.sorted { $0.lowercased() > $1.lowercased() }, "equal starts: by id, descending")
            #expect(
                try await client.api(.get, "/api/v1/workouts", token: h.anaToken).headers[HTTPField.Name.link] == nil,
                "7 fit in the default page of 50")

            for cursor in ["nonsense", "42a2309ce5400000-00000000-0000-0000-0000-000000000000", "7ff0000000000000-\(wkID())"] {
                // Not a cursor, a time 300,000 years away (PostgreSQL's driver would trap on it), infinity.
                let bad = try await client.api(.get, "/api/v1/workouts?cursor=\(cursor)", token: h.anaToken)
                #expect(bad.status == .badRequest, "\(cursor)")
                #expect(try bad.error().field == "cursor")
            }
            for limit in ["0", "201", "x"] {
                let response = try await client.api(.get, "/api/v1/workouts?limit=\(limit)", token: h.anaToken)
                #expect(try response.error().field == "limit", "limit=\(limit)")
            }
            // Search reaches exercise names, in the database.
            let found = try await client.api(.get, "/api/v1/workouts?search=squat", token: h.anaToken).items()
            #expect(found.count == 1)
            #expect(
                try await client.api(.get, "/api/v1/workouts?search=100%25", token: h.anaToken).items().isEmpty,
                "% is a character, not a wildcard")
            // Ben sees none of ana's, page after page.
            #expect(try await client.api(.get, "/api/v1/workouts?limit=3", token: h.benToken).items().isEmpty)
        }
    }

    @Test("the History page shows a page at a time: Show older workouts leads on, Back to the newest leads back")
    func historyPages() async throws {
        try await withApp(.sqlite) { client, h in
            let api = h.workouts()
            var ids: [String] = []
            for index in 0..<3 {
                let id = wkID()
                _ = try await api.start(id, ["name": "Session \(index)"])
                _ = try await api.finish(id)
                ids.append(id)
            }
            var browser = try await Browser.signedIn(client, as: "ana")
            let first = try await browser.get("/history?limit=2")
            #expect(first.status == .ok)
            #expect(!first.text.contains("Back to the newest"))
            let link = try #require(
                first.text.range(
                    of: #"href="(/history\?limit=2&amp;cursor=[^"]+)">Show older workouts"#, options: .regularExpression))
            let href = String(first.text[link]).dropFirst(6).prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&")
            let older = try await browser.get(href)
            #expect(older.status == .ok)
            #expect(older.text.contains("Back to the newest"))
            #expect(!older.text.contains("Show older workouts"))
            // Every workout once over the two pages (the clock stands still: ties by id, newest id first).
            let names = ["Session 0", "Session 1", "Session 2"]
            let onFirst = names.filter { first.text.contains($0) }, onOlder = names.filter { older.text.contains($0) }
            #expect(onFirst.count == 2)
            #expect(onOlder.count == 1)
            #expect(Set(onFirst + onOlder) == Set(names))
        }
    }

    @Test("dates in bodies are read strictly: RFC 3339, no 12:99, no 31 February")
    func strictDates() {
        #expect(RequestDates.date("2024-01-01T12:00:00Z") == Date(timeIntervalSince1970: 1_704_110_400))
        #expect(RequestDates.date("2024-01-01T12:00:00.250Z") == Date(timeIntervalSince1970: 1_704_110_400.25))
        #expect(RequestDates.date("2024-01-01T14:00:00+02:00") == Date(timeIntervalSince1970: 1_704_110_400))
        #expect(RequestDates.date("2024-01-01T12:00:00.123456Z") == Date(timeIntervalSince1970: 1_704_110_400.123456))
        #expect(RequestDates.date("2024-01-01T12:00:00.5Z") == Date(timeIntervalSince1970: 1_704_110_400.5))
        #expect(RequestDates.date("2024-01-01T14:00:00.25+02:00") == Date(timeIntervalSince1970: 1_704_110_400.25))
        for bad in [
            "2024-01-01T12:99:00Z", "2024-02-31T12:00:00Z", "2024-01-01 12:00:00Z", "2024-01-01T12:00:00", "2024-01-01T24:00:00Z",
            "x",
        ] {
            #expect(RequestDates.date(bad) == nil, "\(bad)")
        }
    }

    @Test("a set change with an impossible time is refused and changes nothing")
    func impossibleChangedAt() async throws {
        try await withApp(.sqlite) { client, h in
            let api = h.workouts()
            let workout = wkID(), entry = wkID(), set = wkID()
            _ = try await api.start(workout)
            _ = try await api.entry(workout, entry, ["exerciseId": try await api.exercise(.squat)])
            let response = try await api.set(
                workout, entry, set, ["reps": 5, "weight": 100, "changedAt": "2024-01-01T12:99:00Z"])
            #expect(response.status == .badRequest)
            #expect(try response.error().message.contains("2024-01-01T12:99:00Z"))
            #expect(wkSets(wkEntries(try await api.get(workout).object())[0]).isEmpty)
        }
    }

    @Test("a database that stays locked past the busy timeout is a 503 with Retry-After, not a 500")
    func busyIsUnavailable() throws {
        let problem = APIProblem(StoreError.busy, logger: Logger(label: "test"))
        #expect(problem.status == .serviceUnavailable)
        #expect(problem.code == "unavailable")
        #expect(problem.headers[.retryAfter] == "5")
        #expect(
            problem.message
                == "The database is busy with another change (an import, a backup). Nothing was saved; try again in a few seconds."
        )
    }

    @Test("a retried start with a bad body is refused like the first try")
    func retriedStartChecked() async throws {
        try await withApp(.sqlite) { client, h in
            let api = h.workouts()
            let id = wkID()
            #expect(try await api.start(id).status == .created)
            let retry = try await api.start(id, ["name": String(repeating: "x", count: 300)])
            #expect(retry.status == .badRequest)
            #expect(try retry.error().field == "name")

            // Saving a workout as a template, retried with a category that does not exist.
            let entry = wkID()
            _ = try await api.entry(id, entry, ["exerciseId": try await api.exercise(.squat)])
            _ = try await api.set(id, entry, wkID(), ["reps": 5, "weight": 100, "done": true])
            _ = try await api.finish(id)
            let template = wkID()
            let body = #"{"id": "\#(template)", "workoutId": "\#(id)", "name": "Legs"}"#
            #expect(
                try await client.api(.post, "/api/v1/templates/from-workout", token: h.anaToken, json: body).status == .created)
            let bad = #"{"id": "\#(template)", "workoutId": "\#(id)", "name": "Legs", "category": "AAA"}"#
            let refused = try await client.api(.post, "/api/v1/templates/from-workout", token: h.anaToken, json: bad)
            #expect(refused.status == .badRequest)
            #expect(try refused.error().field == "category")
        }
    }
}
