import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct MorePage: PageModel {
    static let template = "home/more"

    let page: PageChrome
    let links: [MoreLink]
}
