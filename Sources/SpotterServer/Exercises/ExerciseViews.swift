import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct ExerciseRow {
    let id: String
    let name: String
    let muscles: String
    let equipment: String
    let imageURL: String?
    let monogram: String
    let isCustom: Bool
    let archived: Bool

    init(_ exercise: Exercise) {
        id = exercise.id.text
        name = exercise.name
        muscles = exercise.primaryMuscles.map(\.displayName).joined(separator: ", ")
        equipment = exercise.equipment.displayName
        imageURL = exercise.imageURL
        monogram = String(exercise.name.prefix(1)).uppercased()
        isCustom = exercise.isCustom
        archived = exercise.archived
    }
}
