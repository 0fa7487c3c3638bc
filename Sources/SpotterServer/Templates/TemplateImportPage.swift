import Foundation
import Mustache
import SpotterCore

struct TemplateImportPage: PageModel {
    static let template = "templates/template-import"

    let page: PageChrome
    let error: String?
}
