import SpotterTestSupport

/// The workout in progress `withActiveWorkout` starts: one entry per exercise, no sets yet.
struct ActiveWorkout: Sendable {
    let id: String
    /// The entry ids, in the order of `exercises`.
    let entries: [String]
    /// The exercise ids of the entries.
    let exercises: [String]
}

/// A fresh app (see `withApp`) where Ana has started a workout (with `fields`)
/// holding an entry for each exercise, in order; the test stops if a step is refused.
func withActiveWorkout(
    _ engine: TestDatabase, of exercises: [CatalogExercise], fields: [String: any Sendable] = [:],
    _ body: @escaping @Sendable (WorkoutCalls, ActiveWorkout, Harness) async throws -> Void
) async throws {
    try await withWorkouts(engine) { api, h in
        var ids: [String] = []
        for exercise in exercises { ids.append(try await api.exercise(exercise)) }
        let (workout, entries) = try await api.logWorkout(exercises: ids, sets: [], fields: fields)
        try await body(api, ActiveWorkout(id: workout, entries: entries, exercises: ids), h)
    }
}
