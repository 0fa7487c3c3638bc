import Foundation
import Hummingbird
import NIOCore
import SpotterCore
import SpotterStore

/// Per-request state: who is asking, and from where. Routes behind sign-in get
/// `SignedInContext`, made from this one.
public struct AppRequestContext: RequestContext, SpotterRequestContext {
    public var coreContext: CoreRequestContextStorage
    var authentication: Authentication?
    /// The address of the peer that connected (a proxy, when there is one).
    let peerAddress: String
    var clientAddress: String
    /// Whether the client reached us over HTTPS, as a trusted proxy says (`ClientAddressMiddleware`).
    var viaHTTPS = false
    var preAuthCSRF: String?
    var streamedCSRF: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress ?? "local"
        clientAddress = peerAddress
    }

    public var maxUploadSize: Int { JSONCoding.maxBodySize }
    public var requestDecoder: JSONDecoder { JSONCoding.decoder }
    public var responseEncoder: JSONEncoder { JSONCoding.encoder }

    /// Who is signed in, on the few public routes that show something else to them (`/`, sign-in).
    var user: User? { authentication?.user }
}
