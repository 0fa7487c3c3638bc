import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

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
