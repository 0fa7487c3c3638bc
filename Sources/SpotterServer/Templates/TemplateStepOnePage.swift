import Foundation
import SpotterCore

struct TemplateStepOnePage: PageModel {
    static let template = "templates/template-new"

    let page: PageChrome
    let name: FieldView
    let categories: [OptionView]
}
