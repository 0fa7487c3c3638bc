import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct WelcomePage: PageModel {
    static let template = "accounts/welcome"

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
