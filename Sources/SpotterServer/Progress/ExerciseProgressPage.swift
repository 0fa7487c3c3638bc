import Foundation
import SpotterCore
import SpotterStore

struct ExerciseProgressPage: PageModel {
    static let template = "progress/exercise-progress"

    let page: PageChrome
    let exerciseHref: String
    let historyHref: String
    let ranges: [RangeLink]
    let trend: TrendBadgeView
    let records: [RecordTile]
    let repMaxes: [RepMaxRow]
    let chart: String?
    let chartEmpty: String
    let volumeChart: String?
    let sessions: [SessionRow]
    let moreSessions: Int?
}
