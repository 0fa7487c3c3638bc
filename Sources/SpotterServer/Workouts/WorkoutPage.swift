import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct WorkoutPage: PageModel {
    static let template = "workouts/workout"

    let page: PageChrome
    /// The workout as the API describes it, for the page script's first paint.
    let workoutJSON: String
    /// The words the page script shows that the server has (`WorkoutWords`).
    let wordsJSON: String
    let workoutID: String
    let isActive: Bool
    /// The page kept for a workout started without signal (`/workout/offline`): the
    /// script fills in the workout from the phone's copy.
    let shell: Bool
    let unit: String
    let defaultRestSeconds: Int
    let kinds: [OptionView]
    let rpeOptions: [OptionView]
    /// 1-10 with what each means, for the session's RPE.
    let sessionRPEOptions: [OptionView]
    let workoutTypes: [OptionView]
    /// "Week 5 of 12 · Strength · Push A" when a program started the workout.
    let programContext: String?
    let programID: String?
    /// The lifter's bar, plates and rest alert, for the page script (`GymSettingsView`).
    let gym: GymSettingsView

    /// What each session RPE means, as lifters rate a whole session.
    static let sessionRPEOptions: [OptionView] = (1...10).map { value in
        let meaning =
            switch value {
            case ...3: "easy"
            case 4...6: "moderate"
            case 7...8: "hard"
            case 9: "very hard"
            default: "maximal"
            }
        return OptionView(value: String(value), label: "\(value) · \(meaning)", selected: false)
    }
}
