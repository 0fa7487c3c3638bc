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

        init(_ set: WorkoutSet, records: [PersonalRecords.Kind], kind: ExerciseKind, unit: MassUnit) {
            label = SetStrip.label(for: set, kind: kind, unit: unit)
            mark = set.kind.mark
            warmup = set.kind == .warmup
            done = set.done
            pr = ProgressText.records(records)
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

    init(
        _ workout: Workout, summary: WorkoutSummary, exercises library: [UUID: Exercise], type: WorkoutType?, unit: MassUnit,
        timeZone: TimeZone
    ) {
        id = workout.id.text
        name = workout.name
        let dateFormatter = DateFormatter()
        dateFormatter.timeZone = timeZone
        dateFormatter.locale = Locale(identifier: "en_US_POSIX")
        dateFormatter.dateFormat = "EEE d MMM yyyy"
        date = dateFormatter.string(from: workout.startedAt)
        dateFormatter.dateFormat = "HH:mm"
        time = dateFormatter.string(from: workout.startedAt)
        duration = DurationFormat.workout(summary.durationSeconds)
        exerciseCount = summary.exerciseCount
        setCount = summary.setCount
        var volumeText = "\(WeightFormat.trim(summary.volume)) \(unit.rawValue)"
        if summary.bodyweightReps > 0 { volumeText += " + \(summary.bodyweightReps) bodyweight reps" }
        volume = volumeText
        typeName = type?.name
        typeColor = type?.colorHex ?? "#8A9099"
        notes = workout.notes.isEmpty ? nil : workout.notes
        let named = workout.entries.map { entry in
            (
                entry: entry, name: library[entry.exerciseID]?.name ?? "Unknown exercise",
                kind: library[entry.exerciseID]?.kind ?? .weightReps
            )
        }
        exercises = named.map { entry, name, kind in
            var working = 0
            let rows = entry.sets.map { set -> SetRowView in
                if set.kind != .warmup { working += 1 }
                return SetRowView(
                    number: set.kind == .warmup ? "W" : String(working), mark: set.kind == .warmup ? nil : set.kind.mark,
                    pr: ProgressText.records(entry.records.sets[set.id] ?? []),
                    label: SetStrip.label(for: set, kind: kind, unit: unit),
                    rpe: set.rpe.map { "RPE \(WeightFormat.trim($0))" }, note: set.note.isEmpty ? nil : set.note, done: set.done)
            }
            return ExerciseLine(
                name: name,
                strip: entry.sets.map { StripItemView($0, records: entry.records.sets[$0.id] ?? [], kind: kind, unit: unit) },
                sets: rows, volumeRecord: entry.records.sessionVolume)
        }
        records = named.flatMap { entry, name, kind in
            entry.sets.compactMap { set -> RecordLine? in
                guard let kinds = entry.records.sets[set.id], !kinds.isEmpty else { return nil }
                return RecordLine(
                    exercise: name, set: SetStrip.label(for: set, kind: kind, unit: unit),
                    kinds: ProgressText.records(kinds) ?? "")
            }
                + (entry.records.sessionVolume
                    ? [RecordLine(exercise: name, set: "Session", kinds: PersonalRecords.Kind.bestSessionVolume.displayName)]
                    : [])
        }
        preview = Array(exercises.prefix(4))
        moreCount = exercises.count > 4 ? exercises.count - 4 : nil
    }
}
