import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct ExerciseDeletePage: PageModel {
    static let template = "exercises/exercise-delete"

    let page: PageChrome
    let exercise: ExerciseRow
    /// "3 workouts and 1 template" when they use it; then deleting archives it instead.
    let usedIn: String?
}
