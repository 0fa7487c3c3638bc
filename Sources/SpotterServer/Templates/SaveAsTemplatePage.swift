import Foundation
import Mustache
import SpotterCore

struct SaveAsTemplatePage: PageModel {
    static let template = "templates/template-save"

    let page: PageChrome
    let workoutID: String
    let name: FieldView
    let categories: [OptionView]
    let exercises: [TemplateExerciseView]
    let skipped: [String]
    let error: String?
    /// The id the template gets, so a double tap saves it once.
    let newId: String
}
