import FluentKit
import Foundation
import SQLKit
import SpotterCore
import Synchronization

/// The built-in exercises, read from the database once and kept in memory. They
/// change only when a newer catalog is seeded, which happens at start (or by a CLI
/// command, which reloads its own copy), so every library request is served from
/// here plus one small query for the user's own exercises.
final class CatalogSnapshot: Sendable {
    private let state = Mutex<State?>(nil)

    struct State: Sendable {
        let exercises: [SearchableExercise]
        let byID: [UUID: Exercise]
    }

    /// The built-in exercises, loading them on first use.
    func current(loadingFrom db: any Database) async throws -> State {
        if let state = state.withLock({ $0 }) { return state }
        let exercises = try await ExerciseRows.exercises(where: "x.user_id IS NULL ORDER BY x.name_key", on: db)
        let loaded = State(
            exercises: exercises.map(SearchableExercise.init),
            byID: Dictionary(uniqueKeysWithValues: exercises.map { ($0.id, $0) }))
        state.withLock { $0 = loaded }
        return loaded
    }

    /// Forgets the snapshot after the catalog rows changed.
    func invalidate() {
        state.withLock { $0 = nil }
    }
}
