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

/// Per-request state: who is asking, and from where.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    var authentication: Authentication?
    /// The address of the peer that connected (a proxy, when there is one).
    let peerAddress: String
    /// The client's address, for limits on guessing and anonymous posts: the peer, or
    /// what a trusted proxy says (`ClientAddressMiddleware`).
    var clientAddress: String
    /// The token that forms must echo back when nobody is signed in yet (login, register).
    var preAuthCSRF: String?
    /// The form token a streamed upload must carry, when `CSRFMiddleware` left the
    /// check to the handler (it does not collect such a body).
    var streamedCSRF: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress ?? "local"
        clientAddress = peerAddress
    }

    /// JSON bodies larger than this are refused with 413.
    public var maxUploadSize: Int { 1024 * 1024 }

    /// Dates are read strictly (`RequestDates`).
    public var requestDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = RequestDates.strategy
        return decoder
    }

    /// Keys in a stable order, so the same data is always the same bytes.
    public var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    var user: User? { authentication?.user }

    /// The signed-in user, or 401.
    func requireUser() throws -> User {
        guard let user else { throw HTTPError(.unauthorized, message: "Sign in, or send an API token as Authorization: Bearer ….") }
        return user
    }
}
