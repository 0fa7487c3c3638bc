import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/`: Home for a signed-in lifter; the welcome screen (once) or sign-in otherwise.
struct HomePageController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("/", use: home)
    }

    @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let user = context.user else {
            return .seeOther(request.cookies[WebCookies.welcomed] == nil ? "/welcome" : "/login")
        }
        if !user.settings.onboardingSeen { return .seeOther("/onboarding") }
        let active = try await services.workouts.active(user: user)
        let start = try await TemplateCards(services: services).startList(user: user, limit: 4)
        let dashboard = try await services.progress.dashboard(user: user)
        let model = HomePage(
            page: PageChrome(title: "Home", context: context, section: .home),
            greeting: Self.greeting(for: services.clock(), timeZone: user.settings.timeZone),
            username: user.username,
            active: active.map { workout in
                ActiveWorkoutView(
                    name: workout.name, sets: counted(workout.allSets.filter(\.done).count, "set"),
                    startedAgo: WorkoutPagesController.ago(services.clock().timeIntervalSince(workout.startedAt)))
            },
            templates: start.templates,
            starters: start.starters,
            // With no finished workout there is nothing to show but the empty states.
            dashboard: dashboard.lastWorkout == nil ? nil : DashboardView(dashboard, timeZone: user.settings.zone),
            program: active == nil ? try await services.programs.status(user: user).map(ProgramStatusView.init) : nil,
            workoutId: UUID().text,
            notice: Notice.from(request))
        return try services.views.render(model)
    }

    /// "Good morning" and friends, by the hour in the user's time zone.
    static func greeting(for now: Date, timeZone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? .gmt
        switch calendar.component(.hour, from: now) {
        case 5..<12: return "Good morning"
        case 12..<18: return "Good afternoon"
        default: return "Good evening"
        }
    }
}
