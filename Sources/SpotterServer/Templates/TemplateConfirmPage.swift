import Foundation
import Mustache
import SpotterCore

/// "This will change ...": the changes an update makes, to confirm or go back.
struct TemplateConfirmPage: PageModel {
    static let template = "templates/template-confirm"

    let page: PageChrome
    let intro: String
    let changes: [String]
    let action: String
    let hidden: [HiddenField]
    let confirmLabel: String
    let backLabel: String
}
