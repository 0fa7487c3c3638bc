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
    /// recently used ones, then the newest, at most `limit`.
    func quickStart(user: User, limit: Int = 4) async throws -> [TemplateCardView] {
        try await cards(try await services.templates.quickStart(user: user, limit: limit), user: user)
    }

    /// The start list of Home and the Workout tab (`template-start-list`): the
    /// lifter's templates to start, or with none yet, starter presets.
    func startList(user: User, limit: Int) async throws -> (templates: [TemplateCardView], starters: [StarterCardView]) {
        let templates = try await quickStart(user: user, limit: limit)
        return (templates, templates.isEmpty ? try await starters(user: user) : [])
    }

    /// What Home and the Workout tab offer a lifter without templates: a few
    /// presets for a first session, each started (and kept) in one tap.
    func starters(user: User) async throws -> [StarterCardView] {
        let presets = try await services.templates.presets()
        let chosen = StarterCardView.presetNames.compactMap { name in presets.first { $0.name == name } }
        return try await cards(chosen, user: user).map { StarterCardView(card: $0, newId: UUID().text, workoutId: UUID().text) }
    }
}

/// A preset offered to start at once: "Use and start now" with the ids the copy and
/// the workout get, so a double tap makes one of each.
struct StarterCardView {
    let card: TemplateCardView
    let newId: String
    let workoutId: String

    /// Routines for a first session: a beginner's full body, then the classics.
    static let presetNames = [
        "Full Body Beginner - Workout A", "Starting Strength - Workout A", "PPL - Push", "Upper/Lower - Upper",
    ]
}
