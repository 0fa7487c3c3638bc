import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The question before a finished workout is deleted, with what it holds.
struct HistoryDeletePage: PageModel {
    static let template = "workouts/history-delete"

    let page: PageChrome
    let workout: WorkoutCardView
}
