import Foundation
import Mustache
import SpotterCore

struct TemplateLibraryPage: PageModel {
    static let template = "templates/templates"

    let page: PageChrome
    let cards: [TemplateCardView]
    let search: String
    let categories: [OptionView]
    let sorts: [OptionView]
    let showArchived: Bool
    let guidedOnly: Bool
    let filtered: Bool
    let hasAny: Bool
    let error: String?
    let notice: String?
}
