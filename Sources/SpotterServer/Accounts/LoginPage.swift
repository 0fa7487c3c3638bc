import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct LoginPage: PageModel {
    static let template = "accounts/login"

    let page: PageChrome
    let username: String
    let error: String?
    /// Where the browser goes once signed in (`ReturnPath`).
    let next: String
    /// The registration page, carrying `next` on.
    let registerLink: String
    let registrationOpen: Bool
}
