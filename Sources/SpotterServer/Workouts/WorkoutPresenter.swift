import Foundation
import SpotterCore
import SpotterStore

/// Turns Core workouts into what the API and the pages show: exercise names, the
/// summary in the lifter's unit, and previous performance for the active workout.
struct WorkoutPresenter {
    let services: AppServices

    func response(for workout: Workout, user: User) async throws -> WorkoutResponse {
        try await responses(for: [workout], user: user)[0]
    }

    func responses(for workouts: [Workout], user: User) async throws -> [WorkoutResponse] {
        let ids = Set(workouts.flatMap { $0.entries.map(\.exerciseID) })
        let exercises = try await services.exercises.exercises(ids: ids, userID: user.id)
        let kinds = exercises.mapValues(\.kind)
        let now = services.clock()
        var result: [WorkoutResponse] = []
        for workout in workouts {
            var entries: [WorkoutResponse.EntryResponse] = []
            let history =
                workout.isActive
                ? try await services.workouts.previousSessions(
                    user: user, exerciseIDs: Set(workout.entries.map(\.exerciseID)), excluding: workout.id)
                : [:]
            let rests =
                workout.isActive
                ? try await services.workouts.rememberedRests(user: user, exerciseIDs: Set(workout.entries.map(\.exerciseID)))
                : [:]
            for entry in workout.entries {
                let exercise = exercises[entry.exerciseID]
                var previous: [WorkoutResponse.SetResponse?] = []
                if workout.isActive {
                    let sessions = history[entry.exerciseID] ?? []
                    let count = max(entry.sets.count + 1, sessions.first?.sets.count ?? 0)
                    previous = (0..<count).map { position in
                        PreviousPerformance.resolve(position: position, history: sessions).map { WorkoutResponse.SetResponse($0) }
                    }
                }
                entries.append(
                    WorkoutResponse.EntryResponse(
                        id: entry.id, exerciseId: entry.exerciseID, exerciseName: exercise?.name ?? "Unknown exercise",
                        exerciseKind: exercise?.kind ?? .weightReps, exerciseEquipment: exercise?.equipment ?? .other,
                        notes: entry.notes, supersetGroup: entry.supersetGroup,
                        restSeconds: entry.restSeconds,
                        sets: entry.sets.map { WorkoutResponse.SetResponse($0, records: entry.records.sets[$0.id] ?? []) },
                        volumeRecord: entry.records.sessionVolume, previous: previous, suggestion: entry.suggestion,
                        lastNotes: workout.isActive
                            ? PreviousPerformance.lastNotes(history: history[entry.exerciseID] ?? []) : nil,
                        rememberedRestSeconds: rests[entry.exerciseID]))
            }
            let totals = WorkoutSummary.of(workout, kinds: kinds, unit: user.settings.unit, now: now)
            let summary = WorkoutResponse.SummaryResponse(
                durationSeconds: totals.durationSeconds, exerciseCount: totals.exerciseCount, setCount: totals.setCount,
                volume: totals.volume, volumeUnit: user.settings.unit, bodyweightReps: totals.bodyweightReps)
            result.append(
                WorkoutResponse(
                    id: workout.id, name: workout.name, workoutTypeId: workout.workoutTypeID, startedAt: workout.startedAt,
                    endedAt: workout.endedAt, isActive: workout.isActive, notes: workout.notes, sessionRPE: workout.sessionRPE,
                    templateId: workout.templateID, program: workout.program.map(WorkoutResponse.ProgramLinkResponse.init),
                    rest: .init(workout.rest),
                    entries: entries, summary: summary))
        }
        return result
    }
}
