import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Body metrics API")
struct BodyMetricAPITests {
    @Test("add, change, list newest day first, delete", arguments: TestDatabase.all)
    func lifecycle(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, clock) = (h.bodyMetrics(), h.clock)
            let (m1, m2, m3, m4) = (wkID(), wkID(), wkID(), wkID())
            #expect(try await api.list().items().isEmpty)

            // Today is 2026-09-21 (UTC).
            let created = try await api.put(m1, ["day": "2026-09-20", "bodyWeight": 82.5])
            #expect(created.status == .created, "\(created.text)")
            let first = try created.object()
            #expect(first["id"] as? String == m1)
            #expect(first["day"] as? String == "2026-09-20")
            #expect(wkNumber(first["bodyWeight"]) == 82.5)
            #expect(first["weightUnit"] as? String == "kg", "the lifter's unit when none is sent")
            #expect(first["bodyFatPercent"] is NSNull)
            #expect(first["note"] as? String == "")
            #expect(first["changedAt"] as? String == wkTime(testNow))
            let shown = try await api.get(m1)
            #expect(shown.status == .ok)
            #expect(wkCanonical(try shown.object()) == wkCanonical(first))

            let fat = try await api.put(m2, ["day": "2026-09-21", "bodyFatPercent": 18.25, "note": "  after coffee \n"])
            #expect(fat.status == .created)
            let second = try fat.object()
            #expect(second["bodyWeight"] is NSNull)
            #expect(second["weightUnit"] is NSNull)
            #expect(wkNumber(second["bodyFatPercent"]) == 18.3, "rounded to 0.1")
            #expect(second["note"] as? String == "after coffee", "trimmed")
            let both = try await api.put(m3, ["day": "2026-09-01", "bodyWeight": 180, "weightUnit": "lb", "bodyFatPercent": 20])
            #expect(both.status == .created)
            #expect(wkNumber(try both.object()["bodyWeight"]) == 180)
            #expect(try both.object()["weightUnit"] as? String == "lb")
            #expect(wkNumber(try both.object()["bodyFatPercent"]) == 20)
            #expect(try await api.put(m4, ["day": "2026-08-15", "bodyWeight": 84]).status == .created)
            #expect(try await h.count("body_metrics") == 4)

