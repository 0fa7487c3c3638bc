import Foundation
import SpotterCore

/// The draft form of the create, edit and "start and tweak" pages.
struct TemplateFormPage: PageModel {
    static let template = "templates/template-form"

    let page: PageChrome
    let action: String
    let step: String?
    /// Name, category and notes: the template's own fields (not on the prep page).
    let showDetails: Bool
    let name: FieldView
    let categories: [OptionView]
    let notes: FieldView
    let rows: [TemplateRowView]
    let addGroups: [ExerciseGroupView]
    let formError: String?
    let isPrep: Bool
    let choices: [OptionView]
    let saveAsNew: Bool
    let newName: FieldView
    let primaryLabel: String
    let primaryCommand: String
    let cancelLink: String
    let unit: String
    let hasRows: Bool
    /// The id a created template gets (create flow only).
    let newId: String
}

extension TemplateFormPage {
    /// Everything but the mode-specific parts, from a form and what is wrong with it.
    static func rows(_ form: TemplateForm, exercises: [UUID: Exercise], unit: MassUnit, failure: ValidationFailure?)
        -> [TemplateRowView]
    {
        form.rows.enumerated().map { index, row in
            let exercise = UUID(uuidString: row.exerciseID).flatMap { exercises[$0] }
            let prefix = "exercises[\(index)]."
            let problems = failure?.issues.filter { $0.field.hasPrefix(prefix) }.map(\.message) ?? []
            return TemplateRowView(
                index: index, number: index + 1, row: row, name: exercise?.name ?? "Unknown exercise",
                unitLabel: row.unit.isEmpty ? unit.rawValue : row.unit,
                timed: !row.duration.isEmpty || exercise?.kind == .duration,
                first: index == 0, last: index == form.rows.count - 1,
                error: problems.isEmpty ? nil : problems.joined(separator: " "))
        }
    }

    /// The library as option groups by main muscle, for "Add exercise".
    static func addGroups(_ library: [Exercise]) -> [ExerciseGroupView] {
        let grouped = Dictionary(grouping: library) { $0.primaryMuscles.first ?? .fullBody }
        return MuscleGroup.allCases.compactMap { muscle in
            guard let list = grouped[muscle], !list.isEmpty else { return nil }
            return ExerciseGroupView(
                label: muscle.displayName,
                options: list.sorted { NameKey($0.name) < NameKey($1.name) }.map {
                    OptionView(value: $0.id.text, label: $0.name, selected: false)
                })
        }
    }

    /// The message at the top of a form that failed: the first problem not shown
    /// beside a row or field.
    static func formError(_ failure: ValidationFailure?, shownFields: Set<String>) -> String? {
        guard let failure else { return nil }
        if let elsewhere = failure.issues.first(where: { !$0.field.hasPrefix("exercises[") && !shownFields.contains($0.field) }) {
            return elsewhere.message
        }
        let rows = failure.issues.contains { $0.field.hasPrefix("exercises[") }
        return rows ? "Fix the marked rows; nothing was saved yet." : "Fix the marked field; nothing was saved yet."
    }
}
