import Foundation
import Hummingbird
import SpotterCore

/// A custom exercise as sent by a client. Enumerations arrive as strings so that a
/// wrong value gets a message naming the field and the allowed values.
struct ExerciseInput: Decodable, Sendable {
    var name: String?
    var description: String?
    var muscleGroups: [String]?
    var equipment: String?
    var kind: String?
    var videoURL: String?
    var archived: Bool?

    /// Whether the body names any field of the exercise (`archived` aside).
    var sendsFields: Bool {
        name != nil || description != nil || muscleGroups != nil || equipment != nil || kind != nil || videoURL != nil
    }

    /// The draft for a new exercise; missing fields count as empty.
    func draft() throws -> ExerciseDraft {
        try merged(onto: ExerciseDraft(name: "", muscleGroups: [], equipment: nil, kind: nil))
    }

    /// The draft after applying the fields present here to an existing exercise.
    func draft(updating exercise: Exercise) throws -> ExerciseDraft {
        try merged(
            onto: ExerciseDraft(
                name: exercise.name, description: exercise.description, muscleGroups: exercise.primaryMuscles,
                equipment: exercise.equipment, kind: exercise.kind, videoURL: exercise.videoURL?.watchURL ?? ""))
    }

    private func merged(onto base: ExerciseDraft) throws -> ExerciseDraft {
        var draft = base
        if let name { draft.name = name }
        if let description { draft.description = description }
        if let videoURL { draft.videoURL = videoURL }
        if let muscleGroups {
            draft.muscleGroups = try muscleGroups.map {
                try EnumField.parse($0, as: MuscleGroup.self, field: "muscleGroups", noun: "muscle group")
            }
        }
        if let equipment {
            draft.equipment = try EnumField.parse(equipment, as: Equipment.self, field: "equipment", noun: "equipment")
        }
        if let kind { draft.kind = try EnumField.parse(kind, as: ExerciseKind.self, field: "kind", noun: "kind") }
        return draft
    }

}

/// `POST /api/v1/exercises/{id}/merge`: the exercise to merge into.
struct ExerciseMergeInput: Decodable, Sendable {
    var into: UUID?
}
