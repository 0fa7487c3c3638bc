import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Saving a body measurement, for the API and the page alike.
struct BodyMetricActions {
    let services: AppServices

    func save(id: UUID, draft: BodyMetricDraft, user: User) async throws -> BodyMetric {
        let now = services.clock()
        let today = CalendarDay.string(of: now, timeZone: user.settings.zone)
        let metric: BodyMetric
        do { metric = try draft.validated(id: id, unit: user.settings.unit, today: today, now: now) } catch { throw SpotterError.invalid(error) }
        return try await services.bodyMetrics.put(metric, userID: user.id)
    }
}
