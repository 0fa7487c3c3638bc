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

/// A path inside this site to return to after signing in; anything else becomes "/".
func safeReturnPath(_ raw: String?) -> String {
    guard let raw, raw.hasPrefix("/"), !raw.hasPrefix("//"), !raw.contains("\\"), !raw.contains("://") else { return "/" }
    return raw
}
