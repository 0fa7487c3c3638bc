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

struct ListResponse<Item: Encodable & Sendable>: ResponseEncodable {
    let items: [Item]
}

struct WorkoutTypeResponse: ResponseEncodable, Equatable {
    let id: UUID
    let name: String
    let colorHex: String
    let icon: WorkoutTypeIcon
    let sortOrder: Int
    let archived: Bool
    let isSeeded: Bool
    let createdAt: Date

    init(_ type: WorkoutType) {
        id = type.id
        name = type.name
        colorHex = type.colorHex
        icon = type.icon
        sortOrder = type.sortOrder
        archived = type.archived
        isSeeded = type.isSeeded
        createdAt = type.createdAt
    }
}

struct SettingsResponse: ResponseEncodable, Equatable {
    let unit: MassUnit
    let defaultRestSeconds: Int
    let theme: Theme
    let timeZone: String
    let onboardingSeen: Bool

    init(_ settings: UserSettings) {
        unit = settings.unit
        defaultRestSeconds = settings.defaultRestSeconds
        theme = settings.theme
        timeZone = settings.timeZone
        onboardingSeen = settings.onboardingSeen
    }
}

struct MeResponse: ResponseEncodable {
    let id: UUID
    let username: String
    let createdAt: Date
    let settings: SettingsResponse

    init(_ user: User) {
        id = user.id
        username = user.username
        createdAt = user.createdAt
        settings = SettingsResponse(user.settings)
    }
}

struct TokenResponse: ResponseEncodable {
    let id: UUID
    let name: String
    let prefix: String
    let createdAt: Date
    @Nullable var lastUsedAt: Date?
    /// Present only in the answer that created the token.
    let token: String?

    init(_ token: APIToken, secret: String? = nil) {
        id = token.id
        name = token.name
        prefix = token.prefix
        createdAt = token.createdAt
        lastUsedAt = token.lastUsedAt
        self.token = secret
    }
}

extension Response {
    /// An empty 204 answer.
    static var noContent: Response { Response(status: .noContent) }
}

extension EditedResponse {
    /// A 201 answer with a body.
    static func created(_ body: Generator) -> EditedResponse<Generator> {
        EditedResponse(status: .created, response: body)
    }
}
