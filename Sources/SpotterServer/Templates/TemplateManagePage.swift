import Foundation
import Mustache
import SpotterCore

struct TemplateManagePage: PageModel {
    static let template = "templates/template-manage"

    let page: PageChrome
    let card: TemplateCardView
    /// The id the duplicate gets, so a double tap makes one copy.
    let newId: String
}
