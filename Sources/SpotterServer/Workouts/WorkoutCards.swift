import Foundation
import SpotterCore

/// Builds history cards: the API view of each workout plus its type's name and colour.
struct WorkoutCards {
    let services: AppServices

    func cards(for workouts: [Workout], user: User) async throws -> [WorkoutCardView] {
        let responses = try await WorkoutPresenter(services: services).responses(for: workouts, user: user)
        let types = try await services.workoutTypes.list(userID: user.id, includeArchived: true)
        let byID = Dictionary(uniqueKeysWithValues: types.map { ($0.id, $0) })
        let zone = user.settings.zone
        return responses.map { WorkoutCardView($0, types: byID, unit: user.settings.unit, timeZone: zone) }
    }
}
