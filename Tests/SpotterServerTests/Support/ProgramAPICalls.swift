import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Shorthands for one lifter's calls to the programs API.
struct ProgramAPICalls: Sendable {
    let client: any TestClientProtocol
    let token: String

    /// `PUT /programs/{id}` with a body given as an object.
    func put(_ id: String, _ body: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.put, "/api/v1/programs/\(id)", token: token, json: wkJSON(body))
    }

    /// Creates a program and returns its answer; the test stops if it is refused.
    @discardableResult
    func create(_ name: String, _ schedule: [[String: any Sendable]], _ fields: [String: any Sendable] = [:], id: String = wkID())
        async throws -> [String: Any]
    {
        var body = fields
        body["name"] = name
        body["schedule"] = schedule
        let response = try await put(id, body)
        try #require(response.status == .created, "\(name) is created: \(response.text)")
        return try response.object()
    }

    func get(_ id: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/programs/\(id)", token: token)
    }

    func list(_ query: String = "") async throws -> TestResponse {
        try await client.api(.get, "/api/v1/programs" + (query.isEmpty ? "" : "?\(query)"), token: token)
    }

    /// The names the list shows for a query, in its order.
    func names(_ query: String = "") async throws -> [String] {
        let response = try await list(query)
        #expect(response.status == .ok, "\(query): \(response.text)")
        return try response.items().compactMap { $0["name"] as? String }
    }

    func patch(_ id: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.patch, "/api/v1/programs/\(id)", token: token, json: wkJSON(fields))
    }

    /// `PATCH /programs/{id}/weeks/{number}` with a raw JSON body (to send nulls).
    func week(_ id: String, _ number: String, json: String) async throws -> TestResponse {
        try await client.api(.patch, "/api/v1/programs/\(id)/weeks/\(number)", token: token, json: json)
    }

    func week(_ id: String, _ number: Int, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await week(id, String(number), json: wkJSON(fields))
    }

    /// `PATCH /programs/{id}/days/{dayId}` with a raw JSON body (to send nulls).
    func day(_ id: String, _ dayID: String, json: String) async throws -> TestResponse {
        try await client.api(.patch, "/api/v1/programs/\(id)/days/\(dayID)", token: token, json: json)
    }

    func day(_ id: String, _ dayID: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await day(id, dayID, json: wkJSON(fields))
    }

    func delete(_ id: String) async throws -> TestResponse {
        try await client.api(.delete, "/api/v1/programs/\(id)", token: token)
    }

    func duplicate(_ id: String, as newID: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/programs/\(id)/duplicate", token: token, json: wkJSON(["id": newID]))
    }

    func activate(_ id: String, _ fields: [String: any Sendable] = [:]) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/programs/\(id)/activate", token: token, json: wkJSON(fields))
    }

    func active() async throws -> TestResponse {
        try await client.api(.get, "/api/v1/programs/active", token: token)
    }

    func start(_ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/programs/active/start", token: token, json: wkJSON(fields))
    }

    func skipWeek() async throws -> TestResponse {
        try await client.api(.post, "/api/v1/programs/active/skip-week", token: token)
    }

    func projection(_ id: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/programs/\(id)/projection", token: token)
    }

    func pause() async throws -> TestResponse {
        try await client.api(.post, "/api/v1/programs/active/pause", token: token)
    }

    func resume() async throws -> TestResponse {
        try await client.api(.post, "/api/v1/programs/active/resume", token: token)
    }

    func deactivate() async throws -> TestResponse {
        try await client.api(.delete, "/api/v1/programs/active", token: token)
    }

    func presets(_ query: String = "") async throws -> TestResponse {
        try await client.api(.get, "/api/v1/program-presets" + (query.isEmpty ? "" : "?\(query)"), token: token)
    }

    func preset(_ id: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/program-presets/\(id)", token: token)
    }

    func use(_ preset: String, as newID: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/program-presets/\(preset)/use", token: token, json: wkJSON(["id": newID]))
    }
}

extension Harness {
    func programs(_ lifter: Lifter = .ana) -> ProgramAPICalls { ProgramAPICalls(client: client, token: token(lifter)) }
}

