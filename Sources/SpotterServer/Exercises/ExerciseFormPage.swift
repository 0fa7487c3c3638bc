import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct ExerciseFormPage: PageModel {
    static let template = "exercises/exercise-form"

    let page: PageChrome
    let action: String
    let isNew: Bool
    let name: FieldView
    let description: FieldView
    let videoURL: FieldView
    let muscles: [OptionView]
    let musclesError: String?
    let equipment: [OptionView]
    let equipmentError: String?
    let kinds: [OptionView]
    let kindError: String?
    let imageURL: String?
    let imageError: String?
    let hasErrors: Bool
}
