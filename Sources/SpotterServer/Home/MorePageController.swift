import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/more`: the fifth tab. Everything that is not Home, Workout, History or
/// Progress, one row each with what it holds.
struct MorePageController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("more", use: more)
    }

    @Sendable func more(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let counts = try await services.exercises.counts(userID: user.id)
        let program = try await services.programs.status(user: user)
        let settings = user.settings
        let model = MorePage(
            page: PageChrome(title: "More", context: context, section: .more),
            links: [
                MoreLink(
                    path: "/programs", icon: "programs", title: "Programs",
                    detail: program.map { "Following \($0.program.name)" } ?? "Plan weeks of training, with progression"),
                MoreLink(
                    path: "/templates", icon: "workout", title: "Templates",
                    detail: "Your routines and the preset library"),
                MoreLink(
                    path: "/exercises", icon: "exercises", title: "Exercises",
                    detail: "\(NumberText.grouped(counts.catalog)) built in · \(counts.custom) of your own"),
                MoreLink(
                    path: "/settings/workout-types", icon: "target", title: "Workout types",
                    detail: "Names, colours, icons and order"),
                MoreLink(
                    path: "/settings/import", icon: "upload", title: "Import history",
                    detail: "From Strong, Hevy or FitNotes"),
                MoreLink(
                    path: "/settings/export", icon: "archive", title: "Export",
                    detail: "Everything you logged, as a file to keep"),
                MoreLink(
                    path: "/settings", icon: "settings", title: "Settings",
                    detail:
                        "Weights in \(settings.unit.rawValue) · rest \(DurationFormat.short(settings.defaultRestSeconds)) · \(settings.theme.displayName.lowercased()) theme"
                ),
            ])
        return try services.views.render(model)
    }
}

struct MoreLink {
    let path: String
    let icon: String
    let title: String
    let detail: String
}
