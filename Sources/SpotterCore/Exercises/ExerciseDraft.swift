import Foundation

/// What a user typed to create or edit a custom exercise, before validation.
public struct ExerciseDraft: Sendable, Equatable {
    public var name: String
    public var description: String
    public var muscleGroups: [MuscleGroup]
    public var equipment: Equipment?
    public var kind: ExerciseKind?
    public var videoURL: String

    public init(
        name: String, description: String = "", muscleGroups: [MuscleGroup], equipment: Equipment?,
        kind: ExerciseKind?, videoURL: String = ""
    ) {
        self.name = name
        self.description = description
        self.muscleGroups = muscleGroups
        self.equipment = equipment
        self.kind = kind
        self.videoURL = videoURL
    }

    public static let nameLimit = 80
    public static let descriptionLimit = 2_000

    /// Checks every field and returns the cleaned values, or every problem found.
    public func validated() throws(ValidationFailure) -> ValidExerciseDraft {
        var issues: [FieldIssue] = []
        let cleanName = PlainText.name(name, limit: Self.nameLimit, missing: "Give the exercise a name.", issues: &issues) ?? ""
        let cleanDescription = description.trimmingCharacters(in: .whitespacesAndNewlines)
        if cleanDescription.count > Self.descriptionLimit {
            issues.append(
                .init(
                    field: "description",
                    message: "The description is too long: at most \(Self.descriptionLimit) characters."))
        }
        var muscles: [MuscleGroup] = []
        for muscle in muscleGroups where !muscles.contains(muscle) { muscles.append(muscle) }
        if muscles.isEmpty {
            issues.append(.init(field: "muscleGroups", message: "Choose at least one muscle group."))
        }
        if equipment == nil {
            issues.append(.init(field: "equipment", message: "Choose the equipment."))
        }
        if kind == nil {
            issues.append(.init(field: "kind", message: "Choose how the exercise is measured."))
        }
        var video: YouTubeVideo?
        let trimmedURL = videoURL.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmedURL.isEmpty {
            video = YouTubeVideo(parsing: trimmedURL)
            if video == nil {
                issues.append(
                    .init(
                        field: "videoURL",
                        message: "Use a YouTube link: youtube.com/watch?v=…, youtu.be/… or youtube.com/shorts/…"))
            }
        }
        guard issues.isEmpty, let equipment, let kind else { throw ValidationFailure(issues) }
        return ValidExerciseDraft(
            name: cleanName, nameKey: NameKey(cleanName), description: cleanDescription, muscleGroups: muscles,
            equipment: equipment, kind: kind, video: video)
    }
}

/// A custom exercise's fields after validation: safe to store.
public struct ValidExerciseDraft: Sendable, Equatable {
    public let name: String
    public let nameKey: NameKey
    public let description: String
    public let muscleGroups: [MuscleGroup]
    public let equipment: Equipment
    public let kind: ExerciseKind
    public let video: YouTubeVideo?
}

extension Exercise {
    /// A lifter's own exercise made from a checked draft: no aliases, no secondary
    /// muscles (the form has neither), not archived, no image yet.
    public init(custom valid: ValidExerciseDraft, id: UUID, ownerID: UUID, now: Date) {
        self.init(
            id: id, ownerID: ownerID, name: "", description: "", primaryMuscles: [], equipment: .other, kind: .weightReps,
            createdAt: now, updatedAt: now)
        apply(valid, now: now)
    }

    /// Takes a checked draft's fields, as editing an own exercise does. The aliases and
    /// secondary muscles are cleared: the form shows neither, so what it saves is all.
    public mutating func apply(_ valid: ValidExerciseDraft, now: Date) {
        name = valid.name
        aliases = []
        description = valid.description
        primaryMuscles = valid.muscleGroups
        secondaryMuscles = []
        equipment = valid.equipment
        kind = valid.kind
        videoURL = valid.video
        updatedAt = now
    }
}
