import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct ActiveWorkoutView {
    let name: String
    /// "1 set", "4 sets": the ticked ones.
    let sets: String
    let startedAgo: String
}
