import Foundation
import SpotterCore

/// A finished or active workout as a history card or detail page shows it.
struct WorkoutCardView {
    struct ExerciseLine {
        let name: String
        let strip: [StripItemView]
        let sets: [SetRowView]
        let volumeRecord: Bool
    }

    struct StripItemView {
        let label: String
        let mark: String?
        let warmup: Bool
        let done: Bool
        /// The records the set set, in words ("Heaviest weight, Best e1RM"), or nil.
        let pr: String?

        init(_ set: WorkoutResponse.SetResponse, kind: ExerciseKind, unit: MassUnit) {
            let core = set.core
            label = SetStrip.label(for: core, kind: kind, unit: unit)
            mark = core.kind.mark
            warmup = core.kind == .warmup
            done = core.done
            pr = ProgressText.records(set.records)
        }
    }

    struct SetRowView {
        let number: String
        let mark: String?
        let pr: String?
        let label: String
        let rpe: String?
        let note: String?
        let done: Bool
    }

    let id: String
    let name: String
    let date: String
    let time: String
    let duration: String
    let exerciseCount: Int
    let setCount: Int
    let volume: String
    let typeName: String?
    let typeColor: String
    let notes: String?
    let exercises: [ExerciseLine]
    let preview: [ExerciseLine]
    let moreCount: Int?
    /// The personal records of the workout, for its summary.
    let records: [RecordLine]

    struct RecordLine {
        let exercise: String
        let set: String
        let kinds: String
    }

    init(_ response: WorkoutResponse, types: [UUID: WorkoutType], unit: MassUnit, timeZone: TimeZone) {
        id = response.id.text
        name = response.name
        let dateFormatter = DateFormatter()
        dateFormatter.timeZone = timeZone
        dateFormatter.locale = Locale(identifier: "en_US_POSIX")
        dateFormatter.dateFormat = "EEE d MMM yyyy"
        date = dateFormatter.string(from: response.startedAt)
        dateFormatter.dateFormat = "HH:mm"
        time = dateFormatter.string(from: response.startedAt)
        duration = DurationFormat.workout(response.summary.durationSeconds)
        exerciseCount = response.summary.exerciseCount
        setCount = response.summary.setCount
        var volumeText = "\(WeightFormat.trim(response.summary.volume)) \(unit.rawValue)"
        if response.summary.bodyweightReps > 0 { volumeText += " + \(response.summary.bodyweightReps) bodyweight reps" }
        volume = volumeText
        let type = response.workoutTypeId.flatMap { types[$0] }
        typeName = type?.name
        typeColor = type?.colorHex ?? "#8A9099"
        notes = response.notes.isEmpty ? nil : response.notes
        exercises = response.entries.map { entry in
            var working = 0
            let rows = entry.sets.map { response -> SetRowView in
                let set = response.core
                if set.kind != .warmup { working += 1 }
                return SetRowView(
                    number: set.kind == .warmup ? "W" : String(working), mark: set.kind == .warmup ? nil : set.kind.mark,
                    pr: ProgressText.records(response.records),
                    label: SetStrip.label(for: set, kind: entry.exerciseKind, unit: unit),
                    rpe: set.rpe.map { "RPE \(WeightFormat.trim($0))" }, note: set.note.isEmpty ? nil : set.note, done: set.done)
            }
            return ExerciseLine(
                name: entry.exerciseName,
                strip: entry.sets.map { StripItemView($0, kind: entry.exerciseKind, unit: unit) },
                sets: rows, volumeRecord: entry.volumeRecord)
        }
        records = response.entries.flatMap { entry in
            entry.sets.filter { !$0.records.isEmpty }.map { set in
                RecordLine(
                    exercise: entry.exerciseName, set: SetStrip.label(for: set.core, kind: entry.exerciseKind, unit: unit),
                    kinds: ProgressText.records(set.records) ?? "")
            } + (entry.volumeRecord ? [RecordLine(exercise: entry.exerciseName, set: "Session", kinds: PersonalRecords.Kind.bestSessionVolume.displayName)] : [])
        }
        preview = Array(exercises.prefix(4))
        moreCount = exercises.count > 4 ? exercises.count - 4 : nil
    }
}

extension WorkoutResponse.SetResponse {
    /// The Core set this answer describes.
    var core: WorkoutSet {
        WorkoutSet(
            id: id, kind: kind, reps: reps, weight: weight.map { Mass($0, weightUnit ?? .kg) }, durationSeconds: durationSeconds,
            distanceMeters: distanceMeters, rpe: rpe, done: done, note: note, loggedAt: loggedAt, updatedAt: changedAt)
    }
}
