import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// Builds the progress answers from the store's bounded reads and the Core rules;
/// the JSON API returns them and the pages draw them.
struct ProgressPresenter {
    let services: AppServices

    private func round(_ kilograms: Double, _ unit: MassUnit) -> Double {
        (Mass(kilograms, .kg).converted(to: unit) * 10).rounded() / 10
    }

    /// A sum to a tenth, for showing. The same sets added in another order (the
    /// database adds the stats' year of them, Home adds weeks of them in Swift, and
    /// dictionaries have no order) differ in their last bits, so a sum that lands on
    /// a twentieth (384.35) could round either way; snapped to a millionth first,
    /// it rounds alike however it was added.
    private func tenth(_ value: Double) -> Double { ((value * 1_000_000).rounded() / 100_000).rounded() / 10 }

    // MARK: Dashboard

    func dashboard(user: User) async throws -> DashboardReport {
        let now = services.clock()
        let zone = user.settings.zone
        let unit = user.settings.unit
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        let thisWeek = WeekGrouping.weekStart(of: now, timeZone: zone)
        let fourBack = calendar.date(byAdding: .weekOfYear, value: -4, to: thisWeek)!
        let trendStart = now.addingTimeInterval(-Double(Trend.defaultWindowDays) * 86_400)
        // Bounded by dates, not by the length of the history.
        let recent = try await services.workouts.history(userID: user.id, filter: HistoryFilter(from: min(fourBack, trendStart), limit: 10_000), sets: .totals)
        var last = recent.first
        if last == nil { last = try await services.workouts.history(userID: user.id, filter: HistoryFilter(limit: 1), sets: .totals).first }
        let strongest = try await services.progress.strongest(userID: user.id, limit: 5)
        var ids = Set(recent.flatMap { $0.entries.map(\.exerciseID) }).union(strongest.map(\.exerciseID))
        if let last { ids.formUnion(last.entries.map(\.exerciseID)) }
        let exercises = try await services.exercises.exercises(ids: ids, userID: user.id)
        let kinds = exercises.mapValues(\.kind)
        let weeks = try await services.progress.weeks(userID: user.id, now: now, timeZone: zone)

        let weekly = TrainingCalendar.weekly(
            recent, date: \.startedAt, value: { Volume.of($0, kinds: kinds, in: unit).load }, from: fourBack, to: now, timeZone: zone)
        let counts = TrainingCalendar.weekly(recent, date: \.startedAt, value: { _ in 1 }, from: fourBack, to: now, timeZone: zone)
        let previous = weekly.dropLast().map(\.value)
        let average = previous.reduce(0, +) / Double(max(previous.count, 1))

        var sessions: [UUID: [SessionSummary]] = [:]
        for workout in recent where workout.startedAt >= trendStart {
            var sets: [UUID: [WorkoutSet]] = [:]
            for entry in workout.entries { sets[entry.exerciseID, default: []].append(contentsOf: entry.sets) }
            for (exerciseID, list) in sets {
                sessions[exerciseID, default: []].append(SessionSummary(.init(id: workout.id, startedAt: workout.startedAt, sets: list)))
            }
        }
        let trends = MainLifts.pick(sessions).map { exerciseID in
            let list = sessions[exerciseID]!.sorted { $0.startedAt < $1.startedAt }
            let points = SessionSummary.trendPoints(list)
            let trend = Trend.assess(points, now: now)
            return DashboardReport.LiftTrend(
                exerciseID: exerciseID, exerciseName: exercises[exerciseID]?.name ?? "Unknown exercise",
                trend: trend.trend, weeklyChangePercent: trend.weeklyChange.map { tenth($0 * 100) },
                latestE1RM: points.last.map { round($0.value, unit) }, sessions: list.count)
        }
        return DashboardReport(
            unit: unit,
            lastWorkout: last.map { workout in
                DashboardReport.LastWorkout(
                    id: workout.id, name: workout.name, startedAt: workout.startedAt,
                    summary: WorkoutSummary.of(workout, kinds: kinds, unit: unit, now: now),
                    records: workout.entries.reduce(0) { $0 + $1.records.sets.count + ($1.records.sessionVolume ? 1 : 0) })
            },
            workoutsThisWeek: weeks.thisWeek, streakWeeks: weeks.streak,
            weeklyVolume: zip(weekly, counts).map { .init(weekStart: $0.start, volume: tenth($0.value), workouts: Int($1.value)) },
            volumeVsAveragePercent: average > 0 ? tenth(weekly.last!.value / average * 100) : nil,
            bestLifts: strongest.map {
                .init(exerciseID: $0.exerciseID, exerciseName: exercises[$0.exerciseID]?.name ?? "Unknown exercise",
                      e1RM: round($0.bests.e1RM, unit), heaviest: round($0.bests.heaviest, unit))
            },
            trends: trends,
            recentRecords: Self.recentRecords(in: recent, names: exercises, unit: unit, limit: 4))
    }

