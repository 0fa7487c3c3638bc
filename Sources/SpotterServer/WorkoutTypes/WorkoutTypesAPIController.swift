import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/workout-types`.
struct WorkoutTypesAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("workout-types", use: list)
        group.post("workout-types", use: create)
        group.put("workout-types/order", use: reorder)
        group.get("workout-types/:id", use: show)
        group.patch("workout-types/:id", use: update)
    }

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<WorkoutTypeResponse>
    > {
        let user = context.user
        let query = request.uri.queryParameters
        let includeArchived = try query.flag("archived") ?? false
        let page = try ListPage(query).cut(
            try await services.workoutTypes.list(userID: user.id, includeArchived: includeArchived), id: \.id)
        return ListPage.response(page.items.map(WorkoutTypeResponse.init), next: page.next, request: request)
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> WorkoutTypeResponse {
        WorkoutTypeResponse(try await findType(context))
    }

    @Sendable func create(_ request: Request, context: SignedInContext) async throws -> EditedResponse<WorkoutTypeResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: WorkoutTypeInput.self, context: context)
        let type = try await services.workoutTypes.create(draft: input.draft(), userID: user.id)
        return .created(WorkoutTypeResponse(type))
    }

    /// Renames, recolours, changes the icon, archives or restores.
    @Sendable func update(_ request: Request, context: SignedInContext) async throws -> WorkoutTypeResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: WorkoutTypeInput.self, context: context)
        let id = try context.parameters.uuid("id", resource: "The workout type")
        var fields: (@Sendable (WorkoutType) -> WorkoutTypeDraft)?
        if input.name != nil || input.colorHex != nil || input.icon != nil { fields = { input.draft(updating: $0) } }
        return WorkoutTypeResponse(
            try await services.workoutTypes.change(id, fields: fields, archived: input.archived, userID: user.id))
    }

    /// Takes every id of the user's types (archived ones too) in the new order.
    @Sendable func reorder(_ request: Request, context: SignedInContext) async throws -> ListResponse<WorkoutTypeResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: WorkoutTypeOrderInput.self, context: context)
        let types = try await services.workoutTypes.reorder(input.ids, userID: user.id)
        return ListResponse(items: types.map(WorkoutTypeResponse.init))
    }

    private func findType(_ context: SignedInContext) async throws -> WorkoutType {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The workout type")
        return try await services.workoutTypes.find(id, userID: user.id)
    }
}
