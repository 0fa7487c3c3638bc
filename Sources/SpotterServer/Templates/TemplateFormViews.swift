import Foundation
import SpotterCore

struct TemplateRowView {
    let index: Int
    let number: Int
    let row: TemplateForm.Row
    let name: String
    let unitLabel: String
    let timed: Bool
    let first: Bool
    let last: Bool
    let error: String?
}

struct ExerciseGroupView {
    let label: String
    let options: [OptionView]
}
