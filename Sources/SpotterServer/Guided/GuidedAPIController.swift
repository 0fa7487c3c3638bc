import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The guided player's API: play a template (`/api/v1/templates/{id}/play`), read
/// the player of a workout, send it the lifter's actions, stop it.
struct GuidedAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.post("templates/:id/play", use: play)
        group.get("workouts/:id/guided", use: show)
        for action in GuidedService.Action.allCases {
            group.post("workouts/:id/guided/\(action.rawValue)") { request, context in
                try await send(action, request: request, context: context)
            }
        }
        group.post("workouts/:id/guided/stop", use: stop)
    }

    private var service: GuidedService { services.guided }

    @Sendable func play(_ request: Request, context: SignedInContext) async throws -> EditedResponse<GuidedResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: GuidedPlayInput.self, context: context)
        let snapshot = try await service.play(
            templateID: try context.templateID(), workoutID: input.workoutId, replaceActive: input.replaceActive ?? false,
            user: user)
        return .created(GuidedResponse(snapshot, unit: user.settings.unit))
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> GuidedResponse {
        let user = context.user
        return GuidedResponse(try await service.snapshot(try context.guidedWorkoutID(), user: user), unit: user.settings.unit)
    }

    @Sendable func send(_ action: GuidedService.Action, request: Request, context: SignedInContext) async throws -> GuidedResponse
    {
        let user = context.user
        let input = try await request.decodeJSON(as: GuidedActionInput.self, context: context, ifEmpty: GuidedActionInput())
        let snapshot = try await service.send(
            action, expected: try input.expected(), values: input.values, workoutID: try context.guidedWorkoutID(), user: user)
        return GuidedResponse(snapshot, unit: user.settings.unit)
    }

    @Sendable func stop(_ request: Request, context: SignedInContext) async throws -> Response {
        let input = try await request.decodeJSON(as: GuidedStopInput.self, context: context)
        try await service.stop(try context.guidedWorkoutID(), keep: input.keep, user: context.user)
        return .noContent
    }
}
