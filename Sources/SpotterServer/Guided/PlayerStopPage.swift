import Foundation
import SpotterCore
import SpotterStore

/// "Stop the workout?": keep what was done, or discard it.
struct PlayerStopPage: PageModel {
    static let template = "guided/guided-stop"

    let page: PageChrome
    let workoutId: String
    let setsDone: Int
    let oneSet: Bool
    /// Nothing to keep without a completed set: the page offers only discarding.
    let hasSets: Bool
}
