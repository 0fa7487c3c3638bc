import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct RegisterPage: PageModel {
    static let template = "accounts/register"

    let page: PageChrome
    let registrationOpen: Bool
    let username: FieldView
    let passwordError: String?
    let confirmationError: String?
    let unitOptions: [OptionView]
    let timeZone: String
    /// Where the browser goes once registered (`ReturnPath`).
    let next: String
    /// The sign-in page, carrying `next` on.
    let signInLink: String
}
