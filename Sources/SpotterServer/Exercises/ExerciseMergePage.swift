import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// One exercise in a list: name, what it trains, and its picture or a monogram.
/// "Merge into…": the exercises to pick from, best first, or those the search found.
struct ExerciseMergePage: PageModel {
    static let template = "exercises/exercise-merge"

    let page: PageChrome
    let source: ExerciseRow
    let query: String
    let searched: Bool
    let candidates: [ExerciseRow]
    /// "Most likely the same" over the offered ones; none over search results.
    let heading: String?
    let error: String?
}
