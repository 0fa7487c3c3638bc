import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Shorthands for one lifter's calls to the workouts API.
struct WorkoutCalls: Sendable {
    let client: any TestClientProtocol
    let token: String

    /// The id of a built-in exercise, found by its exact name through the library search.
    func exercise(_ name: String) async throws -> String {
        let query = try #require(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let items = try await client.api(.get, "/api/v1/exercises?search=\(query)", token: token).items()
        let match = try #require(items.first { $0["name"] as? String == name }, "\(name) is in the catalog")
        return try #require(match["id"] as? String)
    }

    func workoutTypes() async throws -> [String] {
        wkIDs(try await client.api(.get, "/api/v1/workout-types", token: token).items())
    }

    func start(_ id: String, _ fields: [String: any Sendable] = [:]) async throws -> TestResponse {
        var body = fields
        body["id"] = id
        return try await client.api(.post, "/api/v1/workouts", token: token, json: wkJSON(body))
    }

    func get(_ workout: String) async throws -> TestResponse {
        try await client.api(.get, "/api/v1/workouts/\(workout)", token: token)
    }

    func active() async throws -> TestResponse {
        try await client.api(.get, "/api/v1/workouts/active", token: token)
    }

    func history(_ query: String = "") async throws -> TestResponse {
        try await client.api(.get, "/api/v1/workouts" + (query.isEmpty ? "" : "?\(query)"), token: token)
    }

    func patch(_ workout: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.patch, "/api/v1/workouts/\(workout)", token: token, json: wkJSON(fields))
    }

    func finish(_ workout: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/workouts/\(workout)/finish", token: token)
    }

    func rest(_ workout: String, _ action: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/workouts/\(workout)/rest", token: token, json: wkJSON(["action": action]))
    }

    func entry(_ workout: String, _ entry: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.put, "/api/v1/workouts/\(workout)/entries/\(entry)", token: token, json: wkJSON(fields))
    }

    func deleteEntry(_ workout: String, _ entry: String) async throws -> TestResponse {
        try await client.api(.delete, "/api/v1/workouts/\(workout)/entries/\(entry)", token: token)
    }

    func order(_ workout: String, _ ids: [String]) async throws -> TestResponse {
        try await client.api(.put, "/api/v1/workouts/\(workout)/entries/order", token: token, json: wkJSON(["ids": ids]))
    }

    func set(_ workout: String, _ entry: String, _ set: String, _ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.put, "/api/v1/workouts/\(workout)/entries/\(entry)/sets/\(set)", token: token, json: wkJSON(fields))
    }

    func deleteSet(_ workout: String, _ set: String) async throws -> TestResponse {
        try await client.api(.delete, "/api/v1/workouts/\(workout)/sets/\(set)", token: token)
    }

    func settings(_ fields: [String: any Sendable]) async throws -> TestResponse {
        try await client.api(.patch, "/api/v1/settings", token: token, json: wkJSON(fields))
    }

    /// Starts a workout, adds one entry per exercise and logs `sets` done sets of
    /// `reps` x `weight` kg in each; returns the workout id and the entry ids.
    @discardableResult
    func logWorkout(
        _ id: String = wkID(), exercises: [String], sets: [(reps: Int, weight: Double)], fields: [String: any Sendable] = [:]
    ) async throws -> (workout: String, entries: [String]) {
        let started = try await start(id, fields)
        try #require(started.status == .created, "the workout starts: \(started.text)")
        var entries: [String] = []
        for exercise in exercises {
            let entryID = wkID()
            try #require(try await entry(id, entryID, ["exerciseId": exercise]).status == .ok)
            for planned in sets {
                let logged = try await set(id, entryID, wkID(), ["reps": planned.reps, "weight": planned.weight, "done": true])
                try #require(logged.status == .ok, "the set is logged: \(logged.text)")
            }
            entries.append(entryID)
        }
        return (id, entries)
    }
}
