import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The context of every route behind sign-in. The router builds it from
/// `AppRequestContext` for the signed-in route groups (`buildRouter`) and refuses the
/// request with 401 when nobody is signed in, before any handler runs: the API answers
/// 401, a page sends the browser to sign in (`ErrorMiddleware`). So a handler cannot
/// forget the check, and it is handed a user that is never optional.
struct SignedInContext: ChildRequestContext, SpotterRequestContext {
    var coreContext: CoreRequestContextStorage
    /// How the request proved who it is: the web session or an API token.
    let signIn: Authentication
    let clientAddress: String
    let viaHTTPS: Bool
    let preAuthCSRF: String?
    let streamedCSRF: String?

    init(context: AppRequestContext) throws {
        guard let signIn = context.authentication else {
            throw HTTPError(.unauthorized, message: "Sign in, or send an API token as Authorization: Bearer ….")
        }
        coreContext = context.coreContext
        self.signIn = signIn
        clientAddress = context.clientAddress
        viaHTTPS = context.viaHTTPS
        preAuthCSRF = context.preAuthCSRF
        streamedCSRF = context.streamedCSRF
    }

    /// The signed-in user.
    var user: User { signIn.user }
    var authentication: Authentication? { signIn }

    var maxUploadSize: Int { JSONCoding.maxBodySize }
    var requestDecoder: JSONDecoder { JSONCoding.decoder }
    var responseEncoder: JSONEncoder { JSONCoding.encoder }
}
