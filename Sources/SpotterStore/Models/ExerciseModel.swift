import FluentKit
import Foundation
import SpotterCore

final class ExerciseModel: Model, @unchecked Sendable {
    static let schema = "exercises"

    @ID(key: .id) var id: UUID?
    @OptionalField(key: "user_id") var userID: UUID?
    @OptionalField(key: "catalog_key") var catalogKey: String?
    @Field(key: "name") var name: String
    @Field(key: "name_key") var nameKey: String
    @Field(key: "description") var description: String
    /// Muscle names between commas (`,chest,triceps,`).
    @Field(key: "primary_muscles") var primaryMuscles: String
    @Field(key: "secondary_muscles") var secondaryMuscles: String
    @Field(key: "equipment") var equipment: String
    @Field(key: "kind") var kind: String
    /// Aliases one per line.
    @Field(key: "aliases") var aliases: String
    @OptionalField(key: "video_id") var videoID: String?
    @OptionalField(key: "image_file") var imageFile: String?
    @OptionalField(key: "image_format") var imageFormat: String?
    @OptionalField(key: "image_bytes") var imageBytes: Int?
    @Field(key: "archived") var archived: Bool
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    /// The row of a custom exercise as given, with its own dates and image.
    init(custom exercise: Exercise, userID: UUID) {
        id = exercise.id
        self.userID = userID
        catalogKey = nil
        setNameAndAliases(exercise.name, aliases: exercise.aliases)
        description = exercise.description
        primaryMuscles = Self.muscleList(exercise.primaryMuscles)
        secondaryMuscles = Self.muscleList(exercise.secondaryMuscles)
        equipment = exercise.equipment.rawValue
        kind = exercise.kind.rawValue
        videoID = exercise.videoURL?.id
        imageFile = exercise.image?.fileName
        imageFormat = exercise.image?.format.rawValue
        imageBytes = exercise.image?.byteCount
        archived = exercise.archived
        createdAt = exercise.createdAt
        updatedAt = exercise.updatedAt
    }

    /// The rows one user can see: the built-in catalog and their own exercises.
    static func visible(to userID: UUID, on db: any Database) -> QueryBuilder<ExerciseModel> {
        query(on: db).group(.or) { group in
            group.filter(\.$userID == nil).filter(\.$userID == userID)
        }
    }

    static func muscleList(_ muscles: [MuscleGroup]) -> String {
        muscles.isEmpty ? "," : "," + muscles.map(\.rawValue).joined(separator: ",") + ","
    }

    static func muscles(from list: String) -> [MuscleGroup] {
        list.split(separator: ",").compactMap { MuscleGroup(rawValue: String($0)) }
    }

    func setNameAndAliases(_ name: String, aliases: [String]) {
        self.name = name
        self.nameKey = NameKey(name).rawValue
        self.aliases = aliases.joined(separator: "\n")
    }

    var core: Exercise {
        var image: StoredImage?
        if let imageFile, let format = imageFormat.flatMap(ImageFormat.init(rawValue:)) {
            image = StoredImage(fileName: imageFile, format: format, byteCount: imageBytes ?? 0)
        }
        return Exercise(
            id: id!, ownerID: userID, catalogKey: catalogKey, name: name, description: description,
            primaryMuscles: Self.muscles(from: primaryMuscles), secondaryMuscles: Self.muscles(from: secondaryMuscles),
            equipment: Equipment(rawValue: equipment) ?? .other, kind: ExerciseKind(rawValue: kind) ?? .weightReps,
            aliases: aliases.isEmpty ? [] : aliases.components(separatedBy: "\n"),
            videoURL: videoID.flatMap(YouTubeVideo.init(id:)), image: image, archived: archived,
            createdAt: createdAt, updatedAt: updatedAt)
    }
}
