import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct WelcomePage {
    let page: PageChrome
    let registrationOpen: Bool
    /// True for a signed-in user's first visit: the page asks for the unit and rest time.
    let onboarding: Bool
    let catalogSize: Int
    let unitOptions: [OptionView]
    let restSeconds: String
    let timeZone: String
    let error: String?
}

struct LoginPage {
    let page: PageChrome
    let username: String
    let error: String?
    /// Where the browser goes once signed in (`ReturnPath`).
    let next: String
    /// The registration page, carrying `next` on.
    let registerLink: String
    let registrationOpen: Bool
}

struct RegisterPage {
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
