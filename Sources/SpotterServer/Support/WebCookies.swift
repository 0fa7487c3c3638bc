import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

enum WebCookies {
    static let welcomed = "spotter_welcomed"

    /// Cookies are Secure when the request reached us over TLS through a proxy.
    static func isSecure(_ request: Request) -> Bool {
        request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    static func session(_ secret: String, request: Request) -> Cookie {
        Cookie(
            name: AuthMiddleware.sessionCookie, value: secret, maxAge: Int(AccountService.sessionLifetime), path: "/",
            secure: isSecure(request), httpOnly: true, sameSite: .lax)
    }

    static func clearedSession(request: Request) -> Cookie {
        Cookie(name: AuthMiddleware.sessionCookie, value: "", maxAge: 0, path: "/", secure: isSecure(request), httpOnly: true, sameSite: .lax)
    }

    static func welcomed(request: Request) -> Cookie {
        Cookie(name: welcomed, value: "1", maxAge: 365 * 24 * 3600, path: "/", secure: isSecure(request), httpOnly: true, sameSite: .lax)
    }
}
