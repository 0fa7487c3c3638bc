import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct ExerciseListPage: PageModel {
    static let template = "exercises/exercises"

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
