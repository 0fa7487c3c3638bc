import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Settings → Workout types: add, rename, recolour, reorder, archive and restore.
struct WorkoutTypePagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("settings/workout-types", use: list)
        router.post("settings/workout-types", use: create)
        router.get("settings/workout-types/:id/edit", use: editForm)
        router.post("settings/workout-types/:id", use: update)
        router.post("settings/workout-types/:id/move", use: move)
        router.post("settings/workout-types/:id/archive", use: archive)
        router.post("settings/workout-types/:id/restore", use: restore)
    }

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> Response {
        return try await renderList(
            context: context, draft: WorkoutTypeDraft(name: "", colorHex: "#C8F065", icon: "dumbbell"), failure: nil,
            notice: Notice.from(request), status: .ok)
    }

    @Sendable func create(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let draft = Self.draft(from: form)
        do {
            _ = try await services.workoutTypes.create(draft: draft, userID: user.id)
            return .seeOther("/settings/workout-types?notice=created")
        } catch {
            return try await renderList(
                context: context, draft: draft, failure: try ExercisePagesController.formFailure(error), notice: nil,
                status: .badRequest)
        }
    }

    @Sendable func editForm(_ request: Request, context: SignedInContext) async throws -> Response {
        let type = try await find(context)
        return try renderEdit(
            context: context, type: type,
            draft: WorkoutTypeDraft(name: type.name, colorHex: type.colorHex, icon: type.icon.rawValue), failure: nil, status: .ok
        )
    }

    @Sendable func update(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let type = try await find(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let draft = Self.draft(from: form)
        do {
            _ = try await services.workoutTypes.update(type.id, draft: draft, userID: user.id)
            return .seeOther("/settings/workout-types?notice=saved")
        } catch {
            return try renderEdit(
                context: context, type: type, draft: draft, failure: try ExercisePagesController.formFailure(error),
                status: .badRequest)
        }
    }

    /// Moves a type one place up or down (`direction=up|down`).
    @Sendable func move(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let type = try await find(context)
        var request = request
        let form = try await SubmittedForm.read(&request)
        let step = form["direction"] == "up" ? -1 : 1
        _ = try await services.workoutTypes.move(type.id, by: step, userID: user.id)
        return .seeOther("/settings/workout-types#type-\(type.id.text)")
    }

    @Sendable func archive(_ request: Request, context: SignedInContext) async throws -> Response {
        try await setArchived(true, context: context)
    }

    @Sendable func restore(_ request: Request, context: SignedInContext) async throws -> Response {
        try await setArchived(false, context: context)
    }

    private func setArchived(_ archived: Bool, context: SignedInContext) async throws -> Response {
        let user = context.user
        let type = try await find(context)
        _ = try await services.workoutTypes.setArchived(archived, id: type.id, userID: user.id)
        return .seeOther("/settings/workout-types?notice=\(archived ? "archived" : "restored")")
    }

    static func draft(from form: SubmittedForm) -> WorkoutTypeDraft {
        WorkoutTypeDraft(name: form["name"], colorHex: form["colorHex"], icon: form["icon"])
    }

    private func renderList(
        context: SignedInContext, draft: WorkoutTypeDraft, failure: ValidationFailure?, notice: String?,
        status: HTTPResponse.Status
    ) async throws -> Response {
        let user = context.user
        let types = try await services.workoutTypes.list(userID: user.id, includeArchived: true)
        let active = types.filter { !$0.archived }
        let model = WorkoutTypesPage(
            page: PageChrome(title: "Workout types", context: context, section: .settings, backLink: "/settings"),
            types: active.enumerated().map { index, type in
                WorkoutTypeRowView(chip: WorkoutTypeChip(type), canMoveUp: index > 0, canMoveDown: index < active.count - 1)
            },
            archived: types.filter(\.archived).map(WorkoutTypeChip.init),
            hasArchived: types.contains(where: \.archived),
            form: WorkoutTypeFormView(draft: draft, failure: failure),
            notice: notice)
        return try services.views.render(model, status: status)
    }

    private func renderEdit(
        context: SignedInContext, type: WorkoutType, draft: WorkoutTypeDraft, failure: ValidationFailure?,
        status: HTTPResponse.Status
    ) throws -> Response {
        let model = WorkoutTypeEditPage(
            page: PageChrome(
                title: "Edit \(type.name)", context: context, section: .settings, backLink: "/settings/workout-types"),
            id: type.id.text, form: WorkoutTypeFormView(draft: draft, failure: failure))
        return try services.views.render(model, status: status)
    }

    private func find(_ context: SignedInContext) async throws -> WorkoutType {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The workout type")
        return try await services.workoutTypes.find(id, userID: user.id)
    }
}
