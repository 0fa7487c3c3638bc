import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Logging pages: start (with the active-workout rule), the workout being logged,
/// and editing a past one with the same page.
struct WorkoutPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.post("workouts/start", use: start)
        router.get("workouts/past", use: pastPage)
        router.post("workouts/past", use: logPast)
        router.get("workout", use: activePage)
        router.get("workout/offline", use: offlinePage)
        router.get("history/:id/edit", use: editPage)
    }

    private var presenter: WorkoutPresenter { WorkoutPresenter(services: services) }

    /// Starts an empty workout, or repeats one (`repeatOf`). While another workout is
    /// active the page asks first: resume it, or discard it and start (`replace=1`).
    @Sendable func start(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let form = try await SubmittedForm.read(&request)
        let repeatOf = UUID(uuidString: form["repeatOf"])
        let replace = form["replace"] == "1"
        let hidden = repeatOf.map { [HiddenField(name: "repeatOf", value: $0.text)] } ?? []
        if !replace,
            let conflict = try await StartConflictPage.render(
                user: user, services: services, context: context, action: "/workouts/start", hidden: hidden)
        {
            return conflict
        }
        do {
            _ = try await services.workouts.start(.init(id: UUID(), replaceActive: replace, repeatOf: repeatOf), user: user)
        } catch SpotterError.invalid(let failure) where repeatOf != nil && failure.message(for: "repeatOf") != nil {
            // A form names the workout to repeat from a link: a missing one is a page not found.
            throw SpotterError.notFound("The workout to repeat")
        }
        return .seeOther("/workout")
    }

    /// "just now", "12 min ago", "1 h 05 min ago".
    static func ago(_ seconds: TimeInterval) -> String {
        seconds < 60 ? "just now" : "\(DurationFormat.workout(Int(seconds))) ago"
    }

    @Sendable func activePage(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        guard let workout = try await services.workouts.active(user: user) else {
            return try await startPage(user: user, context: context)
        }
        return try await render(workout, user: user, context: context, backLink: nil)
    }

    /// The logging page without a workout, kept by the service worker: a workout
    /// started without signal runs in it from the phone's own copy (workout.js) until
    /// the server has it. Online it is only ever fetched to be kept.
    @Sendable func offlinePage(_ request: Request, context: SignedInContext) async throws -> Response {
        try await renderPage(
            workoutJSON: "null", workoutID: "", isActive: true, program: nil, user: context.user, context: context, shell: true)
    }

    /// With no workout in progress, the Workout tab offers to start one: empty, or
    /// as a repeat of a recent workout.
    private func startPage(user: User, context: SignedInContext) async throws -> Response {
        let recent = try await services.workouts.history(user: user, filter: HistoryFilter(limit: 5))
        let cards = try await WorkoutCards(services: services).cards(for: recent, user: user)
        let start = try await TemplateCards(services: services).startList(user: user, limit: 6)
        let model = WorkoutStartPage(
            page: PageChrome(title: "Workout", context: context, section: .workout), recent: cards,
            templates: start.templates, starters: start.starters)
        return try services.views.render(model)
    }

    /// "Log a past workout": when it was and how long; then its exercises, on the
    /// editing page of a finished workout.
    @Sendable func pastPage(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let now = services.clock()
        let day = PastWorkoutForm.dayFormat(now, user.settings.zone)
        let form = PastWorkoutForm(name: "", date: day.date, time: day.time, minutes: "60")
        return try renderPast(form, failure: nil, context: context, status: .ok)
    }

    @Sendable func logPast(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        var request = request
        let submitted = try await SubmittedForm.read(&request)
        let form = PastWorkoutForm(
            name: submitted["name"], date: submitted["date"], time: submitted["time"], minutes: submitted["minutes"])
        do {
            let (start, duration) = try form.values(timeZone: user.settings.zone)
            let workout = try await services.workouts.logPast(
                .init(
                    id: UUID(uuidString: submitted["workoutId"]) ?? UUID(), name: form.name, startedAt: start,
                    durationSeconds: duration),
                user: user)
            return .seeOther("/history/\(workout.id.text)/edit")
        } catch SpotterError.invalid(let failure) {
            return try renderPast(
                form, failure: failure, context: context, status: .badRequest, workoutID: submitted["workoutId"])
        }
    }

    private func renderPast(
        _ form: PastWorkoutForm, failure: ValidationFailure?, context: SignedInContext, status: HTTPResponse.Status,
        workoutID: String? = nil
    ) throws -> Response {
        let user = context.user
        // A failure about the start or duration belongs to the fields the lifter typed.
        let startError = failure?.message(for: "startedAt") ?? failure?.message(for: "date")
        let model = PastWorkoutPage(
            page: PageChrome(title: "Log a past workout", context: context, section: .workout, backLink: "/workout"),
            workoutId: workoutID.flatMap(UUID.init(uuidString:))?.text ?? UUID().text,
            name: form.name,
            date: FieldView(form.date, error: startError),
            time: FieldView(form.time, error: failure?.message(for: "time")),
            minutes: FieldView(form.minutes, error: failure?.message(for: "durationSeconds") ?? failure?.message(for: "minutes")),
            today: PastWorkoutForm.dayFormat(services.clock(), user.settings.zone).date,
            error: failure.flatMap { failure in
                ["startedAt", "date", "time", "durationSeconds", "minutes"].contains { failure.message(for: $0) != nil }
                    ? nil : failure.first.message
            })
        return try services.views.render(model, status: status)
    }

    @Sendable func editPage(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The workout")
        guard let workout = try await services.workouts.find(id, user: user) else { throw SpotterError.notFound("The workout") }
        if workout.isActive { return .seeOther("/workout") }
        return try await render(workout, user: user, context: context, backLink: "/history/\(id.text)")
    }

    private func render(_ workout: Workout, user: User, context: SignedInContext, backLink: String?) async throws -> Response {
        let response = try await presenter.response(for: workout, user: user)
        let json = try JSONCoding.scriptIsland(response)
        return try await renderPage(
            workoutJSON: json, workoutID: workout.id.text, isActive: workout.isActive, program: workout.program, user: user,
            context: context,
            backLink: backLink)
    }

    private func renderPage(
        workoutJSON json: String, workoutID: String, isActive: Bool, program: ProgramLink?, user: User, context: SignedInContext,
        backLink: String? = nil, shell: Bool = false
    ) async throws -> Response {
        let model = WorkoutPage(
            page: PageChrome(
                title: isActive ? "Workout" : "Edit workout", context: context, section: isActive ? .workout : .history,
                backLink: backLink),
            workoutJSON: json, wordsJSON: WorkoutWords.json, workoutID: workoutID, isActive: isActive, shell: shell,
            unit: user.settings.unit.rawValue, defaultRestSeconds: user.settings.defaultRestSeconds,
            kinds: SetKind.allCases.map { OptionView(value: $0.rawValue, label: $0.displayName, selected: false) },
            rpeOptions: stride(from: 6.0, through: 10.0, by: 0.5).map {
                OptionView(value: WeightFormat.trim($0), label: WeightFormat.trim($0), selected: false)
            },
            sessionRPEOptions: WorkoutPage.sessionRPEOptions,
            workoutTypes: try await services.workoutTypes.list(userID: user.id).map {
                OptionView(value: $0.id.text, label: $0.name, selected: false)
            },
            programContext: try await programContext(of: program, user: user), programID: program?.programID.text,
            gym: GymSettingsView(user.settings))
        return try services.views.render(model)
    }

    /// "Week 5 of 12 · Strength · Push A" for a workout started from a program day
    /// (nil when the program is gone).
    private func programContext(of link: ProgramLink?, user: User) async throws -> String? {
        guard let link, let program = try await services.programs.own(link.programID, user: user) else { return nil }
        let week = program.week(link.week)
        let day = week?.days.first { $0.id == link.dayID }
        var name: String?
        if let day { name = try await services.programs.templateNames(of: program, user: user)[day.templateID] }
        return ["\(program.name): week \(link.week) of \(program.weekCount)", week?.label, name].compactMap { $0 }.joined(
            separator: " · ")
    }
}
