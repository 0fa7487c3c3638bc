import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct HistoryWeekView {
    let label: String
    let workouts: [WorkoutCardView]
}

struct HistoryPage {
    let page: PageChrome
    let weeks: [HistoryWeekView]
    let search: String
    let from: FieldView
    let until: FieldView
    let types: [OptionView]
    let exercises: [OptionView]
    let filtered: Bool
    /// The next page of older workouts, when there is one.
    let olderLink: String?
    /// Back to the newest workouts, from an older page.
    let newestLink: String?
    let notice: String?
}

struct HistoryDetailPage {
    let page: PageChrome
    let workout: WorkoutCardView
    let notice: String?
    /// The template the workout came from, with the update choices.
    let template: HistoryTemplateView?
    let canSaveAsTemplate: Bool
}

/// The question before a finished workout is deleted, with what it holds.
struct HistoryDeletePage {
    let page: PageChrome
    let workout: WorkoutCardView
}

struct HistoryTemplateView {
    let id: String
    let name: String
    let choices: [OptionView]
}
