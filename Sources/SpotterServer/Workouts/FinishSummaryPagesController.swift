import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// `/history/{id}/summary`: the page a lifter sees on finishing a workout. How long,
/// how much and which records, against the last time the same template was done,
/// and one question when today differs from the template: update it?
struct FinishSummaryPagesController {
    let services: AppServices

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("history/:id/summary", use: summary)
    }

    @Sendable func summary(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let id = try context.parameters.uuid("id", resource: "The workout")
        guard let workout = try await services.workouts.find(id, user: user) else { throw SpotterError.notFound("The workout") }
        if workout.isActive { return .seeOther("/workout") }
        let template = try await workout.templateID.asyncFlatMap { try await services.templates.own($0, user: user) }
        // The last time before this one that the same template was done.
        let earlier = try await workout.templateID.asyncFlatMap { templateID in
            try await services.workouts.history(
                user: user, filter: HistoryFilter(until: workout.startedAt, limit: 1, templateID: templateID)
            ).first
        }
        let shown = try await WorkoutCards(services: services).summarized([workout] + (earlier.map { [$0] } ?? []), user: user)
        let notice = Notice.from(request)
        let answered = notice == Notice.templateKept.text || notice == Notice.templateUpdated.text
        var question: TemplateQuestionView?
        if let template, !answered {
            question = try await Self.question(template: template, workout: workout, user: user, services: services)
        }
        let model = FinishSummaryPage(
            page: PageChrome(title: "Workout complete", context: context, section: .workout),
            workout: shown[0].card,
            recordsTitle: shown[0].card.records.isEmpty
                ? nil : "\(counted(shown[0].card.records.count, "new record")). Well lifted!",
            comparison: earlier.map { earlier in
                ComparisonView(
                    shown[0].summary.change(since: shown[1].summary), earlierDate: shown[1].card.date,
                    earlierHref: "/history/\(earlier.id.text)",
                    unit: user.settings.unit)
            },
            firstTime: template != nil && earlier == nil,
            templateName: template?.name,
            question: question,
            notice: notice)
        return try services.views.render(model)
    }

    /// "Update the template with today's changes?" when updating it would change
    /// something (exercises, order or values); nil when today matched it.
    static func question(template: WorkoutTemplate, workout: Workout, user: User, services: AppServices) async throws
        -> TemplateQuestionView?
    {
        let preview: TemplateUpdatePreview
        do {
            preview = try await services.templates.preview(template.id, choice: .both, from: .workout(workout.id), user: user)
        } catch SpotterError.invalid {
            return nil  // nothing done today that could become a template
        }
        guard !preview.changes.isEmpty else { return nil }
        let ids = Set((preview.before.exercises + preview.after.exercises).map(\.exerciseID))
        let names = try await services.exercises.exercises(ids: ids, userID: user.id).mapValues(\.name)
        return TemplateQuestionView(
            templateName: template.name, choice: TemplateUpdate.both.rawValue,
            changes: TemplateChangeText.pageLines(preview.changes, names: names))
    }
}

/// Today against the last time, figure by figure ("+320 kg", "5 min less").
struct ComparisonView {
    struct Line {
        let label: String
        let value: String
        /// up, down or same: the colour of the change.
        let tone: String
    }

    let earlierDate: String
    let earlierHref: String
    let lines: [Line]

    init(_ change: WorkoutSummary.Change, earlierDate: String, earlierHref: String, unit: MassUnit) {
        self.earlierDate = earlierDate
        self.earlierHref = earlierHref
        func tone(_ value: Double) -> String { value > 0 ? "up" : value < 0 ? "down" : "same" }
        let minutes = Int((Double(abs(change.durationSeconds)) / 60).rounded())
        lines = [
            Line(
                label: "Volume",
                value: change.volume == 0
                    ? "Same" : "\(change.volume > 0 ? "+" : "−")\(WeightFormat.trim(abs(change.volume))) \(unit.rawValue)",
                tone: tone(change.volume)),
            Line(
                label: "Sets",
                value: change.setCount == 0 ? "Same" : "\(change.setCount > 0 ? "+" : "−")\(abs(change.setCount))",
                tone: tone(Double(change.setCount))),
            Line(
                label: "Time",
                value: minutes == 0 ? "Same" : "\(minutes) min \(change.durationSeconds > 0 ? "longer" : "shorter")",
                tone: "same"),
        ]
    }
}

struct TemplateQuestionView {
    let templateName: String
    let choice: String
    let changes: [String]
}
