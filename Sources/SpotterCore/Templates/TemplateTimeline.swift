import Foundation

/// A break card of a guided template: a pause of its own between two exercises.
public struct TemplateBreak: Sendable, Equatable, Identifiable, Codable {
    public var id: UUID
    /// Its index in the timeline, exercises and breaks counted together.
    public var position: Int
    public var seconds: Int

    public init(id: UUID, position: Int, seconds: Int) {
        self.id = id
        self.position = position
        self.seconds = seconds
    }

    /// A break lasts at least 5 s (a 0-second break is removed, not kept) and at most an hour.
    public static let secondsLimits = 5...3_600
    public static let defaultSeconds = 60
    /// Breaks a template holds at most.
    public static let limit = 50

    /// `breaks` with positions that fit a timeline of `exerciseCount` exercises:
    /// in order, each where it asked to be unless the timeline is shorter (then at
    /// its end), numbered again so no two share a place.
    static func placed(_ breaks: [TemplateBreak], exerciseCount: Int) -> [TemplateBreak] {
        var placed: [TemplateBreak] = []
        for item in breaks.sorted(by: { ($0.position, $0.id.uuidString) < ($1.position, $1.id.uuidString) }) {
            var item = item
            let next = placed.last.map { $0.position + 1 } ?? 0
            item.position = min(max(item.position, next), exerciseCount + placed.count)
            placed.append(item)
        }
        return placed
    }
}

/// One card of a template's timeline, in the order the player plays them.
public enum TimelineItem: Sendable, Equatable {
    case exercise(TemplateExercise)
    case pause(TemplateBreak)
}

extension WorkoutTemplate {
    /// The exercises and break cards in order: each break at its position, the
    /// exercises filling the places between.
    public var timeline: [TimelineItem] {
        var items: [TimelineItem] = []
        var exercises = self.exercises[...]
        var breaks = self.breaks[...]
        while !exercises.isEmpty || !breaks.isEmpty {
            if let next = breaks.first, next.position <= items.count || exercises.isEmpty {
                items.append(.pause(next))
                breaks = breaks.dropFirst()
            } else if let exercise = exercises.first {
                items.append(.exercise(exercise))
                exercises = exercises.dropFirst()
            }
        }
        return items
    }

    /// The timeline as the player plays it; an exercise without a rest of its own
    /// rests `defaultRestSeconds`.
    public func playerItems(defaultRestSeconds: Int) -> [GuidedPlayer.Item] {
        timeline.map { item in
            switch item {
            case .exercise(let row):
                .exercise(
                    sets: row.setCount, seconds: row.targetDurationSeconds, restSeconds: row.restSeconds ?? defaultRestSeconds)
            case .pause(let pause):
                .pause(seconds: pause.seconds)
            }
        }
    }

    /// How long playing the timeline takes, by `GuidedPlayer.estimatedSeconds`.
    public func estimatedPlaySeconds(defaultRestSeconds: Int) -> Int {
        GuidedPlayer.estimatedSeconds(playerItems(defaultRestSeconds: defaultRestSeconds))
    }

    /// Whether the library's "Guided" chip lists it: built in the timeline, or with a break card in it.
    public var isGuided: Bool { guided || !breaks.isEmpty }
}
