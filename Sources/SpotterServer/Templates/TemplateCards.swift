import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Template cards for any page (library, Home, the Workout tab).
struct TemplateCards {
    let services: AppServices

    func cards(_ templates: [WorkoutTemplate], user: User) async throws -> [TemplateCardView] {
        let ids = Set(templates.flatMap { $0.exercises.map(\.exerciseID) })
        let names = try await services.exercises.exercises(ids: ids, userID: user.id).mapValues(\.name)
        let zone = user.settings.zone
        let now = services.clock()
        return templates.map { TemplateCardView($0, names: names, now: now, timeZone: zone) }
    }

    /// What Home and the Workout tab offer to start: pinned templates, then the
    /// recently used ones, at most `limit`.
    func quickStart(user: User, limit: Int = 4) async throws -> [TemplateCardView] {
        try await cards(try await services.templates.quickStart(userID: user.id, limit: limit), user: user)
    }
}
