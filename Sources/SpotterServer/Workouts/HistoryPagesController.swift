import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// History: finished workouts by week, with filters, detail and delete.
struct HistoryPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("history", use: list)
        router.get("history/:id", use: detail)
        router.get("history/:id/delete", use: confirmDelete)
        router.post("history/:id/delete", use: delete)
    }

    /// Workouts per page: a few months of training, and a page that stays quick.
    static let pageSize = 40

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let query = request.uri.queryParameters
        var failure: ValidationFailure?
        var filter = HistoryFilter()
        do {
            filter = try HistoryQuery(query, timeZone: user.settings.timeZone).filter
        } catch SpotterError.invalid(let problem) {
            failure = problem
        }
        let page = try HistoryQuery.page(query, defaultLimit: Self.pageSize)
        filter.after = page.after
        let (workouts, next) = try await services.workouts.historyPage(user: user, filter: filter, limit: page.limit)
        let cards = try await WorkoutCards(services: services).cards(for: workouts, user: user)
        let zone = user.settings.zone
        let weeks = WeekGrouping.group(Array(zip(workouts, cards)), date: { $0.0.startedAt }, timeZone: zone)
        let types = try await services.workoutTypes.list(userID: user.id, includeArchived: true)
        let usedExercises = try await loggedExercises(user: user)
        let model = HistoryPage(
            page: PageChrome(title: "History", context: context, section: .history),
            weeks: weeks.map { week in
                HistoryWeekView(
                    label: Self.weekLabel(week.start, now: services.clock(), timeZone: zone), workouts: week.items.map(\.1))
            },
            search: query.formText("search") ?? "",
            from: FieldView(query.get("from") ?? "", failure: failure, field: "from"),
            until: FieldView(query.get("until") ?? "", failure: failure, field: "until"),
            types: types.map { OptionView(value: $0.id.text, label: $0.name, selected: $0.id == filter.workoutTypeID) },
            exercises: usedExercises.map { OptionView(value: $0.id.text, label: $0.name, selected: $0.id == filter.exerciseID) },
            filtered: filter.narrows,
            olderLink: next.map { ListPage.url(request, cursor: $0.text) },
            newestLink: filter.after == nil ? nil : ListPage.url(request, cursor: nil),
            notice: Notice.from(request) ?? ImportedNotice.from(request))
        return try services.views.render(model, status: failure == nil ? .ok : .badRequest)
    }

    @Sendable func detail(_ request: Request, context: SignedInContext) async throws -> Response {
        let (user, workout) = try await find(context)
        if workout.isActive { return .seeOther("/workout") }
        let card = try await WorkoutCards(services: services).cards(for: [workout], user: user)[0]
        let template = try await workout.templateID.asyncFlatMap { try await services.templates.own($0, user: user) }
        let model = HistoryDetailPage(
            page: PageChrome(title: workout.name, context: context, section: .history, backLink: "/history"),
            workout: card, notice: Notice.from(request),
            template: template.map { template in
                HistoryTemplateView(
                    id: template.id.text, name: template.name,
                    choices: TemplateUpdate.allCases.map {
                        OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == .keep)
                    })
            },
            canSaveAsTemplate: !TemplateFromWorkout.plan(of: workout, weights: false, newID: UUID.init).isEmpty)
        return try services.views.render(model)
    }

    @Sendable func confirmDelete(_ request: Request, context: SignedInContext) async throws -> Response {
        let (user, workout) = try await find(context)
        let card = try await WorkoutCards(services: services).cards(for: [workout], user: user)[0]
        let model = HistoryDeletePage(
            page: PageChrome(title: "Delete workout?", context: context, section: .history, backLink: "/history/\(card.id)"),
            workout: card)
        return try services.views.render(model)
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let (user, workout) = try await find(context)
        try await services.workouts.delete(workout.id, user: user)
        return .seeOther(workout.isActive ? "/?notice=discarded" : "/history?notice=workoutDeleted")
    }

    private func find(_ context: SignedInContext) async throws -> (User, Workout) {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The workout")
        guard let workout = try await services.workouts.find(id, user: user) else { throw SpotterError.notFound("The workout") }
        return (user, workout)
    }

    /// The exercises the user has logged, for the history filter.
    private func loggedExercises(user: User) async throws -> [Exercise] {
        let ids = try await services.workouts.loggedExerciseIDs(user: user)
        return try await services.exercises.exercises(ids: ids, userID: user.id).values.sorted {
            NameKey($0.name) < NameKey($1.name)
        }
    }

    /// "This week", "Last week", or "Week of 3 Nov".
    static func weekLabel(_ start: Date, now: Date, timeZone: TimeZone) -> String {
        let thisWeek = WeekGrouping.weekStart(of: now, timeZone: timeZone)
        if start == thisWeek { return "This week" }
        if let last = Calendar(identifier: .iso8601).date(byAdding: .day, value: -7, to: thisWeek), start == last {
            return "Last week"
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "d MMM yyyy"
        return "Week of \(formatter.string(from: start))"
    }
}
