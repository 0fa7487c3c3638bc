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
    let notice: String?
}

struct ActiveWorkoutView {
    let name: String
    let sets: Int
    let startedAgo: String
}
