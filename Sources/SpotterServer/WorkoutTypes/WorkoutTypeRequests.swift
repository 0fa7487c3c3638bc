import Foundation
import Hummingbird
import SpotterCore

struct WorkoutTypeInput: Decodable, Sendable {
    var name: String?
    var colorHex: String?
    var icon: String?
    var archived: Bool?

    func draft(updating type: WorkoutType? = nil) -> WorkoutTypeDraft {
        WorkoutTypeDraft(
            name: name ?? type?.name ?? "", colorHex: colorHex ?? type?.colorHex ?? "#8C9A3A",
            icon: icon ?? type?.icon.rawValue ?? WorkoutTypeIcon.dumbbell.rawValue)
    }
}

struct WorkoutTypeOrderInput: Decodable, Sendable {
    var ids: [UUID]
}
