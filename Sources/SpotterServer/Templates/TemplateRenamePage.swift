import Foundation
import Mustache
import SpotterCore

struct TemplateRenamePage: PageModel {
    static let template = "templates/template-rename"

    let page: PageChrome
    let id: String
    let name: FieldView
}
