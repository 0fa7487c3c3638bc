import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Home leads with what a lifter does next: the workout in progress (or Start), their
/// templates and program, this week, and the records they set lately. The library,
/// workout types and settings have pages of their own (More).
struct HomePage: PageModel {
    static let template = "home/home"

    let page: PageChrome
    let greeting: String
    let username: String
    let active: ActiveWorkoutView?
    /// Pinned, then recently used, then the newest templates; a tap starts one.
    let templates: [TemplateCardView]
    /// With no templates yet: presets to use and start in one tap.
    let starters: [StarterCardView]
    /// Progress at a glance, once there is a finished workout.
    let dashboard: DashboardView?
    /// The active program: this week, today's session and a Start button.
    let program: ProgramStatusView?
    /// The id today's program workout gets, so a double tap starts it once.
    let workoutId: String
    let notice: String?
}
