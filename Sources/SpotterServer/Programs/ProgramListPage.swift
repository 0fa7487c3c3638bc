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
    let showArchived: Bool
    let filtered: Bool
    let hasAny: Bool
    let notice: String?
}
