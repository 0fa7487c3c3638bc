import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct PasswordPage: PageModel {
    static let template = "accounts/password"

    let page: PageChrome
    let currentError: String?
    let newError: String?
    let confirmationError: String?
    /// The "also revoke all API tokens" box, ticked again when the form comes back with an error.
    let revokeTokens: Bool
}
