import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct WorkoutStartPage: PageModel {
    static let template = "workouts/workout-start"

    let page: PageChrome
    let recent: [WorkoutCardView]
    let templates: [TemplateCardView]
    let starters: [StarterCardView]
}
