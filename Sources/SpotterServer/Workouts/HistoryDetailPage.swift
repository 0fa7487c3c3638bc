import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct HistoryDetailPage: PageModel {
    static let template = "workouts/history-detail"

    let page: PageChrome
    let workout: WorkoutCardView
    let notice: String?
    /// The template the workout came from, with the update choices.
    let template: HistoryTemplateView?
    let canSaveAsTemplate: Bool
}