    /// The record sets of `workouts` (newest first), the best of each exercise's
    /// newest session only (most kinds, then heaviest), at most `limit`.
    static func recentRecords(in workouts: [Workout], names: [UUID: Exercise], unit: MassUnit, limit: Int) -> [DashboardReport.RecentRecord] {
        var seen = Set<UUID>()
        var rows: [DashboardReport.RecentRecord] = []
        for workout in workouts.sorted(by: { $0.startedAt > $1.startedAt }) {
            for entry in workout.entries where !seen.contains(entry.exerciseID) {
                let marked = entry.sets.compactMap { set in entry.records.sets[set.id].flatMap { $0.isEmpty ? nil : (set, $0) } }
                guard let (set, kinds) = marked.max(by: { a, b in
                    a.1.count != b.1.count ? a.1.count < b.1.count
                        : (a.0.weight?.converted(to: unit) ?? 0) < (b.0.weight?.converted(to: unit) ?? 0)
                }) else { continue }
                seen.insert(entry.exerciseID)
                let exercise = names[entry.exerciseID]
                rows.append(.init(
                    exerciseID: entry.exerciseID, exerciseName: exercise?.name ?? "Unknown exercise", workoutID: workout.id,
                    startedAt: workout.startedAt, set: SetStrip.label(for: set, kind: exercise?.kind ?? .weightReps, unit: unit),
                    kinds: PersonalRecords.Kind.allCases.filter(kinds.contains)))
                if rows.count == limit { return rows }
            }
        }
        return rows
    }

    // MARK: One exercise

    /// The page lists each session's sets as a strip, which `.totals` sets carry;
    /// the API answers with whole sets.
    func exercise(id: UUID, user: User, range: ProgressRange, sets: SetDetail) async throws -> ExerciseProgressReport {
        guard let exercise = try await services.exercises.find(id: id, userID: user.id) else { throw SpotterError.notFound("The exercise") }
        let now = services.clock()
        let zone = user.settings.zone
        let unit = user.settings.unit
        let start = range.start(now: now, timeZone: zone)
        let trendStart = now.addingTimeInterval(-Double(Trend.defaultWindowDays) * 86_400)
        let sessions = try await services.progress.sessions(userID: user.id, exerciseID: id, since: start.map { min($0, trendStart) }, sets: sets)
        let bests = try await services.progress.bests(userID: user.id, exerciseIDs: [id])[id]
        let trend = Trend.assess(SessionSummary.trendPoints(sessions.map(\.summary)), now: now)
        return ExerciseProgressReport(
            exercise: exercise, unit: unit, range: range, trend: trend.trend, weeklyChangePercent: trend.weeklyChange.map { tenth($0 * 100) },
            records: bests.map { bests in
                ExerciseProgressReport.Records(
                    heaviest: round(bests.heaviest, unit), e1RM: round(bests.e1RM, unit), setVolume: round(bests.setVolume, unit),
                    sessionVolume: round(bests.sessionVolume, unit),
                    repMaxes: OneRepMax.repsCounted.compactMap { reps in bests.weightForReps[reps].map { (reps, round($0, unit)) } })
            },
            sessions: sessions.filter { start == nil || $0.summary.startedAt >= start! }.reversed().map { session in
                ExerciseProgressReport.Session(
                    workoutID: session.summary.workoutID, workoutName: session.workoutName, startedAt: session.summary.startedAt,
                    topWeight: session.summary.topWeight.map { round($0, unit) }, e1RM: session.summary.bestE1RM.map { round($0, unit) },
                    volume: round(session.summary.volume, unit), sets: session.sets, records: session.records)
            })
    }

    // MARK: Stats

    func stats(user: User, range: ProgressRange, workoutTypeID: UUID?) async throws -> StatsReport {
        if let workoutTypeID, try await services.workoutTypes.find(id: workoutTypeID, userID: user.id) == nil {
            throw SpotterError.notFound("The workout type")
        }
        let now = services.clock()
        let zone = user.settings.zone
        let unit = user.settings.unit
        let start = range.start(now: now, timeZone: zone)
        let workouts = try await services.workouts.totals(
            userID: user.id, filter: HistoryFilter(workoutTypeID: workoutTypeID, from: start, limit: 100_000))
        let exercises = try await services.exercises.exercises(ids: Set(workouts.flatMap(\.exercises.keys)), userID: user.id)
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
