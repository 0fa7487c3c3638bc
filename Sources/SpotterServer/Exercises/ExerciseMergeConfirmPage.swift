import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// What a merge moves, to confirm before it is done.
struct ExerciseMergeConfirmPage: PageModel {
    static let template = "exercises/exercise-merge-confirm"

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
