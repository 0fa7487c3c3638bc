import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/api/v1/progress/...`, `/api/v1/exercises/:id/progress` and `/api/v1/body-metrics`.
struct ProgressAPIController {
    let services: AppServices

    func addRoutes(to group: RouterGroup<SignedInContext>) {
        group.get("progress/dashboard", use: dashboard)
        group.get("progress/stats", use: stats)
        group.get("exercises/:id/progress", use: exercise)
        group.get("body-metrics", use: bodyMetrics)
        group.get("body-metrics/:id", use: bodyMetric)
        group.put("body-metrics/:id", use: putBodyMetric)
        group.delete("body-metrics/:id", use: deleteBodyMetric)
    }

    @Sendable func dashboard(_ request: Request, context: SignedInContext) async throws -> DashboardResponse {
        DashboardResponse(try await services.progress.dashboard(user: context.user))
    }

    @Sendable func stats(_ request: Request, context: SignedInContext) async throws -> StatsResponse {
        let user = context.user
        let query = request.uri.queryParameters
        return StatsResponse(
            try await services.progress.stats(
                user: user, range: try ProgressRange(query: query, fallback: .threeMonths),
                workoutTypeID: try ProgressQuery.typeID(query)))
    }

    @Sendable func exercise(_ request: Request, context: SignedInContext) async throws -> ExerciseProgressResponse {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The exercise")
        return ExerciseProgressResponse(
            try await services.progress.exercise(
                id: id, user: user, range: try ProgressRange(query: request.uri.queryParameters, fallback: .oneYear), sets: .full)
        )
    }

    @Sendable func bodyMetrics(_ request: Request, context: SignedInContext) async throws -> EditedResponse<
        ListResponse<BodyMetricResponse>
    > {
        let user = context.user
        let query = request.uri.queryParameters
        let range = try ProgressRange(query: query, fallback: .all)
        let page = try ListPage(query).cut(try await services.bodyMetrics.list(range: range, user: user), id: \.id)
        return ListPage.response(page.items.map(BodyMetricResponse.init), next: page.next, request: request)
    }

    @Sendable func bodyMetric(_ request: Request, context: SignedInContext) async throws -> BodyMetricResponse {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The measurement")
        return BodyMetricResponse(try await services.bodyMetrics.find(id, user: user))
    }

    /// Adds a measurement under the client's id (201), or changes it (200).
    @Sendable func putBodyMetric(_ request: Request, context: SignedInContext) async throws -> EditedResponse<BodyMetricResponse>
    {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The measurement")
        let input = try await request.decodeJSON(as: BodyMetricInput.self, context: context)
        let (metric, created) = try await services.bodyMetrics.put(id: id, draft: input.draft, user: user)
        return created ? .created(BodyMetricResponse(metric)) : EditedResponse(status: .ok, response: BodyMetricResponse(metric))
    }

    @Sendable func deleteBodyMetric(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        try await services.bodyMetrics.delete(try context.parameters.uuid("id", resource: "The measurement"), user: user)
        return .noContent
    }
}
