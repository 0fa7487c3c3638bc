import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

extension Response {
    /// The answer to a successful form post: go to a page (303, so a reload does not post again).
    static func seeOther(_ path: String) -> Response {
        .redirect(to: path, type: .normal)
    }
}
