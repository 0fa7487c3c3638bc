import Foundation
import SpotterCore
import SpotterStore

struct ProgramDetailPage: PageModel {
    static let template = "programs/program-detail"

    let page: PageChrome
    let id: String
    /// "/programs/<id>", for links made inside the week and day lists.
    let path: String
    let name: String
    let meta: String
    let length: String
    let description: String?
    let pattern: String
    let isPreset: Bool
    let archived: Bool
    let chart: String
    let weeks: [ProgramWeekView]
    /// The lifter's position, when this is the active program.
    let status: ProgramStatusView?
    /// The completion summary, when the active program is complete.
    let summary: CompletionView?
    /// The other active program this one would replace.
    let replaces: String?
    let today: String
    let newId: String
    let workoutId: String
    let notice: String?
    let error: String?
}
