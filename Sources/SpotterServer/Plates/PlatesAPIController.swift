import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/plates` (the plate calculator for the signed-in lifter's bar and plates)
/// and `/api/v1/workouts/{id}/entries/{entryId}/warm-ups` (warm-up sets on demand).
struct PlatesAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("plates", use: plates)
        group.post("workouts/:id/entries/:entryId/warm-ups", use: addWarmUps)
    }

    @Sendable func plates(_ request: Request, context: SignedInContext) async throws -> PlateLoadResponse {
        let settings = context.user.settings
        let target = try PlateMath.target(request.uri.queryParameters.get("weight"), unit: settings.unit)
        return PlateLoadResponse(PlateMath.load(target, bar: settings.bar, plates: settings.plateChoice), settings: settings)
    }

    @Sendable func addWarmUps(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        let workoutID = try context.parameters.uuid("id", resource: "The workout")
        let entryID = try context.parameters.uuid("entryId", resource: "The exercise entry")
        let workout = try await services.warmUps.addWarmUps(
            workoutID: workoutID, entryID: entryID, user: user, now: services.clock())
        return try await WorkoutPresenter(services: services).response(for: workout, user: user)
    }
}

/// The plates for a weight, in the lifter's unit.
struct PlateLoadResponse: ResponseEncodable, Equatable {
    let target: Double
    /// The weight on the bar: `target`, or the closest loadable weight.
    let weight: Double
    let unit: MassUnit
    let barWeight: Double
    /// One side's plates, heaviest first; empty for just the bar.
    let perSide: [Double]
    let exact: Bool
    /// The higher of two equally close loadable weights (the lower one is `weight`).
    @Nullable var tiedWith: Double?

    init(_ load: PlateLoad, settings: UserSettings) {
        target = load.target
        weight = load.weight
        unit = settings.unit
        barWeight = settings.bar
        perSide = load.perSide
        exact = load.isExact
        tiedWith = load.tiedWith
    }
}
