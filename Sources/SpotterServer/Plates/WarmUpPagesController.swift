import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// "Add warm-up sets" on the logging page as a plain form post, so it works without
/// the page script: the same service as the API, then back to the workout.
struct WarmUpPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.post("workouts/:id/entries/:entryId/warm-ups", use: addWarmUps)
    }

    @Sendable func addWarmUps(_ request: Request, context: SignedInContext) async throws -> Response {
        let workoutID = try context.parameters.uuid("id", resource: "The workout")
        let entryID = try context.parameters.uuid("entryId", resource: "The exercise entry")
        let workout = try await services.warmUps.addWarmUps(
            workoutID: workoutID, entryID: entryID, user: context.user, now: services.clock())
        return .seeOther(workout.isActive ? "/workout" : "/history/\(workoutID.text)/edit")
    }
}
