import Foundation
import SpotterCore
import SpotterStore

/// The full-screen player (`/workouts/{id}/play`). The server draws the current
/// card as it is now; `guided-player.js` counts down from `endsAt` and sends the
/// lifter's taps, drawing each answer the same way.
struct PlayerPage: PageModel {
    static let template = "guided/guided-player"

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
