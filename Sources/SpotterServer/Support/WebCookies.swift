import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

enum WebCookies {
    static let welcomed = "spotter_welcomed"

    /// Cookies are Secure when the request reached us over TLS through a trusted proxy.
    static func session(_ secret: String, context: some SpotterRequestContext) -> Cookie {
        Cookie(
            name: AuthMiddleware.sessionCookie, value: secret, maxAge: Int(AccountService.sessionLifetime), path: "/",
            secure: context.viaHTTPS, httpOnly: true, sameSite: .lax)
    }

    static func clearedSession(context: some SpotterRequestContext) -> Cookie {
        Cookie(
            name: AuthMiddleware.sessionCookie, value: "", maxAge: 0, path: "/", secure: context.viaHTTPS, httpOnly: true,
            sameSite: .lax)
    }

    static func welcomed(context: some SpotterRequestContext) -> Cookie {
        Cookie(
            name: welcomed, value: "1", maxAge: 365 * 24 * 3600, path: "/", secure: context.viaHTTPS, httpOnly: true,
            sameSite: .lax)
    }
}
