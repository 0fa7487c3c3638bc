import Foundation
import SpotterCore
import SpotterStore

struct ProgramDeletePage: PageModel {
    static let template = "programs/program-delete"

    let page: PageChrome
    let id: String
    let name: String
    let active: Bool
}
