import FluentKit
import Foundation
import SpotterCore

final class WorkoutTypeModel: Model, @unchecked Sendable {
    static let schema = "workout_types"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @OptionalField(key: "seed_key") var seedKey: String?
    @Field(key: "name") var name: String
    @Field(key: "name_key") var nameKey: String
    @Field(key: "color_hex") var colorHex: String
    @Field(key: "icon") var icon: String
    @Field(key: "sort_order") var sortOrder: Int
    @Field(key: "archived") var archived: Bool
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(id: UUID, userID: UUID, seedKey: String?, name: String, colorHex: String, icon: WorkoutTypeIcon,
         sortOrder: Int, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.seedKey = seedKey
        self.name = name
        self.nameKey = NameKey(name).rawValue
        self.colorHex = colorHex
        self.icon = icon.rawValue
        self.sortOrder = sortOrder
        self.archived = false
        self.createdAt = createdAt
    }

    var core: WorkoutType {
        WorkoutType(
            id: id!, ownerID: userID, seedKey: seedKey, name: name, colorHex: colorHex,
            icon: WorkoutTypeIcon(rawValue: icon) ?? .dumbbell, sortOrder: sortOrder, archived: archived,
            createdAt: createdAt)
    }
}
