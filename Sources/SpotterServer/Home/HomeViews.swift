import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct HomePage {
    let page: PageChrome
    let greeting: String
    let username: String
    let catalogCount: Int
    let customCount: Int
    let recentCustom: [ExerciseRow]
    let workoutTypes: [WorkoutTypeChip]
    let muscles: [OptionView]
    let unit: String
    let restSeconds: Int
    let active: ActiveWorkoutView?
    let recent: [WorkoutCardView]
    /// Pinned, then recently used templates; a tap starts one.
    let templates: [TemplateCardView]
    /// Progress at a glance, once there is a finished workout.
    let dashboard: DashboardView?
    /// The active program: this week, today's session and a Start button.
    let program: ProgramStatusView?
    /// The id today's program workout gets, so a double tap starts it once.
    let workoutId: String
    let notice: String?
}

struct ActiveWorkoutView {
    let name: String
    let sets: Int
    let startedAgo: String
}
