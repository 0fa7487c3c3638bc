import Foundation
import SpotterCore
import SpotterStore

/// The timeline builder (`/templates/new/timeline`, `/templates/{id}/timeline`).
struct TimelinePage: PageModel {
    static let template = "guided/guided-timeline"

    let page: PageChrome
    let action: String
    let newId: String
    let name: FieldView
    let categories: [OptionView]
    let notes: String
    let items: [TimelineItemView]
    let hasItems: Bool
    let total: String
    let addGroups: [ExerciseGroupView]
    let hasLibrary: Bool
    let formError: String?
    let cancelLink: String
    let primaryLabel: String
    let defaultRest: Int

    init(
        page: PageChrome, action: String, newId: String, form: TimelineForm, exercises: [UUID: Exercise], library: [Exercise],
        failure: ValidationFailure?, cancelLink: String, primaryLabel: String, defaultRest: Int
    ) {
        self.page = page
        self.action = action
        self.newId = newId
        name = FieldView(form.name, failure: failure, field: "name")
        let category = TemplateCategory(rawValue: form.category) ?? .custom
        categories = TemplateCategory.allCases.map {
            OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == category)
        }
        notes = form.notes
        var exerciseIndex = 0
        var breakIndex = 0
        var total = 0
        var views: [TimelineItemView] = []
        for (index, item) in form.items.enumerated() {
            let prefix = item.isBreak ? "breaks[\(breakIndex)]." : "exercises[\(exerciseIndex)]."
            if item.isBreak { breakIndex += 1 } else { exerciseIndex += 1 }
            let problems = failure?.issues.filter { $0.field.hasPrefix(prefix) }.map(\.message) ?? []
            let exercise = UUID(uuidString: item.exerciseID).flatMap { exercises[$0] }
            let seconds = Self.seconds(of: item, defaultRest: defaultRest)
            total += seconds ?? 0
            views.append(
                TimelineItemView(
                    index: index, number: index + 1, item: item, isBreak: item.isBreak, timed: item.isTimed,
                    name: item.isBreak ? "Break" : (exercise?.name ?? "Unknown exercise"),
                    time: seconds.map(GuidedText.clock) ?? "–", first: index == 0, last: index == form.items.count - 1,
                    error: problems.isEmpty ? nil : problems.joined(separator: " ")))
        }
        items = views
        hasItems = !views.isEmpty
        self.total = GuidedText.clock(total)
        addGroups = TemplateFormPage.addGroups(library)
        hasLibrary = !library.isEmpty
        let rowProblem = failure?.issues.contains { $0.field.hasPrefix("exercises[") || $0.field.hasPrefix("breaks[") } ?? false
        formError = failure.flatMap { failure in
            failure.issues.first { !$0.field.hasPrefix("exercises[") && !$0.field.hasPrefix("breaks[") && $0.field != "name" }?
                .message
                ?? (rowProblem ? "Fix the marked items; nothing was saved yet." : nil)
        }
        self.cancelLink = cancelLink
        self.primaryLabel = primaryLabel
        self.defaultRest = defaultRest
    }

    /// The item's length by the player's estimate, or nil while a number in it is not one.
    static func seconds(of item: TimelineForm.Item, defaultRest: Int) -> Int? {
        let int = TimelineForm.int
        if item.isBreak {
            guard let seconds = int(item.seconds), seconds >= 0 else { return nil }
            return GuidedPlayer.estimatedSeconds([.pause(seconds: seconds)])
        }
        guard let sets = int(item.sets) ?? TemplateExercise.defaultSetCount as Int?, sets >= 0 else { return nil }
        let rest = int(item.rest) ?? defaultRest
        let seconds = item.isTimed ? int(item.seconds) : nil
        guard rest >= 0, (seconds ?? 0) >= 0 else { return nil }
        return GuidedPlayer.estimatedSeconds([.exercise(sets: sets, seconds: seconds, restSeconds: rest)])
    }
}
