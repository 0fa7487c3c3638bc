import Foundation

/// What a guided workout plays, fixed when it starts (a later edit of the template
/// never changes a running player, so a plan can be kept in memory): the player's
/// items in order, and for each exercise item the workout entry its sets are logged
/// in and the ids of the sets planned in it (nil and none for a break).
public struct GuidedPlan: Sendable, Equatable, Codable {
    public var templateID: UUID?
    public var items: [GuidedPlayer.Item]
    public var entryIDs: [UUID?]
    public var setIDs: [[UUID]]

    public init(templateID: UUID?, items: [GuidedPlayer.Item], entryIDs: [UUID?], setIDs: [[UUID]]? = nil) {
        self.templateID = templateID
        self.items = items
        self.entryIDs = entryIDs
        self.setIDs = setIDs ?? entryIDs.map { _ in [] }
    }

    /// The plan of a template whose workout was started with `entries` (each entry's
    /// id and its sets' ids), one per template exercise in order.
    public init(template: WorkoutTemplate, entries: [(id: UUID, setIDs: [UUID])], defaultRestSeconds: Int) {
        var rest = entries[...]
        let placed = template.timeline.map { item -> (id: UUID, setIDs: [UUID])? in
            guard case .exercise = item else { return nil }
            return rest.popFirst()
        }
        self.init(
            templateID: template.isPreset ? nil : template.id,
            items: template.playerItems(defaultRestSeconds: defaultRestSeconds),
            entryIDs: placed.map { $0?.id }, setIDs: placed.map { $0?.setIDs ?? [] })
    }

    /// The stored set that set `set` of item `item` logs into, when the plan has it.
    public func setID(item: Int, set: Int) -> UUID? {
        guard setIDs.indices.contains(item), setIDs[item].indices.contains(set) else { return nil }
        return setIDs[item][set]
    }

    /// The 1-based number of the exercise item at `index` among the exercise items, and how many there are.
    public func exerciseNumber(of index: Int) -> (number: Int, count: Int) {
        let exercises = items.indices.filter { if case .exercise = items[$0] { true } else { false } }
        let before = exercises.filter { $0 < index }.count
        let isExercise = exercises.contains(index)
        // A break counts as the exercise before it; one before the first, as the first.
        return (min(max(before + (isExercise ? 1 : 0), 1), exercises.count), exercises.count)
    }
}
