import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct HistoryWeekView {
    let label: String
    let workouts: [WorkoutCardView]
}

struct HistoryTemplateView {
    let id: String
    let name: String
    let choices: [OptionView]
}
