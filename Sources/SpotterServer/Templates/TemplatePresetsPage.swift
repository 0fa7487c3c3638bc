import Foundation
import Mustache
import SpotterCore

struct TemplatePresetsPage: PageModel {
    static let template = "templates/template-presets"

    let page: PageChrome
    let groups: [TemplatePresetGroup]
    let categories: [OptionView]
}
