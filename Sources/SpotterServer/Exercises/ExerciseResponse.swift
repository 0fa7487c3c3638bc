import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

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

/// `POST /api/v1/exercises/{id}/merge`: the exercise everything moved to, and what moved.
struct ExerciseMergeResponse: ResponseEncodable, Equatable {
    let exercise: ExerciseResponse
    let movedSets: Int
    let movedWorkouts: Int
    let movedTemplates: Int
    /// `deleted`, or `archived` when something still used the merged exercise.
    let merged: String

    init(_ outcome: ExerciseMergeService.Outcome) {
        exercise = ExerciseResponse(outcome.plan.target)
        movedSets = outcome.plan.sets
        movedWorkouts = outcome.plan.usage.workouts
        movedTemplates = outcome.plan.usage.templates
        merged = outcome.deleted ? "deleted" : "archived"
    }
}
