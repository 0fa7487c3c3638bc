import Foundation
import SpotterCore
import SpotterStore

struct ProgramListPage: PageModel {
    static let template = "programs/programs"

    let page: PageChrome
    let showPresets: Bool
    let cards: [ProgramCardView]
    let search: String
    let categories: [OptionView]
    /// Any level, then beginner, intermediate, advanced.
    let difficulties: [OptionView]
    let showArchived: Bool
    let filtered: Bool
    let hasAny: Bool
    let notice: String?
}
