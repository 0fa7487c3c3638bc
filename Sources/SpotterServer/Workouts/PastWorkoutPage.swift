import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct PastWorkoutPage: PageModel {
    static let template = "workouts/workout-past"

    let page: PageChrome
    let workoutId: String
    let name: String
    let date: FieldView
    let time: FieldView
    let minutes: FieldView
    /// The latest day the date picker offers.
    let today: String
    let error: String?
}
