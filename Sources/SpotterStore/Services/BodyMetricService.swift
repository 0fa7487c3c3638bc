import Foundation
import SpotterCore

/// The lifter's body measurements, for the API and the pages alike: listed by range,
/// and saved (checked against today in the lifter's zone) under the client's id.
public struct BodyMetricService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    var metrics: BodyMetricRepository { BodyMetricRepository(store: store) }

    /// The measurements of a range, newest first, its days counted in the lifter's zone.
    public func list(range: ProgressRange, user: User) async throws -> [BodyMetric] {
        try await metrics.list(userID: user.id, sinceDay: range.firstDay(now: clock(), timeZone: user.settings.zone))
    }

    public func find(_ id: UUID, user: User) async throws -> BodyMetric {
        guard let metric = try await metrics.find(id: id, userID: user.id) else { throw SpotterError.notFound("The measurement") }
        return metric
    }

    /// Saves a measurement and says whether it was new (an API `PUT` answers 201 then).
    public func put(id: UUID, draft: BodyMetricDraft, user: User) async throws -> (metric: BodyMetric, created: Bool) {
        let existed = try await metrics.find(id: id, userID: user.id) != nil
        return (try await save(id: id, draft: draft, user: user), !existed)
    }

    public func delete(_ id: UUID, user: User) async throws {
        try await metrics.delete(id: id, userID: user.id)
    }

    public func save(id: UUID, draft: BodyMetricDraft, user: User) async throws -> BodyMetric {
        let now = clock()
        let today = CalendarDay.string(of: now, timeZone: user.settings.zone)
        let metric: BodyMetric
        do { metric = try draft.validated(id: id, unit: user.settings.unit, today: today, now: now) } catch {
            throw SpotterError.invalid(error)
        }
        return try await metrics.put(metric, userID: user.id)
    }
}
