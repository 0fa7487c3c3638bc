import Foundation
import SpotterCore

/// The progress reports: Home's dashboard, one exercise's progress and the
/// statistics of a range, worked out from the store's bounded reads and the Core
/// rules. The API writes them as JSON and the pages draw them; both ask here.
public struct ProgressService: Sendable {
    let store: SpotterStore
    let clock: @Sendable () -> Date

    public init(store: SpotterStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    var workouts: WorkoutRepository { WorkoutRepository(store: store) }
    var progress: ProgressRepository { ProgressRepository(store: store) }
    var exercises: ExerciseRepository { ExerciseRepository(store: store) }
    var workoutTypes: WorkoutTypeRepository { WorkoutTypeRepository(store: store) }

    func round(_ kilograms: Double, _ unit: MassUnit) -> Double {
        (Mass(kilograms, .kg).converted(to: unit) * 10).rounded() / 10
    }

    /// A sum to a tenth, for showing. The same sets added in another order (the
    /// database adds the stats' year of them, Home adds weeks of them in Swift, and
    /// dictionaries have no order) differ in their last bits, so a sum that lands on
    /// a twentieth (384.35) could round either way; snapped to a millionth first,
    /// it rounds alike however it was added.
    func tenth(_ value: Double) -> Double { ((value * 1_000_000).rounded() / 100_000).rounded() / 10 }

    // MARK: Dashboard

    /// Home's dashboard: the last workout, this week and the four before, the strongest
    /// lifts, the main lifts' trends and the records set lately.
    public func dashboard(user: User) async throws -> DashboardReport {
        let now = clock()
        let zone = user.settings.zone
        let unit = user.settings.unit
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = zone
        let thisWeek = WeekGrouping.weekStart(of: now, timeZone: zone)
        let fourBack = calendar.date(byAdding: .weekOfYear, value: -4, to: thisWeek)!
        let trendStart = now.addingTimeInterval(-Double(Trend.defaultWindowDays) * 86_400)
        // Bounded by dates, not by the length of the history.
        let recent = try await workouts.history(
            userID: user.id, filter: HistoryFilter(from: min(fourBack, trendStart), limit: 10_000), sets: .totals)
        var last = recent.first
        if last == nil {
            last = try await workouts.history(userID: user.id, filter: HistoryFilter(limit: 1), sets: .totals).first
        }
        let strongest = try await progress.strongest(userID: user.id, limit: 5)
        var ids = Set(recent.flatMap { $0.entries.map(\.exerciseID) }).union(strongest.map(\.exerciseID))
        if let last { ids.formUnion(last.entries.map(\.exerciseID)) }
        let exercises = try await exercises.exercises(ids: ids, userID: user.id)
        let kinds = exercises.mapValues(\.kind)
        let weeks = try await progress.weeks(userID: user.id, now: now, timeZone: zone)

        let weekly = TrainingCalendar.weekly(
            recent, date: \.startedAt, value: { Volume.of($0, kinds: kinds, in: unit).load }, from: fourBack, to: now,
            timeZone: zone)
        let counts = TrainingCalendar.weekly(
            recent, date: \.startedAt, value: { _ in 1 }, from: fourBack, to: now, timeZone: zone)
        let previous = weekly.dropLast().map(\.value)
        let average = previous.reduce(0, +) / Double(max(previous.count, 1))

        var sessions: [UUID: [SessionSummary]] = [:]
        for workout in recent where workout.startedAt >= trendStart {
            var sets: [UUID: [WorkoutSet]] = [:]
            for entry in workout.entries { sets[entry.exerciseID, default: []].append(contentsOf: entry.sets) }
            for (exerciseID, list) in sets {
                sessions[exerciseID, default: []].append(
                    SessionSummary(.init(id: workout.id, startedAt: workout.startedAt, sets: list)))
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
            weeklyVolume: zip(weekly, counts).map {
                .init(weekStart: $0.start, volume: tenth($0.value), workouts: Int($1.value))
            },
            volumeVsAveragePercent: average > 0 ? tenth(weekly.last!.value / average * 100) : nil,
            bestLifts: strongest.map {
                .init(
                    exerciseID: $0.exerciseID, exerciseName: exercises[$0.exerciseID]?.name ?? "Unknown exercise",
                    e1RM: round($0.bests.e1RM, unit), heaviest: round($0.bests.heaviest, unit))
            },
            trends: trends,
            recentRecords: Self.recentRecords(in: recent, names: exercises, unit: unit, limit: 4))
    }

    /// The record sets of `workouts` (newest first), the best of each exercise's
    /// newest session only (most kinds, then heaviest), at most `limit`.
    static func recentRecords(in workouts: [Workout], names: [UUID: Exercise], unit: MassUnit, limit: Int) -> [DashboardReport
        .RecentRecord]
    {
        var seen = Set<UUID>()
        var rows: [DashboardReport.RecentRecord] = []
        for workout in workouts.sorted(by: { $0.startedAt > $1.startedAt }) {
            for entry in workout.entries where !seen.contains(entry.exerciseID) {
                let marked = entry.sets.compactMap { set in entry.records.sets[set.id].flatMap { $0.isEmpty ? nil : (set, $0) } }
                guard
                    let (set, kinds) = marked.max(by: { a, b in
                        a.1.count != b.1.count
                            ? a.1.count < b.1.count
                            : (a.0.weight?.converted(to: unit) ?? 0) < (b.0.weight?.converted(to: unit) ?? 0)
                    })
                else { continue }
                seen.insert(entry.exerciseID)
                let exercise = names[entry.exerciseID]
                rows.append(
                    .init(
                        exerciseID: entry.exerciseID, exerciseName: exercise?.name ?? "Unknown exercise", workoutID: workout.id,
                        startedAt: workout.startedAt,
                        set: SetStrip.label(for: set, kind: exercise?.kind ?? .weightReps, unit: unit),
                        kinds: PersonalRecords.Kind.allCases.filter(kinds.contains)))
                if rows.count == limit { return rows }
            }
        }
        return rows
    }
}
