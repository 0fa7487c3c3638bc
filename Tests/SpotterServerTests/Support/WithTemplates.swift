import SpotterTestSupport

/// A fresh app (see `withApp`) and one lifter's calls to the templates API and
/// the workouts API: `try await withTemplates(engine) { api, lifts, h in ... }`.
func withTemplates(
    _ engine: TestDatabase, as lifter: Harness.Lifter = .ana,
    _ body: @escaping @Sendable (TemplateAPICalls, WorkoutCalls, Harness) async throws -> Void
) async throws {
    try await withApp(engine) { _, h in try await body(h.templates(lifter), h.workouts(lifter), h) }
}