            #expect(wkIDs(try await api.list().items()) == [m2, m1, m3, m4], "newest day first")
            #expect(
                try await api.list().items().map { $0["day"] as? String } == [
                    "2026-09-21", "2026-09-20", "2026-09-01", "2026-08-15",
                ])

            // A change replaces the measurement: 200, the new values, a new changedAt.
            clock.advance(by: 60)
            let changed = try await api.put(m1, ["day": "2026-09-19", "bodyWeight": 81])
            #expect(changed.status == .ok, "\(changed.text)")
            let after = try changed.object()
            #expect(after["id"] as? String == m1)
            #expect(after["day"] as? String == "2026-09-19")
            #expect(wkNumber(after["bodyWeight"]) == 81)
            #expect(after["changedAt"] as? String == wkTime(testNow + 60))
            #expect(wkCanonical(try await api.get(m1).object()) == wkCanonical(after))
            #expect(try await h.count("body_metrics") == 4, "changed in place")
            #expect(
                try await api.list().items().map { $0["day"] as? String } == [
                    "2026-09-21", "2026-09-19", "2026-09-01", "2026-08-15",
                ])

            // Ranges: four weeks start on Monday 31 Aug; three months and all reach back further.
            #expect(wkIDs(try await api.list("range=4w").items()) == [m2, m1, m3])
            #expect(wkIDs(try await api.list("range=3m").items()) == [m2, m1, m3, m4])
            #expect(wkIDs(try await api.list("range=all").items()) == [m2, m1, m3, m4])
            let badRange = try await api.list("range=2w")
            #expect(badRange.status == .badRequest)
            #expect(try badRange.error().field == "range")
            #expect(try badRange.error().message == "The range must be one of: 4w, 3m, 1y, all.")

            // Deleted: 204, then gone.
            let deleted = try await api.delete(m1)
            #expect(deleted.status == .noContent)
            let gone = try await api.get(m1)
            #expect(gone.status == .notFound)
            #expect(try gone.error().code == "not_found")
            #expect(try gone.error().message == "The measurement was not found.")
            #expect(try await api.delete(m1).status == .notFound, "a second delete finds nothing")
            #expect(try await api.delete(wkID()).status == .notFound)
            #expect(try await api.get("not-an-id").status == .notFound)
            #expect(wkIDs(try await api.list().items()) == [m2, m3, m4])
            #expect(try await h.count("body_metrics") == 3)

            // A lifter who works in pounds gets pounds when no unit is sent.
            #expect(try await WorkoutCalls(client: client, token: h.anaToken).settings(["unit": "lb"]).status == .ok)
            let pounds = try await api.put(wkID(), ["day": "2026-09-21", "bodyWeight": 181.5])
            #expect(pounds.status == .created)
            #expect(try pounds.object()["weightUnit"] as? String == "lb")
            #expect(wkNumber(try pounds.object()["bodyWeight"]) == 181.5)
        }
    }

    @Test("the limits themselves are accepted", arguments: TestDatabase.all)
    func limitsAccepted(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let api = h.bodyMetrics()
            let bodies: [[String: any Sendable]] = [
                ["day": "2026-09-21", "bodyWeight": 20], ["day": "2026-09-21", "bodyWeight": 400],
                ["day": "2026-09-21", "bodyWeight": 44.1, "weightUnit": "lb"],
                ["day": "2026-09-21", "bodyWeight": 881.8, "weightUnit": "lb"],
                ["day": "1900-01-01", "bodyFatPercent": 2], ["day": "2024-02-29", "bodyFatPercent": 70],
                ["day": "2026-09-21", "bodyWeight": 80, "note": String(repeating: "n", count: 200)],
            ]
            for body in bodies {
                let response = try await api.put(wkID(), body)
                #expect(response.status == .created, "\(wkJSON(body)): \(response.text)")
            }
            #expect(try await h.count("body_metrics") == bodies.count)
        }
    }

    @Test("today is the lifter's today, in their time zone", arguments: TestDatabase.all)
    func today(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let api = h.bodyMetrics()
            // 14:13 UTC on 21 Sep is 04:13 on 22 Sep at UTC+14.
            #expect(try await api.put(wkID(), ["day": "2026-09-22", "bodyWeight": 80]).status == .badRequest)
            #expect(
                try await WorkoutCalls(client: client, token: h.anaToken).settings(["timeZone": "Pacific/Kiritimati"]).status
                    == .ok)
            let tomorrow = try await api.put(wkID(), ["day": "2026-09-22", "bodyWeight": 80])
            #expect(tomorrow.status == .created, "\(tomorrow.text)")
            let later = try await api.put(wkID(), ["day": "2026-09-23", "bodyWeight": 80])
            #expect(later.status == .badRequest)
            #expect(try later.error().message == "The date is in the future; enter today or an earlier day.")
            #expect(try await h.count("body_metrics") == 1)
        }
    }

    @Test("another lifter cannot read, change or delete a measurement", arguments: TestDatabase.all)
    func crossUser(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (ana, ben) = (h.bodyMetrics(), h.bodyMetrics(.ben))
            let id = wkID()
            #expect(
                try await ana.put(id, ["day": "2026-09-20", "bodyWeight": 70, "bodyFatPercent": 22, "note": "mine"]).status
                    == .created)
            let original = try await ana.get(id).text
            let list = try await ana.list().text

            let read = try await ben.get(id)
            #expect(read.status == .notFound)
            #expect(try read.error().message == "The measurement was not found.")
            // Writing under her id: the id is taken (as for workouts and templates), nothing changes.
            let write = try await ben.put(id, ["day": "2026-09-21", "bodyWeight": 95])
            #expect(write.status == .conflict, "\(write.text)")
            #expect(try write.error().code == "conflict")
            #expect(try write.error().field == "id")
            #expect(try write.error().message == "This id is already in use. Make a new one and send the change again.")
            let delete = try await ben.delete(id)
            #expect(delete.status == .notFound)
            #expect(try delete.error().message == "The measurement was not found.")
            #expect(try await ben.list().items().isEmpty)
            #expect(try await ben.list("range=all").items().isEmpty)

            #expect(try await ana.get(id).text == original)
            #expect(try await ana.list().text == list)
            #expect(try await h.count("body_metrics") == 1)
        }
    }

    /// A bad measurement and what it must answer.
    struct BadInput: Sendable, CustomTestStringConvertible {
        let json: String
        let field: String?
        let message: String?
        var code = "validation_failed"

        var testDescription: String { "\(json.prefix(70)) → \(field ?? code)" }
    }

    static let badInputs: [BadInput] = {
        let dayFormat = "Enter the date as YYYY-MM-DD, for example 2026-03-14."
        let kilos = "Body weight must be from 20 to 400 kg."
        let fat = "Body fat must be from 2 to 70 %."
        return [
            .init(json: #"{"day": "2026-13-01", "bodyWeight": 80}"#, field: "day", message: dayFormat),
            .init(json: #"{"day": "2026-02-30", "bodyWeight": 80}"#, field: "day", message: dayFormat),
            .init(json: #"{"day": "21.09.2026", "bodyWeight": 80}"#, field: "day", message: dayFormat),
            .init(json: #"{"bodyWeight": 80}"#, field: "day", message: dayFormat),
            .init(
                json: #"{"day": "2026-09-22", "bodyWeight": 80}"#, field: "day",
                message: "The date is in the future; enter today or an earlier day."),
            .init(json: #"{"day": "1899-12-31", "bodyWeight": 80}"#, field: "day", message: "The date must be 1900 or later."),
            .init(json: #"{"day": "2026-09-20", "bodyWeight": 5}"#, field: "bodyWeight", message: kilos),
            .init(json: #"{"day": "2026-09-20", "bodyWeight": 400.1}"#, field: "bodyWeight", message: kilos),
            .init(
                json: #"{"day": "2026-09-20", "bodyWeight": 10, "weightUnit": "lb"}"#, field: "bodyWeight",
                message: "Body weight must be from 44.1 to 881.8 lb."),
            .init(
                json: #"{"day": "2026-09-20", "bodyWeight": 80, "weightUnit": "stone"}"#, field: "weightUnit",
                message: "The weight unit must be kg or lb."),
            .init(json: #"{"day": "2026-09-20", "bodyFatPercent": 90}"#, field: "bodyFatPercent", message: fat),
            .init(json: #"{"day": "2026-09-20", "bodyFatPercent": 1.9}"#, field: "bodyFatPercent", message: fat),
            .init(json: #"{"day": "2026-09-20", "bodyWeight": 80, "bodyFatPercent": 90}"#, field: "bodyFatPercent", message: fat),
            .init(
                json: #"{"day": "2026-09-20"}"#, field: "bodyWeight",
                message: "Enter a body weight, a body-fat percentage, or both."),
            .init(
                json: #"{"day": "2026-09-20", "note": "no values"}"#, field: "bodyWeight",
                message: "Enter a body weight, a body-fat percentage, or both."),
            .init(
                json: "{\"day\": \"2026-09-20\", \"bodyWeight\": 80, \"note\": \"\(String(repeating: "n", count: 201))\"}",
                field: "note", message: "The note must be at most 200 characters."),
            .init(
                json: #"{"day": "2026-09-20", "bodyWeight": "80"}"#, field: "bodyWeight",
                message: "Body weight must be a number from 20 to 400 kg (44.1 to 881.8 lb).", code: "bad_request"),
            .init(json: #"{"day": "2026-09-20", "#, field: nil, message: nil, code: "bad_request"),
        ]
    }()

    @Test("each bad measurement is refused with the field named, and nothing is stored", arguments: TestDatabase.all, badInputs)
    func badInput(engine: TestDatabase, input: BadInput) async throws {
        try await withApp(engine) { client, h in
            let api = h.bodyMetrics()
            let existing = wkID()
            #expect(try await api.put(existing, ["day": "2026-09-20", "bodyWeight": 80, "note": "kept"]).status == .created)

            func snapshot() async throws -> [String] {
                [try await api.get(existing).text, try await api.list().text, "\(try await h.count("body_metrics"))"]
            }
            let before = try await snapshot()
            let fresh = wkID()
            for id in [fresh, existing] {
                let response = try await client.api(.put, "/api/v1/body-metrics/\(id)", token: h.anaToken, json: input.json)
                #expect(
                    response.status == .badRequest,
                    "\(id == fresh ? "new" : "existing") answered \(response.status): \(response.text)")
                let error = try response.error()
                #expect(error.code == input.code)
                #expect(error.field == input.field)
                if let message = input.message { #expect(error.message == message) } else { #expect(!error.message.isEmpty) }
                #expect(try await snapshot() == before, "nothing changed")
            }
            #expect(try await api.get(fresh).status == .notFound, "nothing stored under the new id")
        }
    }
}
