import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/programs` and `/api/v1/program-presets`: the lifter's programs, the
/// presets, editing weeks and days, activating one, today's day and starting it.
struct ProgramsAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("programs", use: list)
        group.get("programs/active", use: active)
        group.delete("programs/active", use: deactivate)
        group.post("programs/active/start", use: startToday)
        group.post("programs/active/skip-week", use: skipWeek)
        group.post("programs/active/pause", use: pause)
        group.post("programs/active/resume", use: unpause)
        group.get("programs/:id", use: show)
        group.get("programs/:id/projection", use: projection)
        group.put("programs/:id", use: put)
        group.patch("programs/:id", use: patch)
        group.delete("programs/:id", use: delete)
        group.post("programs/:id/duplicate", use: duplicate)
        group.post("programs/:id/activate", use: activate)
        group.patch("programs/:id/weeks/:number", use: changeWeek)
        group.patch("programs/:id/days/:dayId", use: changeDay)
        group.get("program-presets", use: presets)
        group.get("program-presets/:id", use: showPreset)
        group.post("program-presets/:id/use", use: usePreset)
    }

    private var service: ProgramService { services.programs }

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<ProgramResponse>
    > {
        let user = context.user
        let archived = try request.uri.queryParameters.flag("archived") ?? false
        let filter = try ProgramFilter(request.uri.queryParameters)
        let page = try ListPage(request.uri.queryParameters).cut(
            filter.apply(to: try await service.list(user: user, includeArchived: archived)), id: \.id)
        return ListPage.response(try await responses(Array(page.items), user: user), next: page.next, request: request)
    }

    @Sendable func presets(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<ProgramResponse>
    > {
        let filter = try ProgramFilter(request.uri.queryParameters)
        let page = try ListPage(request.uri.queryParameters).cut(filter.apply(to: ProgramService.presets), id: \.id)
        return ListPage.response(try await responses(Array(page.items), user: context.user), next: page.next, request: request)
    }

    @Sendable func showPreset(_ request: Request, context: SignedInContext) async throws -> ProgramResponse {
        guard let preset = ProgramService.preset(id: try context.parameters.uuid("id", resource: "The preset")) else {
            throw SpotterError.notFound("The preset")
        }
        return try await response(preset, user: context.user)
    }

    @Sendable func usePreset(_ request: Request, context: SignedInContext) async throws -> EditedResponse<ProgramResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: NewIDInput.self, context: context)
        let presetID = try context.parameters.uuid("id", resource: "The preset")
        return .created(try await response(try await service.use(presetID: presetID, as: input.id, user: user), user: user))
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> ProgramResponse {
        try await response(try await service.find(try context.programID(), user: context.user), user: context.user)
    }

    @Sendable func projection(_ request: Request, context: SignedInContext) async throws -> ProgramProjectionResponse {
        let program = try await service.find(try context.programID(), user: context.user)
        let (projection, names) = try await service.projection(of: program, user: context.user)
        return ProgramProjectionResponse(projection, names: names)
    }

    @Sendable func put(_ request: Request, context: SignedInContext) async throws -> EditedResponse<ProgramResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: ProgramInput.self, context: context)
        let id = try context.programID()
        if ProgramService.preset(id: id) == nil, try await services.programs.own(id, user: user) == nil {
            return .created(try await response(try await service.create(id: id, draft: input.draft, user: user), user: user))
        }
        return EditedResponse(
            status: .ok, response: try await response(try await service.save(id: id, draft: input.draft, user: user), user: user))
    }

    @Sendable func patch(_ request: Request, context: SignedInContext) async throws -> ProgramResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: ProgramInput.self, context: context)
        let id = try context.programID()
        // One write for the fields and the archive flag: a refused archive changes nothing.
        let program = try await service.save(id: id, draft: input.draft, archived: input.archived, user: user)
        return try await response(program, user: user)
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        try await service.delete(try context.programID(), user: context.user)
        return .noContent
    }

    @Sendable func duplicate(_ request: Request, context: SignedInContext) async throws -> EditedResponse<ProgramResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: NewIDInput.self, context: context)
        return .created(
            try await response(try await service.duplicate(try context.programID(), as: input.id, user: user), user: user))
    }

    @Sendable func changeWeek(_ request: Request, context: SignedInContext) async throws -> ProgramResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: ProgramWeekInput.self, context: context)
        guard let number = context.parameters.get("number").flatMap(Int.init) else { throw SpotterError.notFound("The week") }
        return try await response(
            try await service.changeWeek(try context.programID(), week: number, change: input.change, user: user), user: user)
    }

    @Sendable func changeDay(_ request: Request, context: SignedInContext) async throws -> ProgramResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: ProgramDayPatchInput.self, context: context)
        let dayID = try context.parameters.uuid("dayId", resource: "The day")
        return try await response(
            try await service.changeDay(try context.programID(), day: dayID, change: input.change, user: user), user: user)
    }

    @Sendable func activate(_ request: Request, context: SignedInContext) async throws -> ProgramStatusResponse {
        let input = try await request.decodeJSON(as: ProgramActivateInput.self, context: context, ifEmpty: ProgramActivateInput())
        return ProgramStatusResponse(
            try await service.activate(
                try context.programID(), startDay: input.startDay, resume: input.resume, user: context.user))
    }

    @Sendable func active(_ request: Request, context: SignedInContext) async throws -> ProgramStatusResponse {
        guard let status = try await service.status(user: context.user) else { throw SpotterError.notFound("An active program") }
        return ProgramStatusResponse(status)
    }

    @Sendable func deactivate(_ request: Request, context: SignedInContext) async throws -> Response {
        try await service.deactivate(user: context.user)
        return .noContent
    }

    @Sendable func pause(_ request: Request, context: SignedInContext) async throws -> ProgramStatusResponse {
        ProgramStatusResponse(try await service.pause(user: context.user))
    }

    @Sendable func unpause(_ request: Request, context: SignedInContext) async throws -> ProgramStatusResponse {
        ProgramStatusResponse(try await service.unpause(user: context.user))
    }

    @Sendable func skipWeek(_ request: Request, context: SignedInContext) async throws -> ProgramStatusResponse {
        ProgramStatusResponse(try await service.skipWeek(user: context.user))
    }

    @Sendable func startToday(_ request: Request, context: SignedInContext) async throws -> EditedResponse<WorkoutResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: ProgramStartInput.self, context: context)
        let workout = try await service.startToday(
            workoutID: input.workoutId, replaceActive: input.replaceActive ?? false, user: user)
        return .created(try await WorkoutPresenter(services: services).response(for: workout, user: user))
    }

    private func response(_ program: TrainingProgram, user: User) async throws -> ProgramResponse {
        ProgramResponse(program, templateNames: try await service.templateNames(of: program, user: user))
    }

    private func responses(_ programs: [TrainingProgram], user: User) async throws -> [ProgramResponse] {
        var result: [ProgramResponse] = []
        for program in programs { result.append(try await response(program, user: user)) }
        return result
    }
}
