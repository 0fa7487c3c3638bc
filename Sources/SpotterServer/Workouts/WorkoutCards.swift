import Foundation
import SpotterCore

/// Builds history cards from Core values: each workout with its exercises' names and
/// kinds, its summary, and its type's name and colour.
struct WorkoutCards {
    let services: AppServices

    func cards(for workouts: [Workout], user: User) async throws -> [WorkoutCardView] {
        let ids = Set(workouts.flatMap { $0.entries.map(\.exerciseID) })
        let exercises = try await services.exercises.exercises(ids: ids, userID: user.id)
        let kinds = exercises.mapValues(\.kind)
        let types = try await services.workoutTypes.list(userID: user.id, includeArchived: true)
        let byID = Dictionary(uniqueKeysWithValues: types.map { ($0.id, $0) })
        let (unit, zone, now) = (user.settings.unit, user.settings.zone, services.clock())
        return workouts.map { workout in
            WorkoutCardView(
                workout, summary: WorkoutSummary.of(workout, kinds: kinds, unit: unit, now: now), exercises: exercises,
                type: workout.workoutTypeID.flatMap { byID[$0] }, unit: unit, timeZone: zone)
        }
    }
}
