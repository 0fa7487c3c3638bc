import Foundation
import Hummingbird
import NIOCore
import SpotterCore
import SpotterStore

/// How a request proved who it is from.
enum Authentication: Sendable {
    case session(AccountService.WebSession)
    case token(User)

    var user: User {
        switch self {
        case .session(let session): session.user
        case .token(let user): user
        }
    }

    var webSession: AccountService.WebSession? {
        if case .session(let session) = self { return session }
        return nil
    }
}
