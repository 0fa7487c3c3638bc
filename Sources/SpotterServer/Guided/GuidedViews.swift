import Foundation
import SpotterCore
import SpotterStore

/// "0:45" or "1:02:05": a countdown or a clock as the player and the builder show it
/// (always with minutes, so the digits do not jump at a minute).
enum GuidedText {
    static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let (h, m, r) = (s / 3600, s % 3600 / 60, s % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, r) : String(format: "%d:%02d", m, r)
    }
}

/// The timeline builder (`/templates/new/timeline`, `/templates/{id}/timeline`).
struct TimelinePage {
    let page: PageChrome
    let action: String
    let newId: String
    let name: FieldView
    let categories: [OptionView]
    let notes: String
    let items: [TimelineItemView]
    let hasItems: Bool
    let total: String
    let addGroups: [ExerciseGroupView]
    let hasLibrary: Bool
    let formError: String?
    let cancelLink: String
    let primaryLabel: String
    let defaultRest: Int

    init(
        page: PageChrome, action: String, newId: String, form: TimelineForm, exercises: [UUID: Exercise], library: [Exercise],
        failure: ValidationFailure?, cancelLink: String, primaryLabel: String, defaultRest: Int
    ) {
        self.page = page
        self.action = action
        self.newId = newId
        name = FieldView(form.name, failure: failure, field: "name")
        let category = TemplateCategory(rawValue: form.category) ?? .custom
        categories = TemplateCategory.allCases.map {
            OptionView(value: $0.rawValue, label: $0.displayName, selected: $0 == category)
        }
        notes = form.notes
        var exerciseIndex = 0
        var breakIndex = 0
        var total = 0
        var views: [TimelineItemView] = []
        for (index, item) in form.items.enumerated() {
            let prefix = item.isBreak ? "breaks[\(breakIndex)]." : "exercises[\(exerciseIndex)]."
            if item.isBreak { breakIndex += 1 } else { exerciseIndex += 1 }
            let problems = failure?.issues.filter { $0.field.hasPrefix(prefix) }.map(\.message) ?? []
            let exercise = UUID(uuidString: item.exerciseID).flatMap { exercises[$0] }
            let seconds = Self.seconds(of: item, defaultRest: defaultRest)
            total += seconds ?? 0
            views.append(
                TimelineItemView(
                    index: index, number: index + 1, item: item, isBreak: item.isBreak, timed: item.isTimed,
                    name: item.isBreak ? "Break" : (exercise?.name ?? "Unknown exercise"),
                    time: seconds.map(GuidedText.clock) ?? "–", first: index == 0, last: index == form.items.count - 1,
                    error: problems.isEmpty ? nil : problems.joined(separator: " ")))
        }
        items = views
        hasItems = !views.isEmpty
        self.total = GuidedText.clock(total)
        addGroups = TemplateFormPage.addGroups(library)
        hasLibrary = !library.isEmpty
        let rowProblem = failure?.issues.contains { $0.field.hasPrefix("exercises[") || $0.field.hasPrefix("breaks[") } ?? false
        formError = failure.flatMap { failure in
            failure.issues.first { !$0.field.hasPrefix("exercises[") && !$0.field.hasPrefix("breaks[") && $0.field != "name" }?
                .message
                ?? (rowProblem ? "Fix the marked items; nothing was saved yet." : nil)
        }
        self.cancelLink = cancelLink
        self.primaryLabel = primaryLabel
        self.defaultRest = defaultRest
    }

    /// The item's length by the player's estimate, or nil while a number in it is not one.
    static func seconds(of item: TimelineForm.Item, defaultRest: Int) -> Int? {
        let int = TimelineForm.int
        if item.isBreak {
            guard let seconds = int(item.seconds), seconds >= 0 else { return nil }
            return GuidedPlayer.estimatedSeconds([.pause(seconds: seconds)])
        }
        guard let sets = int(item.sets) ?? TemplateExercise.defaultSetCount as Int?, sets >= 0 else { return nil }
        let rest = int(item.rest) ?? defaultRest
        let seconds = item.isTimed ? int(item.seconds) : nil
        guard rest >= 0, (seconds ?? 0) >= 0 else { return nil }
        return GuidedPlayer.estimatedSeconds([.exercise(sets: sets, seconds: seconds, restSeconds: rest)])
    }
}

struct TimelineItemView {
    let index: Int
    let number: Int
    let item: TimelineForm.Item
    let isBreak: Bool
    let timed: Bool
    let name: String
    let time: String
    let first: Bool
    let last: Bool
    let error: String?
}

