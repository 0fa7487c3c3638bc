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
        imageURL = Self.imageURL(of: exercise)
        isCustom = exercise.isCustom
        archived = exercise.archived
        createdAt = exercise.createdAt
        updatedAt = exercise.updatedAt
    }

    /// The image address carries the stored file's name, so a new upload is a new URL
    /// and browsers may cache each one.
    static func imageURL(of exercise: Exercise) -> String? {
        guard let image = exercise.image else { return nil }
        return "/api/v1/exercises/\(exercise.id.text)/image?v=\(image.fileName.prefix(8))"
    }
}
