import Foundation
import SpotterCore

/// Builds history cards from Core values: each workout with its exercises' names and
/// kinds, its summary, and its type's name and colour.
struct WorkoutCards {
    let services: AppServices

    func cards(for workouts: [Workout], user: User) async throws -> [WorkoutCardView] {
        try await summarized(workouts, user: user).map(\.card)
    }

    /// Each workout's card with the summary it shows, for pages that also compare summaries.
    func summarized(_ workouts: [Workout], user: User) async throws -> [(card: WorkoutCardView, summary: WorkoutSummary)] {
        let ids = Set(workouts.flatMap { $0.entries.map(\.exerciseID) })
        let exercises = try await services.exercises.exercises(ids: ids, userID: user.id)
        let kinds = exercises.mapValues(\.kind)
        let types = try await services.workoutTypes.list(userID: user.id, includeArchived: true)
        let byID = Dictionary(uniqueKeysWithValues: types.map { ($0.id, $0) })
        let (unit, zone, now) = (user.settings.unit, user.settings.zone, services.clock())
        return workouts.map { workout in
            let summary = WorkoutSummary.of(workout, kinds: kinds, unit: unit, now: now)
            return (
                WorkoutCardView(
                    workout, summary: summary, exercises: exercises,
                    type: workout.workoutTypeID.flatMap { byID[$0] }, unit: unit, timeZone: zone), summary
            )
        }
    }
}