/// The full-screen player (`/workouts/{id}/play`). The server draws the current
/// card as it is now; `guided-player.js` counts down from `endsAt` and sends the
/// lifter's taps, drawing each answer the same way.
struct PlayerPage {
    let page: PageChrome
    let workoutId: String
    let name: String
    let finished: Bool
    let paused: Bool
    let phase: String
    let item: Int
    let set: Int
    /// "Exercise 3 of 8".
    let progressLabel: String
    let progressValue: Int
    let progressMax: Int
    let elapsed: String
    let elapsedSeconds: Int
    let remaining: String
    let remainingSeconds: Int
    let totalSeconds: Int
    let serverTime: String
    let endsAt: String
    let current: PlayerCardView?
    let upcoming: [PlayerUpcomingView]
    let summary: PlayerSummaryView?
    /// The whole player as the API answers it, for the script.
    let stateJSON: String
    let isSet: Bool
    let isTimedSet: Bool
    let isRest: Bool
    let isBreak: Bool
    let restHeading: String
    var error: String?
}

struct PlayerCardView {
    let name: String
    let muscle: String
    let initial: String
    let imageUrl: String?
    let videoUrl: String?
    let setLabel: String
    let target: String
    let reps: String
    let weight: String
    let unit: String
    let timed: Bool
}

struct PlayerUpcomingView {
    let name: String
    let isBreak: Bool
    let detail: String
}

struct PlayerSummaryView {
    let duration: String
    let exercises: Int
    let sets: Int
    let volume: String
    let records: Int
    let hasRecords: Bool
    let singleRecord: Bool
}

extension PlayerPage {
    init(_ response: GuidedResponse, workoutName: String, unit: MassUnit, page: PageChrome, json: String) {
        self.page = page
        workoutId = response.workoutId.text
        name = workoutName
        finished = response.phase == GuidedPlayer.Phase.finished.rawValue
        paused = response.paused
        phase = response.phase
        item = response.item
        set = response.set
        progressLabel = finished ? "Done" : "Exercise \(response.exerciseNumber) of \(response.exerciseCount)"
        progressValue = finished ? response.exerciseCount : max(0, response.exerciseNumber - (response.phase == "break" ? 0 : 1))
        progressMax = max(1, response.exerciseCount)
        elapsed = GuidedText.clock(response.elapsedSeconds)
        elapsedSeconds = response.elapsedSeconds
        remaining = GuidedText.clock(response.remainingSeconds)
        remainingSeconds = response.remainingSeconds
        totalSeconds = response.totalSeconds
        serverTime = ISO8601DateFormatter().string(from: response.serverTime)
        endsAt = response.endsAt.map { ISO8601DateFormatter().string(from: $0) } ?? ""
        stateJSON = json
        isSet = response.phase == GuidedPlayer.Phase.set.rawValue
        isTimedSet = response.phase == GuidedPlayer.Phase.timedSet.rawValue
        isRest = response.phase == GuidedPlayer.Phase.rest.rawValue
        isBreak = response.phase == GuidedPlayer.Phase.pause.rawValue
        restHeading = "Get ready for set \(response.setNumber)"
        error = nil
        let items = response.items ?? []
        if !finished, items.indices.contains(response.item) {
            let item = items[response.item]
            let values = item.setValues.indices.contains(response.set) ? item.setValues[response.set] : nil
            // A set with nothing planned takes the values of the set before it.
            let before = item.setValues.prefix(response.set).last
            current = PlayerCardView(
                name: item.name, muscle: item.muscle ?? "", initial: String(item.name.prefix(1)), imageUrl: item.imageUrl,
                videoUrl: item.videoUrl,
                setLabel: item.kind == "break" ? "" : "Set \(response.setNumber) of \(response.setCount)",
                target: item.seconds.map { item.kind == "break" ? DurationFormat.short($0) : "\($0) s hold" } ?? item.targetReps
                    .map { "\($0) reps" } ?? "",
                reps: (values?.reps ?? before?.reps).map(String.init) ?? "",
                weight: (values?.weight ?? before?.weight).map(WeightFormat.trim) ?? "",
                unit: (values?.weightUnit ?? before?.weightUnit)?.rawValue ?? unit.rawValue, timed: item.seconds != nil)
            upcoming = items.dropFirst(response.item + 1).prefix(6).map { next in
                PlayerUpcomingView(
                    name: next.name, isBreak: next.kind == "break",
                    detail: next.kind == "break"
                        ? DurationFormat.short(next.seconds ?? 0)
                        : "\(next.sets) × " + (next.seconds.map { "\($0) s" } ?? next.targetReps ?? ""))
            }
        } else {
            current = nil
            upcoming = []
        }
        summary = response.summary.map { summary in
            PlayerSummaryView(
                duration: GuidedText.clock(summary.durationSeconds), exercises: summary.exercisesDone, sets: summary.setsDone,
                volume: "\(WeightFormat.trim(summary.volume)) \(summary.volumeUnit.rawValue)", records: summary.records,
                hasRecords: summary.records > 0, singleRecord: summary.records == 1)
        }
    }
}

/// "Stop the workout?": keep what was done, or discard it.
struct PlayerStopPage {
    let page: PageChrome
    let workoutId: String
    let setsDone: Int
    let oneSet: Bool
    /// Nothing to keep without a completed set: the page offers only discarding.
    let hasSets: Bool
}
