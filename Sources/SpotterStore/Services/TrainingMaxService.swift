import Foundation
import SpotterCore

/// One lift's training max as its page and the API show it: the max in force, the
/// ones before it, and the max offered from the lift's recent e1RM.
public struct TrainingMaxLift: Sendable, Equatable {
    public var exercise: Exercise
    public var current: TrainingMax?
    /// Newest first, the one in force among them.
    public var history: [TrainingMax]
    public var offer: TrainingMaxOffer?
}

/// Training maxes, for the API and the pages alike: read lift by lift, set
/// (typed or from the offer) and removed. Only weight x reps lifts have one.
public struct TrainingMaxService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    var maxes: TrainingMaxRepository { TrainingMaxRepository(store: store) }
    var exercises: ExerciseRepository { ExerciseRepository(store: store) }

    /// Every max of every lift, newest day first.
    public func history(user: User) async throws -> [TrainingMax] {
        try await maxes.list(userID: user.id)
    }

    /// The maxes in force today, one per lift that has one, newest first.
    public func current(user: User) async throws -> [TrainingMax] {
        let today = CalendarDay.string(of: clock(), timeZone: user.settings.zone)
        return Self.inForce(try await maxes.list(userID: user.id), on: today)
    }

    /// The max in force today of each of these lifts that has one.
    public func current(of exerciseIDs: Set<UUID>, user: User) async throws -> [UUID: TrainingMax] {
        let today = CalendarDay.string(of: clock(), timeZone: user.settings.zone)
        let inForce = Self.inForce(try await maxes.list(userID: user.id, exerciseIDs: exerciseIDs), on: today)
        return Dictionary(uniqueKeysWithValues: inForce.map { ($0.exerciseID, $0) })
    }

    /// One lift: its max in force, its history and the offer from the last weeks' sessions.
    public func lift(_ exerciseID: UUID, user: User) async throws -> TrainingMaxLift {
        let exercise = try await exercise(exerciseID, user: user)
        let now = clock()
        let zone = user.settings.zone
        let today = CalendarDay.string(of: now, timeZone: zone)
        let history = try await maxes.list(userID: user.id, exerciseIDs: [exerciseID])
        var offer: TrainingMaxOffer?
        if TrainingMax.refusal(for: exercise) == nil {
            let since = now.addingTimeInterval(-Double(TrainingMaxOffer.defaultWeeks * 7 * 86_400))
            let sessions = try await ProgressRepository(store: store).sessions(
                userID: user.id, exerciseID: exerciseID, since: since, sets: .totals)
            offer = TrainingMaxOffer.make(
                sessions: sessions.compactMap { session in
                    session.summary.bestE1RM.map { (CalendarDay.string(of: session.summary.startedAt, timeZone: zone), $0) }
                }, unit: user.settings.unit, step: user.settings.roundingStep)
        }
        return TrainingMaxLift(
            exercise: exercise, current: TrainingMax.inForce(history, on: today), history: history, offer: offer)
    }

    /// Sets a new max for a lift from the day the draft names (today when none).
    public func set(_ exerciseID: UUID, draft: TrainingMaxDraft, user: User) async throws -> TrainingMax {
        try await put(id: UUID(), exerciseID: exerciseID, draft: draft, user: user).max
    }

    /// Saves a max under the client's id and says whether it was new (an API `PUT`
    /// answers 201 then); a change keeps when the max was first saved.
    public func put(id: UUID, exerciseID: UUID, draft: TrainingMaxDraft, user: User) async throws -> (
        max: TrainingMax, created: Bool
    ) {
        let exercise = try await exercise(exerciseID, user: user)
        if let refusal = TrainingMax.refusal(for: exercise) {
            throw SpotterError.invalid(ValidationFailure(field: "exerciseId", message: refusal))
        }
        let now = clock()
        let today = CalendarDay.string(of: now, timeZone: user.settings.zone)
        var max: TrainingMax
        do {
            max = try draft.validated(id: id, exerciseID: exerciseID, unit: user.settings.unit, today: today, now: now)
        } catch { throw SpotterError.invalid(error) }
        let created = try await maxes.put(max, userID: user.id)
        if !created, let saved = try await maxes.find(id: id, userID: user.id) { max.createdAt = saved.createdAt }
        return (max, created)
    }

    /// A built-in lift or one of the lifter's own; another lifter's answers as missing.
    func exercise(_ id: UUID, user: User) async throws -> Exercise {
        guard let exercise = try await exercises.find(id: id, userID: user.id) else {
            throw SpotterError.notFound("The exercise")
        }
        return exercise
    }

    public func find(_ id: UUID, user: User) async throws -> TrainingMax {
        guard let max = try await maxes.find(id: id, userID: user.id) else { throw SpotterError.notFound("The training max") }
        return max
    }

    public func delete(_ id: UUID, user: User) async throws {
        try await maxes.delete(id: id, userID: user.id)
    }

    /// The newest max of each lift on or before `day`, newest first.
    static func inForce(_ maxes: [TrainingMax], on day: String) -> [TrainingMax] {
        let byLift = Dictionary(grouping: maxes, by: \.exerciseID).compactMapValues { TrainingMax.inForce($0, on: day) }
        return TrainingMax.newestFirst(Array(byLift.values))
    }
}
