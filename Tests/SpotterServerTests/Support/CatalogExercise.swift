/// Built-in exercises the API tests use, by their name in the catalog.
enum CatalogExercise: String, Sendable {
    case bench = "Bench Press (Barbell)"
    case incline = "Incline Bench Press (Barbell)"
    case squat = "Squat (Barbell)"
    case press = "Overhead Press (Barbell)"
    case deadlift = "Deadlift (Barbell)"
    case plank = "Plank"
}

extension WorkoutCalls {
    /// The id of a built-in exercise, found through the library search.
    func exercise(_ exercise: CatalogExercise) async throws -> String {
        try await self.exercise(exercise.rawValue)
    }

    /// The ids of built-in exercises, looked up one after another in the order given.
    func exercises(_ a: CatalogExercise, _ b: CatalogExercise) async throws -> (String, String) {
        (try await exercise(a), try await exercise(b))
    }

    func exercises(_ a: CatalogExercise, _ b: CatalogExercise, _ c: CatalogExercise) async throws -> (String, String, String) {
        (try await exercise(a), try await exercise(b), try await exercise(c))
    }

    func exercises(
        _ a: CatalogExercise, _ b: CatalogExercise, _ c: CatalogExercise, _ d: CatalogExercise
    ) async throws -> (String, String, String, String) {
        (try await exercise(a), try await exercise(b), try await exercise(c), try await exercise(d))
    }
}
