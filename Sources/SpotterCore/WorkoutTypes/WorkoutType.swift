import Foundation

/// A kind of workout (Back day, Legs, Cardio...), used to colour and group sessions.
public struct WorkoutType: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var ownerID: UUID
    /// The key of a seeded type (`back`); `nil` for types the user added.
    public var seedKey: String?
    public var name: String
    public var colorHex: String
    public var icon: WorkoutTypeIcon
    public var sortOrder: Int
    public var archived: Bool
    public var createdAt: Date

    public init(
        id: UUID, ownerID: UUID, seedKey: String?, name: String, colorHex: String, icon: WorkoutTypeIcon,
        sortOrder: Int, archived: Bool, createdAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.seedKey = seedKey
        self.name = name
        self.colorHex = colorHex
        self.icon = icon
        self.sortOrder = sortOrder
        self.archived = archived
        self.createdAt = createdAt
    }

    /// True for the types every account starts with.
    public var isSeeded: Bool { seedKey != nil }
}

/// The icons a workout type can show. A fixed set, drawn by the app itself.
public enum WorkoutTypeIcon: String, CaseIterable, Codable, Sendable {
    case dumbbell, barbell, kettlebell, back, chest, shoulders, arm, leg, core, body, heart, run, bolt, flame, target, star

    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A seeded workout type: what every new account starts with.
public struct SeedWorkoutType: Sendable, Equatable {
    public let key: String
    public let name: String
    public let colorHex: String
    public let icon: WorkoutTypeIcon

    /// The types from PRODUCT area 3, in their starting order.
    public static let all: [SeedWorkoutType] = [
        .init(key: "back", name: "Back", colorHex: "#4F8EF7", icon: .back),
        .init(key: "chest", name: "Chest", colorHex: "#F76F4F", icon: .chest),
        .init(key: "shoulders", name: "Shoulders", colorHex: "#F7B84F", icon: .shoulders),
        .init(key: "biceps", name: "Biceps", colorHex: "#B46FF7", icon: .arm),
        .init(key: "triceps", name: "Triceps", colorHex: "#F74FA6", icon: .arm),
        .init(key: "legs", name: "Legs", colorHex: "#3FBF7F", icon: .leg),
        .init(key: "core", name: "Core", colorHex: "#2BB5C4", icon: .core),
        .init(key: "full-body", name: "Full Body", colorHex: "#8C9A3A", icon: .body),
        .init(key: "cardio", name: "Cardio", colorHex: "#E5484D", icon: .heart),
    ]
}
