import Foundation
import SpotterCore

/// A finished or active workout as a history card or detail page shows it.
struct WorkoutCardView {
    struct ExerciseLine {
        let name: String
        let strip: [StripItemView]
        let sets: [SetRowView]
    }

    struct StripItemView {
        let label: String
        let mark: String?
        let warmup: Bool
        let done: Bool
    }

    struct SetRowView {
        let number: String
        let mark: String?
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

    init(_ response: WorkoutResponse, types: [UUID: WorkoutType], unit: MassUnit, timeZone: TimeZone) {
        id = response.id.uuidString.lowercased()
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
            let sets = entry.sets.map(\.core)
            let strip = SetStrip.items(for: sets, kind: entry.exerciseKind, unit: unit)
            var working = 0
            let rows = sets.map { set -> SetRowView in
                if set.kind != .warmup { working += 1 }
                return SetRowView(
                    number: set.kind == .warmup ? "W" : String(working), mark: set.kind == .warmup ? nil : set.kind.mark,
                    label: SetStrip.label(for: set, kind: entry.exerciseKind, unit: unit),
                    rpe: set.rpe.map { "RPE \(WeightFormat.trim($0))" }, note: set.note.isEmpty ? nil : set.note, done: set.done)
            }
            return ExerciseLine(
                name: entry.exerciseName,
                strip: strip.map { StripItemView(label: $0.label, mark: $0.mark, warmup: $0.isWarmup, done: $0.done) },
                sets: rows)
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

/// Builds history cards: the API view of each workout plus its type's name and colour.
struct WorkoutCards {
    let services: AppServices

    func cards(for workouts: [Workout], user: User) async throws -> [WorkoutCardView] {
        let responses = try await WorkoutPresenter(services: services).responses(for: workouts, user: user)
        let types = try await services.workoutTypes.list(userID: user.id, includeArchived: true)
        let byID = Dictionary(uniqueKeysWithValues: types.map { ($0.id, $0) })
        let zone = TimeZone(identifier: user.settings.timeZone) ?? .gmt
        return responses.map { WorkoutCardView($0, types: byID, unit: user.settings.unit, timeZone: zone) }
    }
}
