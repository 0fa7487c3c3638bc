import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct TokensPage: PageModel {
    static let template = "accounts/tokens"

    let page: PageChrome
    let tokens: [TokenRowView]
    let name: FieldView
    let newToken: NewTokenView?
    let notice: String?
}
