import Foundation
import SpotterCore

/// Saving a body measurement: checked against today in the lifter's zone, then stored
/// under the client's id. For the API and the page alike.
public struct BodyMetricService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    public func save(id: UUID, draft: BodyMetricDraft, user: User) async throws -> BodyMetric {
        let now = clock()
        let today = CalendarDay.string(of: now, timeZone: user.settings.zone)
        let metric: BodyMetric
        do { metric = try draft.validated(id: id, unit: user.settings.unit, today: today, now: now) } catch { throw SpotterError.invalid(error) }
        return try await BodyMetricRepository(store: store).put(metric, userID: user.id)
    }
}
