import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct SettingsPage {
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

struct PasswordPage {
    let page: PageChrome
    let currentError: String?
    let newError: String?
    let confirmationError: String?
    /// The "also revoke all API tokens" box, ticked again when the form comes back with an error.
    let revokeTokens: Bool
}

struct TokenRowView {
    let id: String
    let name: String
    let prefix: String
    let created: String
    let lastUsed: String
}

struct NewTokenView {
    let name: String
    let secret: String
}

struct TokensPage {
    let page: PageChrome
    let tokens: [TokenRowView]
    let name: FieldView
    let newToken: NewTokenView?
    let notice: String?
}