/// One weekday of a program schedule body: `weekday`, `templateId` (a rest day when
/// nil) and any other fields.
func prgDay(_ weekday: String, _ templateID: String?, _ fields: [String: any Sendable] = [:]) -> [String: any Sendable] {
    var row = fields
    row["weekday"] = weekday
    if let templateID { row["templateId"] = templateID }
    return row
}

/// The weeks of a program answer.
func prgWeeks(_ program: [String: Any]) -> [[String: Any]] { program["weeks"] as? [[String: Any]] ?? [] }

/// The days of one week of a program answer (1-based).
func prgDays(_ program: [String: Any], week: Int) -> [[String: Any]] {
    let weeks = prgWeeks(program)
    guard weeks.indices.contains(week - 1) else { return [] }
    return weeks[week - 1]["days"] as? [[String: Any]] ?? []
}

/// The fixed id of the Starting Strength program preset (filled in by the preset library).
let startingStrengthProgram = "9a0f0000-0000-4000-8000-000001000000"

/// A lifter's side of a program test: the squat and bench, two templates ("Heavy
/// Day": 3 x 5 squat, no weight; "Light Day": 2 bench sets at 60 kg) and the body
/// of a 4-week linear program from 105% by 2.5% a week (1.05, 1.075, 1.1, 1.125)
/// with the heavy day on Monday (RPE 8, notes) and the light day on Thursday.
struct ProgramSetup: Sendable {
    let squat: String
    let bench: String
    let heavy: String
    let light: String

    static func make(_ h: Harness, _ lifter: Harness.Lifter = .ana) async throws -> ProgramSetup {
        let (lifts, templates) = (h.workouts(lifter), h.templates(lifter))
        let (squat, bench) = try await lifts.exercises(.squat, .bench)
        let heavy = try await templates.newTemplate("Heavy Day", [tpRow(squat, ["setCount": 3, "repMin": 5, "repMax": 5])])
        let light = try await templates.newTemplate(
            "Light Day", [tpRow(bench, ["setCount": 2, "targetWeight": 60, "weightUnit": "kg"])])
        return ProgramSetup(squat: squat, bench: bench, heavy: heavy, light: light)
    }

    var schedule: [[String: any Sendable]] {
        [
            prgDay("monday", heavy, ["notes": " Heavy singles first ", "suggestedRPE": 8]), prgDay("wednesday", nil),
            prgDay("Thursday", light),
        ]
    }

    /// The whole program body, named `name`.
    func body(_ name: String = "Strength Block") -> [String: any Sendable] {
        [
            "name": name, "description": " Four weeks, two days. ", "category": "strength", "difficulty": "intermediate",
            "weeks": 4,
            "pattern": "linear", "baseIntensity": 1.05, "weeklyIncrement": 0.025, "schedule": schedule,
        ]
    }

    /// Creates the program and returns its answer; the test stops if it is refused.
    func create(_ calls: ProgramAPICalls, _ name: String = "Strength Block", id: String = wkID()) async throws -> [String: Any] {
        let response = try await calls.put(id, body(name))
        try #require(response.status == .created, "\(name) is created: \(response.text)")
        return try response.object()
    }

    /// A finished squat workout a week before `testNow`: one set of 5 x 100 kg at RPE 8.
    func squatHistory(_ h: Harness, _ lifter: Harness.Lifter = .ana) async throws -> String {
        let lifts = h.workouts(lifter)
        h.clock.set(testNow.addingTimeInterval(-7 * 86_400))
        let (w, e) = (wkID(), wkID())
        try #require(try await lifts.start(w, ["name": "Before the program"]).status == .created)
        try #require(try await lifts.entry(w, e, ["exerciseId": squat]).status == .ok)
        try #require(try await lifts.set(w, e, wkID(), ["reps": 5, "weight": 100, "rpe": 8, "done": true]).status == .ok)
        h.clock.advance(by: 3_600)
        try #require(try await lifts.finish(w).status == .ok)
        h.clock.set(testNow)
        return w
    }
}

extension TestResponse {
    /// A refusal's status, code, field and message, for one `#expect`.
    func refusal() throws -> String {
        let error = try self.error()
        return "\(status.code) \(error.code) \(error.field ?? "-"): \(error.message)"
    }
}
