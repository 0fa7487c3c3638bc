import Foundation
import Hummingbird
import Mustache

struct ErrorPageModel: PageModel {
    static let template = "error"

    let page: PageChrome
    let heading: String
    let message: String

    init(page: PageChrome, problem: APIProblem) {
        self.page = page
        switch problem.status {
        case .notFound: heading = "Not found"
        case .tooManyRequests: heading = "Slow down"
        case .forbidden: heading = "Not allowed"
        case .contentTooLarge: heading = "Too large"
        default: heading = problem.status.code >= 500 ? "Server problem" : "That did not work"
        }
        message = problem.pageMessage ?? problem.message
    }
}
