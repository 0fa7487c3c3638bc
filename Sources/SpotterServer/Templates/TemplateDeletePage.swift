import Foundation
import Mustache
import SpotterCore

struct TemplateDeletePage: PageModel {
    static let template = "templates/template-delete"

    let page: PageChrome
    let id: String
    let name: String
    /// Why it cannot be deleted: the programs with a day on it (nil when none).
    let blockedBy: String?
}
