import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct ExerciseDetailPage: PageModel {
    static let template = "exercises/exercise"

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
    /// The training max row's line ("125 kg since Mon 7 Dec 2026"), for weight x reps lifts only.
    let trainingMax: String?
    let notice: String?
}
