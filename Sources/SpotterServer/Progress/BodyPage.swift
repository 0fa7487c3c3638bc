import Foundation
import SpotterCore
import SpotterStore

struct BodyPage: PageModel {
    static let template = "progress/measurements"

    let page: PageChrome
    let notice: String?
    let formAction: String
    let newID: String
    let editing: Bool
    let deleteAction: String?
    let formError: String?
    let day: FieldView
    let bodyWeight: FieldView
    let bodyFat: FieldView
    let note: FieldView
    let unit: String
    let today: String
    let ranges: [RangeLink]
    let weightChart: String?
    let fatChart: String?
    let entries: [BodyRow]
}
