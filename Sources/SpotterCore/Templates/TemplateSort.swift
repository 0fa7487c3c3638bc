import Foundation

/// The orders of the template library.
public enum TemplateSort: String, Sendable, CaseIterable, Codable {
    /// Pinned first, then the most recently used; never-used ones last, newest first.
    case pinned
    case name
    case created
    case edited

    public var displayName: String {
        switch self {
        case .pinned: "Pinned & recent"
        case .name: "Name"
        case .created: "Recently created"
        case .edited: "Recently edited"
        }
    }

    public func sorted(_ templates: [WorkoutTemplate]) -> [WorkoutTemplate] {
        templates.sorted { a, b in
            switch self {
            case .pinned:
                if a.pinned != b.pinned { return a.pinned }
                switch (a.lastUsedAt, b.lastUsedAt) {
                case (let x?, let y?) where x != y: return x > y
                case (.some, nil): return true
                case (nil, .some): return false
                default: break
                }
                if a.createdAt != b.createdAt { return a.createdAt > b.createdAt }
            case .name:
                if NameKey(a.name) != NameKey(b.name) { return NameKey(a.name) < NameKey(b.name) }
            case .created:
                if a.createdAt != b.createdAt { return a.createdAt > b.createdAt }
            case .edited:
                if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt }
            }
            return a.id.uuidString < b.id.uuidString
        }
    }
}
