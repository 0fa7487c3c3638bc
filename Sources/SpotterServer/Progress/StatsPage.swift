import Foundation
import SpotterCore
import SpotterStore

struct StatsPage: PageModel {
    static let template = "progress/stats"

    let page: PageChrome
    let ranges: [RangeLink]
    let rangeValue: String
    let types: [OptionView]
    let muscleValue: String?
    let hasWorkouts: Bool
    let totals: [StatTile]
    let muscleChips: [MuscleChip]
    let volumeTitle: String
    let volumeChart: String?
    let workoutsChart: String?
    let heatMap: String?
    let heatCaption: String
    let muscles: [MuscleRow]
}
