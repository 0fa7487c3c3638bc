import SpotterTestSupport

/// A fresh app (see `withApp`) and one lifter's calls to the workouts API:
/// `try await withWorkouts(engine) { api, h in ... }`.
func withWorkouts(
    _ engine: TestDatabase, as lifter: Harness.Lifter = .ana,
    _ body: @escaping @Sendable (WorkoutCalls, Harness) async throws -> Void
) async throws {
    try await withApp(engine) { _, h in try await body(h.workouts(lifter), h) }
}
