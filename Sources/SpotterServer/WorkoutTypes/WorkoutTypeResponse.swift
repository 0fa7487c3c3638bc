import Foundation
import Hummingbird
import SpotterCore

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
