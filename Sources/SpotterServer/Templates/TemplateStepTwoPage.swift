import Foundation
import SpotterCore

struct TemplateStepTwoPage: PageModel {
    static let template = "templates/template-pick"

    let page: PageChrome
    let name: String
    let category: String
    let groups: [ExerciseGroupView]
    let error: String?
}
