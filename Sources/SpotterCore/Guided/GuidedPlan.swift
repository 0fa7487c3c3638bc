import Foundation

/// What a guided workout plays, fixed when it starts (a later edit of the template
/// never changes a running player): the player's items in order, and for each
/// exercise item the workout entry its sets are logged in (nil for a break).
public struct GuidedPlan: Sendable, Equatable, Codable {
    public var templateID: UUID?
    public var items: [GuidedPlayer.Item]
    public var entryIDs: [UUID?]

    public init(templateID: UUID?, items: [GuidedPlayer.Item], entryIDs: [UUID?]) {
        self.templateID = templateID
        self.items = items
        self.entryIDs = entryIDs
    }

    /// The plan of a template whose workout was started with `entryIDs`, one per
    /// template exercise in order.
    public init(template: WorkoutTemplate, entryIDs: [UUID], defaultRestSeconds: Int) {
        var entries = entryIDs[...]
        self.init(
            templateID: template.isPreset ? nil : template.id, items: template.playerItems(defaultRestSeconds: defaultRestSeconds),
            entryIDs: template.timeline.map { item in
                guard case .exercise = item else { return nil }
                return entries.popFirst()
            })
    }

    /// The 1-based number of the exercise item at `index` among the exercise items, and how many there are.
    public func exerciseNumber(of index: Int) -> (number: Int, count: Int) {
        let exercises = items.indices.filter { if case .exercise = items[$0] { true } else { false } }
        let before = exercises.filter { $0 < index }.count
        let isExercise = exercises.contains(index)
        return (min(before + (isExercise ? 1 : 0), exercises.count), exercises.count)
    }
}
