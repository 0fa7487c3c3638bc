import Foundation
import SpotterCore

/// The guided player's use cases: play a template (its workout starts as any
/// template's does, and the player with it), read the player, send it the
/// lifter's events, and stop it. The rules are `GuidedPlayer`'s; the clock is the
/// server's, so every device sees the same countdown.
public struct GuidedService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    var players: GuidedRepository { GuidedRepository(store: store) }
    var workouts: WorkoutRepository { WorkoutRepository(store: store) }
    var workoutService: WorkoutService { WorkoutService(store: store, clock: clock) }
    var templates: TemplateService { TemplateService(store: store, clock: clock) }

    /// A player as a page or the API shows it: the plan, the state at `now`, and
    /// (when asked for) the workout with the exercises it names.
    public struct Snapshot: Sendable {
        public var workoutID: UUID
        public var plan: GuidedPlan
        public var state: GuidedPlayer.State
        public var now: Date
        public var workout: Workout?
        public var exercises: [UUID: Exercise]
    }

    /// The lifter's events, as the API names them.
    public enum Action: String, Sendable, CaseIterable {
        case complete, skip, extend, pause, resume

        func event(at now: Date) -> GuidedPlayer.Event {
            switch self {
            case .complete: .completeSet(at: now)
            case .skip: .skip(at: now)
            case .extend: .addTime(seconds: GuidedPlayer.addStep, at: now)
            case .pause: .pause(at: now)
            case .resume: .resume(at: now)
            }
        }
    }

    /// Starts the template's workout (as "Start" does; the active one is replaced
    /// only when asked) and plays it from the first item. A retry with the same
    /// workout id answers the player already started.
    public func play(templateID: UUID, workoutID: UUID, replaceActive: Bool, user: User) async throws -> Snapshot {
        let template = try await templates.find(templateID, user: user)
        let now = clock()
        let items = template.playerItems(defaultRestSeconds: user.settings.defaultRestSeconds)
        let state: GuidedPlayer.State
        do { state = try GuidedPlayer.start(items, at: now) } catch {
            throw SpotterError.invalid(
                field: "templateId", "\(template.name) has no exercise to play. Add one to its timeline first.")
        }
        if try await players.find(workoutID: workoutID, userID: user.id) != nil {
            return try await snapshot(workoutID, user: user)
        }
        if let existing = try await workouts.find(id: workoutID, userID: user.id),
            !(existing.isActive && existing.entries.count == template.exercises.count
                && existing.templateID == (template.isPreset ? nil : template.id))
        {
            throw SpotterError.idInUse
        }
        let workout = try await templates.start(
            templateID, workoutID: workoutID, today: nil, replaceActive: replaceActive, user: user)
        let plan = GuidedPlan(
            template: template, entries: workout.entries.map { ($0.id, $0.sets.map(\.id)) },
            defaultRestSeconds: user.settings.defaultRestSeconds)
        try await players.create(workoutID: workoutID, userID: user.id, plan: plan, state: state, now: now)
        return try await snapshot(workoutID, user: user)
    }

    /// The player now, with the workout: countdowns that ended meanwhile are played
    /// out first (a timed set that ran out is logged), so a reload resumes at the right second.
    public func snapshot(_ workoutID: UUID, user: User) async throws -> Snapshot {
        var snapshot = try await send(nil, workoutID: workoutID, user: user)
        let workout = try await workoutService.find(workoutID, user: user)
        snapshot.workout = workout
        let ids = Set(workout?.entries.map(\.exerciseID) ?? [])
        snapshot.exercises = try await ExerciseRepository(store: store).exercises(ids: ids, userID: user.id)
        return snapshot
    }

    /// Applies the lifter's action (nil: only the time passed). `expected` is the
    /// item, set and phase the lifter saw: when the player has moved on since (a
    /// second tap, another device), the action changes nothing. The workout
    /// finishes with the last set of the last item.
    public func send(
        _ action: Action?, expected: (item: Int, set: Int, phase: GuidedPlayer.Phase)? = nil, values: SetDraft = SetDraft(),
        workoutID: UUID, user: User
    ) async throws -> Snapshot {
        let now = clock()
        let event = action?.event(at: now)
        let settings = user.settings
        let outcome = try await players.apply(workoutID: workoutID, userID: user.id, now: now) { plan, stored, ended in
            Self.step(plan, stored, ended: ended, event: event, expected: expected, values: values, settings: settings, now: now)
        }
        if let finishedAt = outcome.finishedAt { try await finishWorkout(workoutID, user: user, now: finishedAt) }
        return Snapshot(workoutID: workoutID, plan: outcome.plan, state: outcome.state, now: now, workout: nil, exercises: [:])
    }

    /// Stops the player: `keep` finishes the workout with the sets done so far (it
    /// goes to history); otherwise the workout is discarded. A finished workout is
    /// never discarded from here.
    public func stop(_ workoutID: UUID, keep: Bool, user: User) async throws {
        guard let (_, _, ended) = try await players.find(workoutID: workoutID, userID: user.id) else {
            throw SpotterError.notFound("The guided workout")
        }
        if ended {
            guard keep else {
                throw SpotterError.conflict(
                    field: nil, message: "This workout is already finished. Delete it from your history instead.")
            }
            return
        }
        let now = clock()
        try await players.stop(workoutID: workoutID, userID: user.id, now: now) { $0.end() }
        if keep {
            try await finishWorkout(workoutID, user: user, now: now)
        } else {
            try await workoutService.delete(workoutID, user: user)
        }
    }

    /// The player's rules on one change: the time up to `now` is played out, then
    /// `event` (nil: only the time) unless `expected` (the item, set and phase the
    /// lifter saw) is no longer current: a second tap, or a timed set that already
    /// completed itself, changes nothing more. A set the lifter completes is logged
    /// with `values` over its planned values, a timed set that ran out as planned,
    /// each when it ended (not when that was seen). A workout finished or stopped
    /// elsewhere (`ended`) ends the player too.
    static func step(
        _ plan: GuidedPlan, _ stored: GuidedPlayer.State, ended: Bool, event: GuidedPlayer.Event?,
        expected: (item: Int, set: Int, phase: GuidedPlayer.Phase)?, values: SetDraft, settings: UserSettings, now: Date
    ) -> GuidedRepository.Step {
        var state = stored
        if ended {
            if state.phase != .finished { state.end() }
            return .init(state: state, sets: [], finishedAt: nil)
        }
        var effects = GuidedPlayer.reduce(&state, .tick(at: now), items: plan.items).map { ($0, SetDraft()) }
        if let event, expected.map({ ($0.item, $0.set, $0.phase) == (state.item, state.set, state.phase) }) ?? true {
            var lifter = SetDraft()
            if case .completeSet = event { lifter = values }
            effects += GuidedPlayer.reduce(&state, event, items: plan.items).map { ($0, lifter) }
        }
        var sets: [GuidedRepository.SetLog] = []
        var finishedAt: Date?
        for (effect, values) in effects {
            switch effect {
            case .logSet(let item, let set, let at):
                // An exercise the lifter removed logs nothing; a set removed is added again.
                guard let entryID = plan.entryIDs[safe: item] ?? nil else { continue }
                var draft = values
                draft.done = true
                let setID = plan.setID(item: item, set: set) ?? UUID()
                let rules = SetRules(
                    draft: draft, setID: setID, changedAt: at, unit: settings.unit,
                    defaultRestSeconds: settings.defaultRestSeconds, now: at,
                    startsRest: false)
                sets.append(.init(entryID: entryID, setID: setID, decide: rules.decide))
            case .finish(let at):
                finishedAt = at
            }
        }
        return .init(state: state, sets: sets, finishedAt: finishedAt)
    }

    /// Finishes the workout unless someone finished it already.
    private func finishWorkout(_ workoutID: UUID, user: User, now: Date) async throws {
        guard let workout = try await workouts.find(id: workoutID, userID: user.id), workout.isActive else { return }
        _ = try await workoutService.finish(workoutID, user: user, now: now)
    }
}
