import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// The guided player as the API and the player page show it: where it is, the
/// countdown (its end as an instant and the seconds left by the server's clock),
/// progress, and, when asked for, every item with its sets' values and the
/// summary once finished. The actions answer without `items` (the page keeps
/// them from its first read), so a set logged from the player costs what a set
/// logged on the workout page does.
struct GuidedResponse: ResponseEncodable, Sendable {
    struct SetValues: Codable, Sendable {
        let id: UUID
        @Nullable var reps: Int?
        @Nullable var weight: Double?
        @Nullable var weightUnit: MassUnit?
        @Nullable var durationSeconds: Int?
        let done: Bool
    }

    struct Item: Codable, Sendable {
        /// "exercise" or "break".
        let kind: String
        let name: String
        let sets: Int
        /// Seconds per set of a timed exercise, or the break's length; null for reps.
        @Nullable var seconds: Int?
        let restSeconds: Int
        @Nullable var entryId: UUID?
        @Nullable var exerciseId: UUID?
        @Nullable var muscle: String?
        @Nullable var imageUrl: String?
        @Nullable var videoUrl: String?
        /// "8-12" for a reps exercise.
        @Nullable var targetReps: String?
        let setValues: [SetValues]
    }

    struct Summary: Codable, Sendable {
        let durationSeconds: Int
        let exercisesDone: Int
        let setsDone: Int
        let volume: Double
        let volumeUnit: MassUnit
        let records: Int
    }

    let workoutId: UUID
    @Nullable var templateId: UUID?
    /// set, timedSet, rest, break or finished.
    let phase: String
    let paused: Bool
    /// The current item and set, 0-based (what an action's `item` and `set` name).
    let item: Int
    let set: Int
    let itemCount: Int
    /// "Exercise 3 of 8" and "Set 2 of 3", 1-based.
    let exerciseNumber: Int
    let exerciseCount: Int
    let setNumber: Int
    let setCount: Int
    let remainingSeconds: Int
    let totalSeconds: Int
    @Nullable var endsAt: Date?
    let elapsedSeconds: Int
    let startedAt: Date
    let serverTime: Date
    /// Present on the player's read and its start.
    var items: [Item]?
    /// Present on the player's read once it is finished.
    var summary: Summary?

    init(_ snapshot: GuidedService.Snapshot, unit: MassUnit) {
        let (plan, state, now) = (snapshot.plan, snapshot.state, snapshot.now)
        workoutId = snapshot.workoutID
        templateId = plan.templateID
        phase = state.phase.rawValue
        paused = state.isPaused
        item = state.item
        set = state.set
        itemCount = plan.items.count
        (exerciseNumber, exerciseCount) = plan.exerciseNumber(of: state.item)
        setNumber = state.set + 1
        if plan.items.indices.contains(state.item), case .exercise(let sets, _, _) = plan.items[state.item] {
            setCount = sets
        } else {
            setCount = 0
        }
        remainingSeconds = state.remainingSeconds(at: now)
        totalSeconds = state.totalSeconds
        endsAt = state.endsAt
        elapsedSeconds = state.elapsedSeconds(at: now)
        startedAt = state.startedAt
        serverTime = now
        guard let workout = snapshot.workout else { return }
        let entries = Dictionary(workout.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        items = zip(plan.items, plan.entryIDs).map { item, entryID in
            switch item {
            case .pause(let seconds):
                return Item(kind: "break", name: "Break", sets: 0, seconds: seconds, restSeconds: 0, setValues: [])
            case .exercise(let sets, let seconds, let rest):
                let entry = entryID.flatMap { entries[$0] }
                let exercise = entry.flatMap { snapshot.exercises[$0.exerciseID] }
                let target = entry?.sets.first?.target?.reps
                return Item(
                    kind: "exercise", name: exercise?.name ?? "Removed exercise", sets: sets, seconds: seconds, restSeconds: rest,
                    entryId: entry?.id, exerciseId: exercise?.id, muscle: exercise?.primaryMuscles.first?.displayName,
                    imageUrl: exercise?.imageURL, videoUrl: exercise?.videoURL?.watchURL,
                    targetReps: seconds == nil ? target?.label : nil,
                    setValues: (entry?.sets ?? []).map { set in
                        SetValues(
                            id: set.id, reps: set.reps, weight: set.weight?.converted(to: unit),
                            weightUnit: set.weight.map { _ in unit },
                            durationSeconds: set.durationSeconds, done: set.done)
                    })
            }
        }
        if state.phase == .finished, !workout.isActive {
            let kinds = snapshot.exercises.mapValues(\.kind)
            let total = WorkoutSummary.of(workout, kinds: kinds, unit: unit, now: now)
            summary = Summary(
                durationSeconds: total.durationSeconds,
                exercisesDone: workout.entries.filter { $0.sets.contains(where: \.done) }.count,
                setsDone: total.setCount, volume: total.volume, volumeUnit: unit,
                records: workout.entries.reduce(0) { $0 + $1.records.sets.values.filter { !$0.isEmpty }.count })
        }
    }
}
