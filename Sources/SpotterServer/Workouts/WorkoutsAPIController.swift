import Foundation
import HTTPTypes
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/workouts`: the active workout, its entries and sets, and history.
struct WorkoutsAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("workouts", use: history)
        group.post("workouts", use: start)
        group.get("workouts/active", use: active)
        group.get("workouts/:id", use: show)
        group.patch("workouts/:id", use: update)
        group.delete("workouts/:id", use: delete)
        group.post("workouts/:id/finish", use: finish)
        group.post("workouts/:id/rest", use: rest)
        group.put("workouts/:id/entries/order", use: reorderEntries)
        group.put("workouts/:id/entries/:entryId", use: putEntry)
        group.delete("workouts/:id/entries/:entryId", use: deleteEntry)
        group.put("workouts/:id/entries/:entryId/sets/:setId", use: putSet)
        group.delete("workouts/:id/sets/:setId", use: deleteSet)
    }

    private var presenter: WorkoutPresenter { WorkoutPresenter(services: services) }
    private var workouts: WorkoutService { services.workouts }

    /// One page of history; a `Link: <...>; rel="next"` header leads to the next.
    @Sendable func history(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<WorkoutResponse>
    > {
        let user = context.user
        let query = request.uri.queryParameters
        var filter = try HistoryQuery(query, timeZone: user.settings.timeZone).filter
        let page = try HistoryQuery.page(query, defaultLimit: ListPage.defaultLimit)
        filter.after = page.after
        let (workouts, next) = try await services.workouts.historyPage(user: user, filter: filter, limit: page.limit)
        return ListPage.response(try await presenter.responses(for: workouts, user: user), next: next?.text, request: request)
    }

    @Sendable func active(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        guard let workout = try await services.workouts.active(user: user) else {
            throw SpotterError.notFound("A workout in progress")
        }
        return try await presenter.response(for: workout, user: user)
    }

    @Sendable func start(_ request: Request, context: SignedInContext) async throws -> EditedResponse<WorkoutResponse> {
        let user = context.user
        let input = try await request.decodeJSON(as: StartWorkoutInput.self, context: context)
        // A duration makes it a past workout; a start alone is one begun on a phone
        // without signal, still running.
        if input.durationSeconds != nil {
            return .created(try await presenter.response(for: try await logPast(input, user: user), user: user))
        }
        let workout = try await workouts.start(
            .init(
                id: input.id, name: input.name, workoutTypeID: input.workoutTypeId, replaceActive: input.replaceActive ?? false,
                startedAt: input.startedAt, repeatOf: input.repeatOf),
            user: user)
        return .created(try await presenter.response(for: workout, user: user))
    }

    /// A workout done earlier, logged afterwards: `startedAt` and `durationSeconds` together.
    private func logPast(_ input: StartWorkoutInput, user: User) async throws -> Workout {
        guard input.repeatOf == nil, input.replaceActive != true else {
            throw SpotterError.invalid(
                field: "startedAt",
                "A past workout starts empty and leaves the one in progress alone: send it without repeatOf and replaceActive.")
        }
        guard let startedAt = input.startedAt else {
            throw SpotterError.invalid(field: "startedAt", "Say when the past workout started.")
        }
        guard let duration = input.durationSeconds else {
            throw SpotterError.invalid(field: "durationSeconds", "Say how long the past workout took: 60 to 86400 seconds.")
        }
        return try await workouts.logPast(
            .init(
                id: input.id, name: input.name, workoutTypeID: input.workoutTypeId, startedAt: startedAt,
                durationSeconds: duration),
            user: user)
    }

    @Sendable func show(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        return try await presenter.response(for: try await findWorkout(context), user: user)
    }

    @Sendable func update(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: WorkoutChangeInput.self, context: context)
        let id = try context.parameters.uuid("id", resource: "The workout")
        let workout = try await workouts.update(id, change: input.change, user: user)
        return try await presenter.response(for: workout, user: user)
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        try await workouts.delete(try context.parameters.uuid("id", resource: "The workout"), user: user)
        return .noContent
    }

    @Sendable func finish(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The workout")
        return try await presenter.response(for: try await workouts.finish(id, user: user), user: user)
    }

    @Sendable func rest(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse.RestResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: RestInput.self, context: context)
        guard let action = WorkoutService.RestAction(rawValue: input.action) else {
            throw SpotterError.invalid(field: "action", "Use add, subtract or skip.")
        }
        let id = try context.parameters.uuid("id", resource: "The workout")
        return .init(try await workouts.restTimer(workoutID: id, action: action, user: user))
    }

    @Sendable func putEntry(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: EntryInput.self, context: context)
        let workout = try await workouts.putEntry(
            workoutID: try context.parameters.uuid("id", resource: "The workout"),
            entryID: try context.parameters.uuid("entryId", resource: "The exercise entry"), change: input.change, user: user)
        return try await presenter.response(for: workout, user: user)
    }

    @Sendable func deleteEntry(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        let workout = try await workouts.deleteEntry(
            workoutID: try context.parameters.uuid("id", resource: "The workout"),
            entryID: try context.parameters.uuid("entryId", resource: "The exercise entry"), user: user)
        return try await presenter.response(for: workout, user: user)
    }

    @Sendable func reorderEntries(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: OrderInput.self, context: context)
        let workout = try await workouts.reorderEntries(
            workoutID: try context.parameters.uuid("id", resource: "The workout"), ids: input.ids, user: user)
        return try await presenter.response(for: workout, user: user)
    }

    /// Logs or changes one set: the hot path of a workout, one transaction.
    @Sendable func putSet(_ request: Request, context: SignedInContext) async throws -> SetWriteResponse {
        let user = context.user
        let input = try await request.decodeJSON(as: SetInput.self, context: context)
        let write = SetWrite(
            workoutID: try context.parameters.uuid("id", resource: "The workout"),
            entryID: try context.parameters.uuid("entryId", resource: "The exercise entry"),
            setID: try context.parameters.uuid("setId", resource: "The set"), draft: input.draft, changedAt: input.changedAt)
        let result = try await workouts.putSet(write, user: user)
        return SetWriteResponse(
            set: .init(result.set, records: result.records.sets[result.set.id] ?? []), rest: .init(result.rest),
            applied: result.applied,
            records: Dictionary(uniqueKeysWithValues: result.records.sets.map { ($0.key.text, $0.value) }),
            volumeRecord: result.records.sessionVolume)
    }

    @Sendable func deleteSet(_ request: Request, context: SignedInContext) async throws -> WorkoutResponse {
        let user = context.user
        let workout = try await workouts.deleteSet(
            workoutID: try context.parameters.uuid("id", resource: "The workout"),
            setID: try context.parameters.uuid("setId", resource: "The set"), user: user)
        return try await presenter.response(for: workout, user: user)
    }

    private func findWorkout(_ context: SignedInContext) async throws -> Workout {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The workout")
        guard let workout = try await services.workouts.find(id, user: user) else { throw SpotterError.notFound("The workout") }
        return workout
    }
}
