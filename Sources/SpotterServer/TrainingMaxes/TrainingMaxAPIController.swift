import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/training-maxes` and `/api/v1/exercises/:id/training-max`.
struct TrainingMaxAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("training-maxes", use: list)
        group.get("training-maxes/:id", use: find)
        group.put("training-maxes/:id", use: put)
        group.delete("training-maxes/:id", use: delete)
        group.get("exercises/:id/training-max", use: lift)
    }

    /// Every max of every lift, newest day first.
    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<TrainingMaxResponse>
    > {
        let page = try ListPage(request.uri.queryParameters).cut(
            try await services.trainingMaxes.history(user: context.user), id: \.id)
        return ListPage.response(page.items.map(TrainingMaxResponse.init), next: page.next, request: request)
    }

    @Sendable func find(_ request: Request, context: SignedInContext) async throws -> TrainingMaxResponse {
        let id = try context.parameters.uuid("id", resource: "The training max")
        return TrainingMaxResponse(try await services.trainingMaxes.find(id, user: context.user))
    }

    /// Adds a max under the client's id (201), or changes it (200).
    @Sendable func put(_ request: Request, context: SignedInContext) async throws -> EditedResponse<TrainingMaxResponse> {
        let id = try context.parameters.uuid("id", resource: "The training max")
        let input = try await request.decodeJSON(as: TrainingMaxInput.self, context: context)
        let (max, created) = try await services.trainingMaxes.put(
            id: id, exerciseID: input.exerciseId, draft: input.draft, user: context.user)
        return created ? .created(TrainingMaxResponse(max)) : EditedResponse(status: .ok, response: TrainingMaxResponse(max))
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        try await services.trainingMaxes.delete(
            try context.parameters.uuid("id", resource: "The training max"), user: context.user)
        return .noContent
    }

    /// One lift: the max in force, its history and the offer from the last 8 weeks.
    @Sendable func lift(_ request: Request, context: SignedInContext) async throws -> TrainingMaxLiftResponse {
        let id = try context.parameters.uuid("id", resource: "The exercise")
        return TrainingMaxLiftResponse(try await services.trainingMaxes.lift(id, user: context.user))
    }
}
