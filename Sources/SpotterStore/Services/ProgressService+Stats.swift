import Foundation
import SpotterCore

extension ProgressService {
    // MARK: One exercise

    /// The page lists each session's sets as a strip, which `.totals` sets carry;
    /// the API answers with whole sets.
    public func exercise(id: UUID, user: User, range: ProgressRange, sets: SetDetail) async throws -> ExerciseProgressReport {
        guard let exercise = try await exercises.find(id: id, userID: user.id) else {
            throw SpotterError.notFound("The exercise")
        }
        let now = clock()
        let zone = user.settings.zone
        let unit = user.settings.unit
        let start = range.start(now: now, timeZone: zone)
        let trendStart = now.addingTimeInterval(-Double(Trend.defaultWindowDays) * 86_400)
        let sessions = try await progress.sessions(
            userID: user.id, exerciseID: id, since: start.map { min($0, trendStart) }, sets: sets)
        let bests = try await progress.bests(userID: user.id, exerciseIDs: [id])[id]
        let trend = Trend.assess(SessionSummary.trendPoints(sessions.map(\.summary)), now: now)
        return ExerciseProgressReport(
            exercise: exercise, unit: unit, range: range, trend: trend.trend,
            weeklyChangePercent: trend.weeklyChange.map { tenth($0 * 100) },
            records: bests.map { bests in
                ExerciseProgressReport.Records(
                    heaviest: round(bests.heaviest, unit), e1RM: round(bests.e1RM, unit), setVolume: round(bests.setVolume, unit),
                    sessionVolume: round(bests.sessionVolume, unit),
                    repMaxes: OneRepMax.repsCounted.compactMap { reps in bests.weightForReps[reps].map { (reps, round($0, unit)) }
                    })
            },
            sessions: sessions.filter { start == nil || $0.summary.startedAt >= start! }.reversed().map { session in
                ExerciseProgressReport.Session(
                    workoutID: session.summary.workoutID, workoutName: session.workoutName, startedAt: session.summary.startedAt,
                    topWeight: session.summary.topWeight.map { round($0, unit) },
                    e1RM: session.summary.bestE1RM.map { round($0, unit) },
                    volume: round(session.summary.volume, unit), sets: session.sets, records: session.records)
            })
    }

    // MARK: Stats

    /// The statistics of a range: weekly volume and workouts, muscles and training days.
    public func stats(user: User, range: ProgressRange, workoutTypeID: UUID?) async throws -> StatsReport {
        if let workoutTypeID, try await workoutTypes.find(id: workoutTypeID, userID: user.id) == nil {
            throw SpotterError.notFound("The workout type")
        }
        let now = clock()
        let zone = user.settings.zone
        let unit = user.settings.unit
        let start = range.start(now: now, timeZone: zone)
        let workouts = try await workouts.totals(
            userID: user.id, filter: HistoryFilter(workoutTypeID: workoutTypeID, from: start, limit: 100_000))
        let exercises = try await exercises.exercises(ids: Set(workouts.flatMap(\.exercises.keys)), userID: user.id)
        let kinds = exercises.mapValues(\.kind)
        let muscles = exercises.mapValues { (kind: $0.kind, primary: $0.primaryMuscles, secondary: $0.secondaryMuscles) }
        let first = start ?? workouts.last?.startedAt ?? now
        let byWeek = Dictionary(grouping: workouts) { WeekGrouping.weekStart(of: $0.startedAt, timeZone: zone) }
        let weeks = TrainingCalendar.weeks(from: first, to: now, timeZone: zone).map { week in
            let list = byWeek[week] ?? []
            return StatsReport.Week(
                weekStart: week, workouts: list.count,
                volume: tenth(list.reduce(0) { $0 + $1.volume(kinds: kinds, in: unit).load }),
                muscles: MuscleVolume.of(list, exercises: muscles, in: unit).mapValues(tenth))
        }
        let days = TrainingCalendar.days(workouts.map(\.startedAt), timeZone: zone).sorted { $0.key < $1.key }
        return StatsReport(
            unit: unit, range: range, workoutTypeID: workoutTypeID, timeZone: zone, workouts: workouts.count,
            sets: workouts.reduce(0) { $0 + $1.sets },
            volume: tenth(weeks.reduce(0) { $0 + $1.volume }),
            weeks: weeks,
            muscles: MuscleVolume.of(workouts, exercises: muscles, in: unit).filter { $0.value > 0 }
                .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
                .map { .init(muscle: $0.key, volume: tenth($0.value)) },
            days: days.map { .init(start: $0.key, workouts: $0.value) })
    }
}
