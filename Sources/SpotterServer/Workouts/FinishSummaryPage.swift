import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct FinishSummaryPage: PageModel {
    static let template = "workouts/finish-summary"

    let page: PageChrome
    let workout: WorkoutCardView
    /// "3 new records. Well lifted!", or nil with none.
    let recordsTitle: String?
    let comparison: ComparisonView?
    /// From a template done for the first time: nothing to compare with yet.
    let firstTime: Bool
    let templateName: String?
    let question: TemplateQuestionView?
    let notice: String?
}
