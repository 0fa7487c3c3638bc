import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Logging pages: start (with the active-workout rule), the workout being logged,
/// and editing a past one with the same page.
struct WorkoutPagesController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.post("workouts/start", use: start)
        router.get("workout", use: activePage)
        router.get("history/:id/edit", use: editPage)
    }

    private var presenter: WorkoutPresenter { WorkoutPresenter(services: services) }

    /// Starts an empty workout, or repeats one (`repeatOf`). While another workout is
    /// active the page asks first: resume it, or discard it and start (`replace=1`).
    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requirePageUser()
        var request = request
        let form = try await SubmittedForm.read(&request)
        let repeatOf = UUID(uuidString: form["repeatOf"])
        let replace = form["replace"] == "1"
        let hidden = repeatOf.map { [HiddenField(name: "repeatOf", value: $0.uuidString.lowercased())] } ?? []
        if !replace, let conflict = try await StartConflictPage.render(user: user, services: services, context: context, action: "/workouts/start", hidden: hidden) {
            return conflict
        }
        var source: Workout?
        if let repeatOf {
            guard let original = try await services.workouts.find(id: repeatOf, userID: user.id) else {
                throw SpotterError.notFound("The workout to repeat")
            }
            source = original
        }
        _ = try await services.workouts.start(
            id: UUID(), userID: user.id, name: source?.name, workoutTypeID: source?.workoutTypeID, replaceActive: replace,
            timeZone: user.settings.zone, now: services.clock(), copying: source)
        return .seeOther("/workout")
    }

    /// "just now", "12 min ago", "1 h 05 min ago".
    static func ago(_ seconds: TimeInterval) -> String {
        seconds < 60 ? "just now" : "\(DurationFormat.workout(Int(seconds))) ago"
    }

    @Sendable func activePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requirePageUser()
        guard let workout = try await services.workouts.active(userID: user.id) else {
            return try await startPage(user: user, context: context)
        }
        return try await render(workout, user: user, context: context, backLink: nil)
    }

    /// With no workout in progress, the Workout tab offers to start one: empty, or
    /// as a repeat of a recent workout.
    private func startPage(user: User, context: AppRequestContext) async throws -> Response {
        let recent = try await services.workouts.history(userID: user.id, filter: HistoryFilter(limit: 5))
        let cards = try await WorkoutCards(services: services).cards(for: recent, user: user)
        let model = WorkoutStartPage(
            page: PageChrome(title: "Workout", context: context, section: .workout), recent: cards,
            templates: try await TemplateCards(services: services).quickStart(user: user, limit: 6))
        return try services.views.render(model, template: "workout-start")
    }

    @Sendable func editPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requirePageUser()
        let id = try context.parameters.uuid("id", resource: "The workout")
        guard let workout = try await services.workouts.find(id: id, userID: user.id) else { throw SpotterError.notFound("The workout") }
        if workout.isActive { return .seeOther("/workout") }
        return try await render(workout, user: user, context: context, backLink: "/history/\(id.uuidString.lowercased())")
    }

    private func render(_ workout: Workout, user: User, context: AppRequestContext, backLink: String?) async throws -> Response {
        let response = try await presenter.response(for: workout, user: user)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        // Safe inside <script>: no "</" can close the element early.
        let json = String(decoding: try encoder.encode(response), as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        let model = WorkoutPage(
            page: PageChrome(title: workout.isActive ? "Workout" : "Edit workout", context: context, section: workout.isActive ? .workout : .history, backLink: backLink),
            workoutJSON: json, wordsJSON: WorkoutWords.json, workoutID: workout.id.uuidString.lowercased(), isActive: workout.isActive,
            unit: user.settings.unit.rawValue, defaultRestSeconds: user.settings.defaultRestSeconds,
            kinds: SetKind.allCases.map { OptionView(value: $0.rawValue, label: $0.displayName, selected: false) },
            rpeOptions: stride(from: 6.0, through: 10.0, by: 0.5).map { OptionView(value: WeightFormat.trim($0), label: WeightFormat.trim($0), selected: false) })
        return try services.views.render(model, template: "workout")
    }
}

struct WorkoutPage {
    let page: PageChrome
    /// The workout as the API describes it, for the page script's first paint.
    let workoutJSON: String
    /// The words the page script shows that the server has (`WorkoutWords`).
    let wordsJSON: String
    let workoutID: String
    let isActive: Bool
    let unit: String
    let defaultRestSeconds: Int
    let kinds: [OptionView]
    let rpeOptions: [OptionView]
}

/// The words of the logging page's script that the server has, so the script does
/// not copy them: the marks of set kinds in strips and badges (W, D, F) and the
/// names of records as they read inside a sentence ("New PR · Squat: heaviest weight").
/// The script keeps only the rules it needs without signal (workout-format.js).
struct WorkoutWords: Encodable {
    let marks: [String: String]
    let records: [String: String]

    static let json: String = {
        let words = WorkoutWords(
            marks: Dictionary(uniqueKeysWithValues: SetKind.allCases.compactMap { kind in kind.mark.map { (kind.rawValue, $0) } }),
            records: Dictionary(uniqueKeysWithValues: PersonalRecords.Kind.allCases.map { kind in
                (kind.rawValue, kind.displayName.prefix(1).lowercased() + kind.displayName.dropFirst())
            }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(words)) ?? Data("{}".utf8), as: UTF8.self)
    }()
}

struct WorkoutStartPage {
    let page: PageChrome
    let recent: [WorkoutCardView]
    let templates: [TemplateCardView]
}

/// "A workout is in progress": resume it, or discard it and start the new one by
/// sending the same request again (`hidden`) with `replace=1`.
struct StartConflictPage {
    let page: PageChrome
    let activeName: String
    let startedAgo: String
    let action: String
    let hidden: [HiddenField]

    /// The page (409) when the user has a workout in progress, else nil: every way
    /// of starting a workout asks the same way.
    static func render(
        user: User, services: AppServices, context: AppRequestContext, action: String, hidden: [HiddenField]
    ) async throws -> Response? {
        guard let active = try await services.workouts.active(userID: user.id) else { return nil }
        let model = StartConflictPage(
            page: PageChrome(title: "Workout in progress", context: context, section: .workout, backLink: "/"),
            activeName: active.name, startedAgo: WorkoutPagesController.ago(services.clock().timeIntervalSince(active.startedAt)),
            action: action, hidden: hidden)
        return try services.views.render(model, template: "start-conflict", status: .conflict)
    }
}
