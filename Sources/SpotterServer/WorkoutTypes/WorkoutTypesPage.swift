import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct WorkoutTypesPage: PageModel {
    static let template = "workout-types/workout-types"

    let page: PageChrome
    let types: [WorkoutTypeRowView]
    let archived: [WorkoutTypeChip]
    let hasArchived: Bool
    let form: WorkoutTypeFormView
    let notice: String?
}
