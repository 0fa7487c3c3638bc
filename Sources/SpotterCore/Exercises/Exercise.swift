import Foundation

/// An exercise in a user's library: either one of the built-in catalog
/// (`ownerID == nil`) or a custom one the user made.
public struct Exercise: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The user who made it; `nil` for the built-in catalog.
    public var ownerID: UUID?
    /// The stable key of a catalog exercise (`bench-press-barbell`); `nil` for custom ones.
    public var catalogKey: String?
    public var name: String
    public var description: String
    public var primaryMuscles: [MuscleGroup]
    public var secondaryMuscles: [MuscleGroup]
    public var equipment: Equipment
    public var kind: ExerciseKind
    public var aliases: [String]
    public var videoURL: YouTubeVideo?
    /// Set when the exercise has an uploaded image.
    public var image: StoredImage?
    public var archived: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID, ownerID: UUID?, catalogKey: String? = nil, name: String, description: String,
        primaryMuscles: [MuscleGroup], secondaryMuscles: [MuscleGroup] = [], equipment: Equipment,
        kind: ExerciseKind, aliases: [String] = [], videoURL: YouTubeVideo? = nil, image: StoredImage? = nil,
        archived: Bool = false, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.catalogKey = catalogKey
        self.name = name
        self.description = description
        self.primaryMuscles = primaryMuscles
        self.secondaryMuscles = secondaryMuscles
        self.equipment = equipment
        self.kind = kind
        self.aliases = aliases
        self.videoURL = videoURL
        self.image = image
        self.archived = archived
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// True for exercises a user made, false for the built-in catalog.
    public var isCustom: Bool { ownerID != nil }

    /// Every muscle group the exercise trains, primary first.
    public var allMuscles: [MuscleGroup] { primaryMuscles + secondaryMuscles }
}

/// An uploaded picture of an exercise, as the store keeps it.
public struct StoredImage: Sendable, Equatable {
    /// The file name inside the user's image folder.
    public var fileName: String
    public var format: ImageFormat
    public var byteCount: Int

    public init(fileName: String, format: ImageFormat, byteCount: Int) {
        self.fileName = fileName
        self.format = format
        self.byteCount = byteCount
    }
}
