import Foundation

/// What a program will ask of a lifter, before they follow it: every session of
/// every week played in order by a lifter who does each set as suggested and finds
/// it an RPE 8, each suggestion worked out by the rule the program's sessions use
/// (`WeightSuggestion.forProgramDay`) from the lifter's own history and the sessions
/// played before it. A wrong rule shows here before the first session does.
public struct ProgramProjection: Sendable, Equatable {
    /// One lift in one session of the program.
    public struct Session: Sendable, Equatable {
        public var week: Int
        public var dayID: UUID
        public var exerciseID: UUID
        /// Which row of this lift in the day's template (0 for the first).
        public var occurrence: Int
        /// The suggested weight; nil when there is nothing to start from.
        public var weight: Double?
        public var isDeload: Bool
    }

    /// A lift's heaviest suggested weight in each week, in week order (nil: not trained that week).
    public struct Lift: Sendable, Equatable {
        public var exerciseID: UUID
        public var topSets: [Double?]
    }

    public let unit: MassUnit
    /// Every lift of every session, in the order they come.
    public let sessions: [Session]
    public let weekCount: Int

    /// The RPE the projected lifter gives every set.
    public static let assumedRPE = 8.0

    /// - Parameters:
    ///   - templates: the templates of the program's days, by id (a day without one is skipped);
    ///   - history: each lift's recent sessions, as a real start of the program reads them.
    public init(
        program: TrainingProgram, templates: [UUID: WorkoutTemplate], history: [UUID: [PreviousPerformance.Session]],
        unit: MassUnit, plateStep: Double
    ) {
        self.unit = unit
        weekCount = program.weekCount
        var history = history
        var sessions: [Session] = []
        // Played after everything the lifter did; a second apart keeps their order.
        var clock = (history.values.flatMap { $0.map(\.startedAt) }.max() ?? Date(timeIntervalSince1970: 0))
        for week in program.weeks {
            for day in week.days {
                guard let template = templates[day.templateID] else { continue }
                clock = clock.addingTimeInterval(86_400)
                let suggestions = WeightSuggestion.forProgramDay(
                    template.exercises, history: history, program: program, day: day, week: week, unit: unit,
                    plateStep: plateStep)
                let occurrences = WeightSuggestion.occurrences(of: template.exercises)
                for (index, item) in template.exercises.enumerated() where item.targetDurationSeconds == nil {
                    let (suggestion, occurrence) = (suggestions[index], occurrences[index])
                    let weight = suggestion?.weight.converted(to: unit)
                    sessions.append(
                        Session(
                            week: week.number, dayID: day.id, exerciseID: item.exerciseID, occurrence: occurrence, weight: weight,
                            isDeload: week.isDeload))
                    let sets = (0..<Swift.max(item.setCount, 1)).map { _ in
                        WorkoutSet(
                            id: UUID(), reps: item.reps.min, weight: weight.map { Mass($0, unit) }, rpe: Self.assumedRPE,
                            done: true, updatedAt: clock)
                    }
                    history[item.exerciseID, default: []].append(
                        PreviousPerformance.Session(
                            startedAt: clock, sets: sets,
                            program: ProgramLink(programID: program.id, week: week.number, dayID: day.id)))
                }
            }
        }
        self.sessions = sessions
    }

    /// The lifts with a weight, those in most sessions first (at most `limit`), each
    /// with its heaviest weight per week.
    public func lifts(limit: Int = 4) -> [Lift] {
        var counts: [UUID: Int] = [:]
        var order: [UUID] = []
        for session in sessions where session.weight != nil {
            if counts[session.exerciseID] == nil { order.append(session.exerciseID) }
            counts[session.exerciseID, default: 0] += 1
        }
        let chosen = order.enumerated().sorted { a, b in
            counts[a.element]! != counts[b.element]! ? counts[a.element]! > counts[b.element]! : a.offset < b.offset
        }.prefix(limit).map(\.element)
        return chosen.map { id in
            let tops = (1...max(weekCount, 1)).map { week in
                sessions.filter { $0.exerciseID == id && $0.week == week }.compactMap(\.weight).max()
            }
            return Lift(exerciseID: id, topSets: tops)
        }
    }
}
