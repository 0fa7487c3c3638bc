import Foundation
import SpotterCore
import SpotterStore

struct ProgramWeekEditPage: PageModel {
    static let template = "programs/program-week"

    let page: PageChrome
    let programName: String
    let action: String
    let number: Int
    let phases: [OptionView]
    let modifier: FieldView
    let deload: Bool
    let error: String?
}
