import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct ExerciseListPage {
    let page: PageChrome
    let query: String
    /// The search text offered as the name of a new exercise when nothing matches.
    let createName: String?
    let muscles: [OptionView]
    let equipment: [OptionView]
    let shows: [OptionView]
    let exercises: [ExerciseRow]
    let countLabel: String
    let notice: String?
}

struct ExerciseDetailPage {
    let page: PageChrome
    let exercise: ExerciseRow
    /// Optional, not empty: Mustache treats an empty string as a value to show.
    let description: String?
    let primary: [String]
    let secondary: [String]
    let equipment: String
    let kind: String
    let aliases: String?
    let videoURL: String?
    let notice: String?
}

struct ExerciseFormPage {
    let page: PageChrome
    let action: String
    let isNew: Bool
    let name: FieldView
    let description: FieldView
    let videoURL: FieldView
    let muscles: [OptionView]
    let musclesError: String?
    let equipment: [OptionView]
    let equipmentError: String?
    let kinds: [OptionView]
    let kindError: String?
    let imageURL: String?
    let imageError: String?
    let hasErrors: Bool
}

struct ExerciseDeletePage {
    let page: PageChrome
    let exercise: ExerciseRow
    /// "3 workouts and 1 template" when they use it; then deleting archives it instead.
    let usedIn: String?
}

/// One exercise in a list: name, what it trains, and its picture or a monogram.
/// "Merge into…": the exercises to pick from, best first, or those the search found.
struct ExerciseMergePage {
    let page: PageChrome
    let source: ExerciseRow
    let query: String
    let searched: Bool
    let candidates: [ExerciseRow]
    /// "Most likely the same" over the offered ones; none over search results.
    let heading: String?
    let error: String?
}

/// What a merge moves, to confirm before it is done.
struct ExerciseMergeConfirmPage {
    let page: PageChrome
    let source: ExerciseRow
    let target: ExerciseRow
    /// "12 sets in 4 workouts and 1 template move to Squat (Barbell)."
    let moves: String

    static func moves(_ plan: ExerciseMergeService.Plan) -> String {
        let parts = [
            counted(plan.sets, "set"), plan.usage.workouts == 0 ? nil : "in \(counted(plan.usage.workouts, "workout"))",
        ].compactMap { $0 }.joined(separator: " ")
        let templates = plan.usage.templates == 0 ? "" : " and \(counted(plan.usage.templates, "template"))"
        let verb = plan.sets == 1 && plan.usage.templates == 0 ? "moves" : "move"
        return "\(parts)\(templates) \(verb) to \(plan.target.name)."
    }
}

struct ExerciseRow {
    let id: String
    let name: String
    let muscles: String
    let equipment: String
    let imageURL: String?
    let monogram: String
    let isCustom: Bool
    let archived: Bool

    init(_ exercise: Exercise) {
        id = exercise.id.text
        name = exercise.name
        muscles = exercise.primaryMuscles.map(\.displayName).joined(separator: ", ")
        equipment = exercise.equipment.displayName
        imageURL = exercise.imageURL
        monogram = String(exercise.name.prefix(1)).uppercased()
        isCustom = exercise.isCustom
        archived = exercise.archived
    }
}
