import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/templates` and `/api/v1/template-presets`: the template library, its
/// presets, starting from a template, updating one from a workout, sharing as JSON.
struct TemplatesAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("templates", use: list)
        group.get("templates/export", use: exportAll)
        group.post("templates/import", use: importFile)
        group.post("templates/from-workout", use: fromWorkout)
        group.get("templates/:id", use: show)
        group.put("templates/:id", use: put)
        group.patch("templates/:id", use: patch)
        group.delete("templates/:id", use: delete)
        group.get("templates/:id/export", use: exportOne)
        group.post("templates/:id/duplicate", use: duplicate)
        group.post("templates/:id/start", use: start)
        group.post("templates/:id/update-preview", use: previewUpdate)
        group.post("templates/:id/update", use: update)
        group.get("template-presets", use: presets)
        group.get("template-presets/:id", use: showPreset)
        group.post("template-presets/:id/use", use: usePreset)
    }

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<TemplateResponse>
    > {
        let user = context.user
        let query = request.uri.queryParameters
        let filter = try TemplateQuery(query).filter
        let page = try ListPage(query).cut(try await services.templates.list(user: user, filter: filter), id: \.id)
        return ListPage.response(try await responses(Array(page.items), user: user), next: page.next, request: request)
    }

    @Sendable func presets(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<TemplateResponse>
    > {
        let user = context.user
        let page = try ListPage(request.uri.queryParameters).cut(try await services.templates.presets(), id: \.id)
        return ListPage.response(try await responses(Array(page.items), user: user), next: page.next, request: request)
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> TemplateResponse {
        let user = context.user
        return try await response(try await services.templates.find(try context.templateID(), user: user), user: user)
    }

    @Sendable func showPreset(_ request: Request, context: SignedInContext) async throws -> TemplateResponse {
        let user = context.user
        guard let preset = try await services.templates.preset(try context.parameters.uuid("id", resource: "The preset")) else {
            throw SpotterError.notFound("The preset")
        }
        return try await response(preset, user: user)
    }

    @Sendable func put(_ request: Request, context: SignedInContext) async throws -> EditedResponse<TemplateResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: TemplateInput.self, context: context)
        let id = try context.templateID()
        if TemplatePresets.preset(id: id) == nil, try await services.templates.own(id, user: user) == nil {
            return .created(
                try await response(try await services.templates.create(id: id, draft: input.draft, user: user), user: user))
        }
        return EditedResponse(
            status: .ok,
            response: try await response(try await services.templates.save(id: id, draft: input.draft, user: user), user: user))
    }

    @Sendable func patch(_ request: Request, context: SignedInContext) async throws -> TemplateResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: TemplatePatchInput.self, context: context)
        let template = try await services.templates.change(
            try context.templateID(), name: input.name, category: input.category, notes: input.notes, pinned: input.pinned,
            archived: input.archived,
            user: user)
        return try await response(template, user: user)
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.templateID()
        try await services.templates.delete(id, user: user)
        return .noContent
    }

    @Sendable func duplicate(_ request: Request, context: SignedInContext) async throws -> EditedResponse<TemplateResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: NewIDInput.self, context: context)
        return .created(
            try await response(
                try await services.templates.duplicate(try context.templateID(), as: input.id, user: user), user: user))
    }

    @Sendable func usePreset(_ request: Request, context: SignedInContext) async throws -> EditedResponse<TemplateResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: NewIDInput.self, context: context)
        let presetID = try context.parameters.uuid("id", resource: "The preset")
        return .created(
            try await response(try await services.templates.use(presetID: presetID, as: input.id, user: user), user: user))
    }

    @Sendable func start(_ request: Request, context: SignedInContext) async throws -> EditedResponse<WorkoutResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: TemplateStartInput.self, context: context)
        let workout = try await services.templates.start(
            try context.templateID(), workoutID: input.workoutId, today: input.exercises?.map(\.draft),
            replaceActive: input.replaceActive ?? false,
            user: user)
        return .created(try await WorkoutPresenter(services: services).response(for: workout, user: user))
    }

    @Sendable func previewUpdate(_ request: Request, context: SignedInContext) async throws -> TemplateUpdateResponse {
        try await updateResponse(request, context: context, apply: false)
    }

    @Sendable func update(_ request: Request, context: SignedInContext) async throws -> TemplateUpdateResponse {
        try await updateResponse(request, context: context, apply: true)
    }

    private func updateResponse(_ request: Request, context: SignedInContext, apply: Bool) async throws -> TemplateUpdateResponse
    {
        let user = context.user
        let (choice, source) = try await request.decodeJSON(as: TemplateUpdateInput.self, context: context).parsed()
        let preview = try await services.templates.preview(try context.templateID(), choice: choice, from: source, user: user)
        let template = apply ? try await services.templates.applyUpdate(preview, user: user) : preview.after
        let names = try await exerciseNames([preview.before, preview.after], user: user)
        return TemplateUpdateResponse(
            choice: choice, applied: apply, template: TemplateResponse(template, names: names),
            changes: TemplateChangeText.lines(preview.changes, names: names))
    }

    @Sendable func fromWorkout(_ request: Request, context: SignedInContext) async throws -> EditedResponse<TemplateResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: TemplateFromWorkoutInput.self, context: context)
        let template = try await services.templates.saveAsTemplate(
            workoutID: input.workoutId, newID: input.id, name: input.name, category: input.category, user: user)
        return .created(try await response(template, user: user))
    }

    @Sendable func exportAll(_ request: Request, context: SignedInContext) async throws -> Response {
        try await TemplateFile.response(exporting: nil, user: context.user, service: services.templates)
    }

    @Sendable func exportOne(_ request: Request, context: SignedInContext) async throws -> Response {
        try await TemplateFile.response(exporting: try context.templateID(), user: context.user, service: services.templates)
    }

    @Sendable func importFile(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<TemplateResponse>
    > {
        let user = context.user
        let body = try await request.body.collect(upTo: TemplateFile.sizeLimit)
        let imported = try await services.templates.importFile(Data(buffer: body), user: user)
        return .created(ListResponse(items: try await responses(imported, user: user)))
    }

    // MARK: Helpers

    private func exerciseNames(_ templates: [WorkoutTemplate], user: User) async throws -> [UUID: String] {
        let ids = Set(templates.flatMap { $0.exercises.map(\.exerciseID) })
        return try await services.exercises.exercises(ids: ids, userID: user.id).mapValues(\.name)
    }

    private func response(_ template: WorkoutTemplate, user: User) async throws -> TemplateResponse {
        TemplateResponse(template, names: try await exerciseNames([template], user: user))
    }

    private func responses(_ templates: [WorkoutTemplate], user: User) async throws -> [TemplateResponse] {
        let names = try await exerciseNames(templates, user: user)
        return templates.map { TemplateResponse($0, names: names) }
    }
}
