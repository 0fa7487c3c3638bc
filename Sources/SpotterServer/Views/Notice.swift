import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Short notices shown after a form was saved, chosen by a code in the address so
/// nobody can put words of their own on the page.
enum Notice: String {
    case saved, created, deleted, archived, restored, passwordChanged, passwordChangedTokensRevoked, tokenRevoked, discarded,
        workoutDeleted, finished
    case templateCreated, templateSaved, templateArchived, templateRestored, templateDeleted, templateUpdated, templateKept
    case templateCopied, templatesImported, presetUsed
    case programCreated, programCopied, programActivated, programDeactivated, weekSkipped, programDuplicated, programArchived,
        programRestored
    case programDeleted, programPaused, programResumed
    case nothingToPlay
    case merged
    case trainingMaxSet, trainingMaxDeleted

    var text: String {
        switch self {
        case .saved: "Saved."
        case .created: "Created."
        case .deleted: "Deleted."
        case .archived: "Archived. It stays in past workouts and can be restored."
        case .restored: "Restored."
        case .passwordChanged: "Password changed. Other devices were signed out; API tokens still work."
        case .passwordChangedTokensRevoked: "Password changed. Other devices were signed out and every API token was revoked."
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
        case .programCreated: "Program created. Activate it to see today's session on Home."
        case .programCopied: "The program is yours now, with its day templates. Activate it to begin."
        case .programActivated: "Program activated. Today's session is on Home."
        case .programDeactivated: "Program deactivated. Activate it again to resume where you stopped, or to start over."
        case .programPaused: "Program paused. Its days wait for you: no day falls due or late until you resume."
        case .programResumed: "Program resumed where you paused it."
        case .trainingMaxSet: "Training max saved."
        case .trainingMaxDeleted: "Training max deleted. The one before it is in force again."
        case .weekSkipped: "Week skipped. On to the next one."
        case .programDuplicated: "Copy made. It is yours to change."
        case .programArchived: "Program archived. Turn on \"Show archived\" to find it again."
        case .programRestored: "Program restored."
        case .programDeleted: "Program deleted. Workouts done from it are kept."
        case .nothingToPlay: "There is no exercise to play yet. Add one to the timeline first."
        case .merged: "Merged. Its workouts, templates and records are this exercise's now."
        }
    }

    static func from(_ request: Request) -> String? {
        request.uri.queryParameters.get("notice").flatMap(Notice.init(rawValue:))?.text
    }
}
