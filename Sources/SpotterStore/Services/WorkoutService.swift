import Foundation
import SpotterCore

/// The workout use cases, for the API, the pages and the other services alike:
/// start (empty, as a repeat, or with the entries a template or program made), log
/// a past workout, change its entries, log its sets, run the rest timer, finish and
/// delete. Each names the lifter (`user:`) and reads the clock once; the
/// repository does the reads and writes in the transaction each needs.
public struct WorkoutService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    var workouts: WorkoutRepository { WorkoutRepository(store: store) }

    /// What starting a workout says: its client-made id, and what it starts from.
    public struct Start: Sendable {
        public var id: UUID
        public var name: String?
        public var workoutTypeID: UUID?
        /// Discard the workout in progress first (the "discard and start" choice);
        /// without it, starting while another workout is active is refused.
        public var replaceActive: Bool
        /// When it began if not now (a workout started on a phone without signal).
        public var startedAt: Date?
        /// One of the lifter's workouts to repeat: the new one starts with a fresh
        /// copy of its exercises and planned sets, and its name and type by default.
        public var repeatOf: UUID?
        /// The entries made by the caller (a template or a program day), fresh ids.
        public var entries: [ExerciseEntry]?
        /// The template it was started from; that template is marked used.
        public var templateID: UUID?
        public var program: ProgramLink?

        public init(
            id: UUID, name: String? = nil, workoutTypeID: UUID? = nil, replaceActive: Bool = false, startedAt: Date? = nil,
            repeatOf: UUID? = nil, entries: [ExerciseEntry]? = nil, templateID: UUID? = nil, program: ProgramLink? = nil
        ) {
            self.id = id
            self.name = name
            self.workoutTypeID = workoutTypeID
            self.replaceActive = replaceActive
            self.startedAt = startedAt
            self.repeatOf = repeatOf
            self.entries = entries
            self.templateID = templateID
            self.program = program
        }
    }

    /// Starts a workout (see `Start`). A retry with the same id returns the same workout.
    public func start(_ start: Start, user: User) async throws -> Workout {
        try await self.start(start, user: user, now: clock())
    }

    func start(_ start: Start, user: User, now: Date) async throws -> Workout {
        var source: Workout?
        if let repeatOf = start.repeatOf {
            guard let original = try await workouts.find(id: repeatOf, userID: user.id) else {
                throw SpotterError.invalid(field: "repeatOf", "The workout to repeat was not found.")
            }
            source = original
        }
        // The request is checked before a retry is recognised, so a retry with a bad
        // body is refused as the first attempt would have been. A workout started on a
        // phone without signal keeps the phone's start, and the name of that part of the day.
        let name = NameKey.displayForm(of: start.name ?? source?.name ?? "")
        var workout = Workout(
            id: start.id, ownerID: user.id,
            name: WorkoutChange.defaultName(at: start.startedAt ?? now, timeZone: user.settings.zone),
            workoutTypeID: start.workoutTypeID ?? source?.workoutTypeID, startedAt: now, templateID: start.templateID,
            program: start.program)
        do {
            workout = try WorkoutChange(name: name.isEmpty ? nil : name, startedAt: start.startedAt).applied(
                to: workout, now: now)
        } catch { throw SpotterError.invalid(error) }
        if let existing = try await find(start.id, user: user) { return existing }
        let entries = start.entries ?? source.map { Self.repeatedEntries(of: $0, now: now) } ?? []
        let replaceActive = start.replaceActive
        let started = try await workouts.start(workout, entries: entries, templateUsed: start.templateID, now: now) { active in
            guard replaceActive else {
                throw SpotterError.conflict(
                    field: nil, message: "\(active.name) is still in progress. Resume it, or discard it and start the new one.")
            }
        }
        return try await marked(started)
    }

    /// A fresh copy of a workout's exercises and planned sets, for a repeat: new ids,
    /// no record marks or suggestions, nothing done.
    static func repeatedEntries(of source: Workout, now: Date) -> [ExerciseEntry] {
        source.entries.map { entry in
            var copy = entry
            copy.id = UUID()
            copy.records = EntryRecords()
            copy.suggestion = nil
            // What was planned carries over (kind, load, reps, time, distance, target,
            // and any field of a set added later); what was done that day does not.
            copy.sets = entry.sets.map { set in
                var fresh = set
                fresh.id = UUID()
                fresh.rpe = nil
                fresh.done = false
                fresh.note = ""
                fresh.loggedAt = nil
                fresh.updatedAt = now
                return fresh
            }
            return copy
        }
    }

    /// What logging a past workout says: finished from the start, `startedAt` to
    /// `startedAt + durationSeconds`.
    public struct Past: Sendable {
        public var id: UUID
        public var name: String?
        public var workoutTypeID: UUID?
        public var startedAt: Date
        public var durationSeconds: Int

        public init(id: UUID, name: String?, workoutTypeID: UUID? = nil, startedAt: Date, durationSeconds: Int) {
            self.id = id
            self.name = name
            self.workoutTypeID = workoutTypeID
            self.startedAt = startedAt
            self.durationSeconds = durationSeconds
        }
    }

    /// Logs a workout done earlier; the workout in progress, if any, is left alone.
    /// A retry with the same id finds it.
    public func logPast(_ past: Past, user: User) async throws -> Workout {
        let now = clock()
        let name = NameKey.displayForm(of: past.name ?? "")
        // Checked as an edit of a finished workout started now: the same rules and messages.
        var workout = Workout(
            id: past.id, ownerID: user.id, name: WorkoutChange.defaultName(at: past.startedAt, timeZone: user.settings.zone),
            workoutTypeID: past.workoutTypeID, startedAt: now, endedAt: now.addingTimeInterval(60))
        do {
            workout = try WorkoutChange(
                name: name.isEmpty ? nil : name, startedAt: past.startedAt, durationSeconds: past.durationSeconds
            )
            .applied(to: workout, now: now)
        } catch { throw SpotterError.invalid(error) }
        if let existing = try await workouts.find(id: past.id, userID: user.id) { return existing }
        return try await workouts.logPast(workout, now: now)
    }

    /// Adds an exercise entry (at the end) or changes one; changing its exercise
    /// swaps the exercise and keeps the sets. A rest chosen for the exercise is
    /// remembered for it, in later workouts too.
    public func putEntry(workoutID: UUID, entryID: UUID, change: EntryChange, user: User) async throws -> Workout {
        var rememberRest: Int?
        if case .some(.some(let seconds)) = change.restSeconds { rememberRest = seconds }
        let workout = try await workouts.putEntry(
            workoutID: workoutID, entryID: entryID, userID: user.id, rememberRest: rememberRest, now: clock()
        ) {
            existing in
            guard let base = existing ?? change.exerciseID.map({ ExerciseEntry(id: entryID, exerciseID: $0) }) else {
                throw SpotterError.invalid(field: "exerciseId", "Choose the exercise to add.")
            }
            do { return try change.applied(to: base) } catch let failure as ValidationFailure {
                throw SpotterError.invalid(failure)
            }
        }
        return try await marked(workout)
    }

    /// Changes name, notes, type, session RPE, start or duration.
    public func update(_ id: UUID, change: WorkoutChange, user: User) async throws -> Workout {
        try await update(id, change: change, user: user, now: clock())
    }

    func update(_ id: UUID, change: WorkoutChange, user: User, now: Date) async throws -> Workout {
        try await marked(
            workouts.update(id: id, userID: user.id, now: now) { stored in
                do { return try change.applied(to: stored, now: now) } catch let failure as ValidationFailure {
                    throw SpotterError.invalid(failure)
                }
            })
    }

    public func deleteEntry(workoutID: UUID, entryID: UUID, user: User) async throws -> Workout {
        try await marked(workouts.deleteEntry(workoutID: workoutID, entryID: entryID, userID: user.id))
    }

    /// Puts the entries in the given order; `ids` must name each entry once.
    public func reorderEntries(workoutID: UUID, ids: [UUID], user: User) async throws -> Workout {
        try await marked(
            workouts.reorderEntries(workoutID: workoutID, userID: user.id) { current in
                try ListOrder.positions(current: current, proposed: ids)
            })
    }

    /// A tap on the rest bar.
    public enum RestAction: String, Sendable {
        case add, subtract, skip
    }

    /// +15 s, -15 s or skip on the running rest, at one reading of the clock.
    public func restTimer(workoutID: UUID, action: RestAction, user: User) async throws -> RestTimer.State {
        let now = clock()
        let event: RestTimer.Event
        switch action {
        case .add: event = .adjustTapped(seconds: RestTimer.adjustmentStep, at: now)
        case .subtract: event = .adjustTapped(seconds: -RestTimer.adjustmentStep, at: now)
        case .skip: event = .skipTapped
        }
        return try await workouts.restTimer(workoutID: workoutID, userID: user.id, now: now) { rest in
            _ = RestTimer.reduce(&rest, .timerElapsed(at: now))
            _ = RestTimer.reduce(&rest, event)
        }
    }

    /// Ends the active workout; it moves to history.
    public func finish(_ id: UUID, user: User) async throws -> Workout {
        try await finish(id, user: user, now: clock())
    }

    func finish(_ id: UUID, user: User, now: Date) async throws -> Workout {
        try await workouts.finish(id: id, userID: user.id, now: now) { workout in
            guard workout.endedAt == nil else {
                throw SpotterError.conflict(field: nil, message: "This workout is already finished.")
            }
            workout.endedAt = max(now, workout.startedAt)
            workout.rest = .idle
        }
    }

    /// Discards the active workout or deletes a finished one, with everything in it.
    public func delete(_ id: UUID, user: User) async throws {
        try await workouts.delete(id: id, userID: user.id)
    }
}

extension WorkoutService {
    /// The workout use cases with the clock stopped at `now` (another use case's reading).
    public static func at(_ now: Date, in store: SpotterStore) -> WorkoutService {
        WorkoutService(store: store, clock: { now })
    }
}
