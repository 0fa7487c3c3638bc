import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// "A workout is in progress": resume it, or discard it and start the new one by
/// sending the same request again (`hidden`) with `replace=1`.
struct StartConflictPage: PageModel {
    static let template = "workouts/start-conflict"

    let page: PageChrome
    let activeName: String
    let startedAgo: String
    let action: String
    let hidden: [HiddenField]

    /// The page (409) when the user has a workout in progress, else nil: every way
    /// of starting a workout asks the same way.
    static func render(
        user: User, services: AppServices, context: SignedInContext, action: String, hidden: [HiddenField]
    ) async throws -> Response? {
        guard let active = try await services.workouts.active(user: user) else { return nil }
        let model = StartConflictPage(
            page: PageChrome(title: "Workout in progress", context: context, section: .workout, backLink: "/"),
            activeName: active.name, startedAgo: WorkoutPagesController.ago(services.clock().timeIntervalSince(active.startedAt)),
            action: action, hidden: hidden)
        return try services.views.render(model, status: .conflict)
    }
}
