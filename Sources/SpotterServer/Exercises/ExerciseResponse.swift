import Foundation
import Hummingbird
import SpotterCore

/// JSON bodies of the API. Dates are ISO 8601; names are camelCase.
struct ExerciseResponse: ResponseEncodable, Equatable {
    let id: UUID
    let name: String
    let muscleGroups: [MuscleGroup]
    let secondaryMuscleGroups: [MuscleGroup]
    let equipment: Equipment
    let kind: ExerciseKind
    let description: String
    let aliases: [String]
    @Nullable var videoURL: String?
    @Nullable var imageURL: String?
    let isCustom: Bool
    let archived: Bool
    let createdAt: Date
    let updatedAt: Date

    init(_ exercise: Exercise) {
        id = exercise.id
        name = exercise.name
        muscleGroups = exercise.primaryMuscles
        secondaryMuscleGroups = exercise.secondaryMuscles
        equipment = exercise.equipment
        kind = exercise.kind
        description = exercise.description
        aliases = exercise.aliases
        videoURL = exercise.videoURL?.watchURL
        imageURL = exercise.imageURL
        isCustom = exercise.isCustom
        archived = exercise.archived
        createdAt = exercise.createdAt
        updatedAt = exercise.updatedAt
    }
}
