import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct WorkoutTypeEditPage: PageModel {
    static let template = "workout-types/workout-type-edit"

    let page: PageChrome
    let id: String
    let form: WorkoutTypeFormView
}
