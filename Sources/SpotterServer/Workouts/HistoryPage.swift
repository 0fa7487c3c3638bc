import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct HistoryPage: PageModel {
    static let template = "workouts/history"

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
