import Foundation
import Mustache
import SpotterCore

struct TemplateDetailPage: PageModel {
    static let template = "templates/template-detail"

    let page: PageChrome
    let card: TemplateCardView
    let notes: String?
    let exercises: [TemplateExerciseView]
    let created: String?
    let setCount: Int
    /// The id a copy made from this page gets, so a double tap makes one copy.
    let newId: String
    /// The id "Use and start now" gives the workout, so a double tap starts one.
    let workoutId: String
    let notice: String?
}
