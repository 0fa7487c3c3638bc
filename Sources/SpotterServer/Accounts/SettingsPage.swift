import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct SettingsPage: PageModel {
    static let template = "accounts/settings"

    let page: PageChrome
    let username: String
    let units: [OptionView]
    let unitError: String?
    let themes: [OptionView]
    let themeError: String?
    let restSeconds: FieldView
    let timeZone: FieldView
    let plateStep: FieldView
    let plateStepHint: String
    /// The "Plates" and "Rest alerts" sections.
    let gym: GymSettingsForm
    let notice: String?
}
