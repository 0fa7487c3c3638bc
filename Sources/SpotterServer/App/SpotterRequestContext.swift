import Foundation
import Hummingbird

/// What both request contexts know, so a page can be drawn and a form checked before
/// and after sign-in alike (`PageChrome`, `CSRFMiddleware.checkStreamed`).
protocol SpotterRequestContext: RequestContext {
    /// Who is asking, when anybody is signed in.
    var authentication: Authentication? { get }
    /// The client's address, for limits on guessing and anonymous posts: the peer, or
    /// what a trusted proxy says (`ClientAddressMiddleware`).
    var clientAddress: String { get }
    /// Whether the client reached us over HTTPS: only a trusted proxy is believed
    /// (`ClientAddressMiddleware`), so the cookies' `Secure` flag cannot be turned off
    /// by a client's `X-Forwarded-Proto`, nor on for a proxy that serves plain HTTP.
    var viaHTTPS: Bool { get }
    /// The token that forms must echo back when nobody is signed in yet (login, register).
    var preAuthCSRF: String? { get }
    /// The form token a streamed upload must carry, when `CSRFMiddleware` left the
    /// check to the handler (it does not collect such a body).
    var streamedCSRF: String? { get }
}
