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

/// Short notices shown after a form was saved, chosen by a code in the address so
/// nobody can put words of their own on the page.
enum Notice: String {
    case saved, created, deleted, archived, restored, passwordChanged, tokenRevoked, discarded, workoutDeleted, finished
    case templateCreated, templateSaved, templateArchived, templateRestored, templateDeleted, templateUpdated, templateKept
    case templateCopied, templatesImported, presetUsed

    var text: String {
        switch self {
        case .saved: "Saved."
        case .created: "Created."
        case .deleted: "Deleted."
        case .archived: "Archived. It stays in past workouts and can be restored."
        case .restored: "Restored."
        case .passwordChanged: "Password changed. Other devices were signed out."
        case .tokenRevoked: "Token revoked. Scripts using it can no longer sign in."
        case .discarded: "Workout discarded."
        case .workoutDeleted: "Workout deleted."
        case .finished: "Workout finished. Well done."
        case .templateCreated: "Template created."
        case .templateSaved: "Template saved."
        case .templateArchived: "Template archived. Turn on \"Show archived\" to find it again."
        case .templateRestored: "Template restored."
        case .templateDeleted: "Template deleted. Workouts started from it are kept."
        case .templateUpdated: "Template updated."
        case .templateKept: "The template stays as it was."
        case .templateCopied: "Copy made. It is yours to change."
        case .templatesImported: "Templates imported."
        case .presetUsed: "The preset is now one of your templates. Edit it, or start it as it is."
        }
    }

    static func from(_ request: Request) -> String? {
        request.uri.queryParameters.get("notice").flatMap(Notice.init(rawValue:))?.text
    }
}
