import Foundation
import HummingbirdTesting
import Testing

extension Harness {
    /// One of the two lifters of every app under test.
    enum Lifter: Sendable { case ana, ben }

    func token(_ lifter: Lifter) -> String {
        switch lifter {
        case .ana: anaToken
        case .ben: benToken
        }
    }

    /// The lifter's calls to the workouts API (and the exercise library's search).
    func workouts(_ lifter: Lifter = .ana) -> WorkoutCalls { WorkoutCalls(client: client, token: token(lifter)) }

    func templates(_ lifter: Lifter = .ana) -> TemplateAPICalls { TemplateAPICalls(client: client, token: token(lifter)) }

    func progress(_ lifter: Lifter = .ana) -> ProgressCalls { ProgressCalls(client: client, token: token(lifter)) }

    func bodyMetrics(_ lifter: Lifter = .ana) -> BodyMetricCalls { BodyMetricCalls(client: client, token: token(lifter)) }

    /// Creates the lifter's custom exercise of `customExerciseJSON` and returns its id.
    func createCustomExercise(_ lifter: Lifter = .ana) async throws -> String {
        try #require(
            try await client.api(.post, "/api/v1/exercises", token: token(lifter), json: customExerciseJSON).object()["id"]
                as? String)
    }
}
