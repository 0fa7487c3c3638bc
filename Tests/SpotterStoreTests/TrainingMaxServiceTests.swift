import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Training maxes in the store: set, listed with their history, offered from the
/// last 8 weeks of sessions, kept to their owner, and refused when wrong.
@Suite("Training max service")
struct TrainingMaxServiceTests {
    static func service(_ w: ProgramWorld) -> TrainingMaxService {
        TrainingMaxService(store: w.store, clock: { [clock = w.clock] in clock.date })
    }

    /// A finished squat session of Ana's `daysAgo` days before the clock: one set.
    static func squat(_ w: ProgramWorld, daysAgo: Double, kg: Double, reps: Int) async throws {
        let at = w.clock.date.addingTimeInterval(-daysAgo * 86_400)
        let workouts = WorkoutService.at(at, in: w.store)
        let workout = try await workouts.start(.init(id: UUID(), name: "Squats", workoutTypeID: nil), user: w.ana)
        let entry = UUID()
        _ = try await workouts.putEntry(
            workoutID: workout.id, entryID: entry, change: EntryChange(exerciseID: w.squat), user: w.ana)
        _ = try await workouts.putSet(
            SetWrite(
                workoutID: workout.id, entryID: entry, setID: UUID(),
                draft: SetDraft(reps: reps, weight: kg, rpe: 8, done: true), changedAt: at), user: w.ana)
        _ = try await WorkoutService.at(at.addingTimeInterval(3_600), in: w.store).finish(workout.id, user: w.ana)
    }

    @Test(
        "the offer is 90% of the best e1RM of the last 8 weeks, rounded down; older sessions do not count",
        arguments: TestDatabase.all)
    func offer(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let service = Self.service(w)
            #expect(try await service.lift(w.squat, user: w.ana).offer == nil, "no sessions, no offer")
            // 70 days ago: 150 x 3 (e1RM 165) is past the 8 weeks.
            try await Self.squat(w, daysAgo: 70, kg: 150, reps: 3)
            // 20 days ago: 120 x 5 = 140 e1RM; 6 days ago: 125 x 3 = 137.5.
            try await Self.squat(w, daysAgo: 20, kg: 120, reps: 5)
            try await Self.squat(w, daysAgo: 6, kg: 125, reps: 3)
            let lift = try await service.lift(w.squat, user: w.ana)
            let offer = try #require(lift.offer)
            #expect(offer.bestE1RM == Mass(140, .kg))
            #expect(offer.weight == Mass(125, .kg), "0.9 x 140 = 126 -> 125 on 2.5 kg steps")
            #expect(
                offer.bestDay
                    == CalendarDay.string(of: w.clock.date.addingTimeInterval(-20 * 86_400), timeZone: w.ana.settings.zone))
            #expect(lift.current == nil)
            #expect(lift.history.isEmpty)
        }
    }

    @Test(
        "each max is kept; the newest day is in force, a back-dated one joins the history beneath it, deleting brings the one before back",
        arguments: TestDatabase.all)
    func history(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let service = Self.service(w)
            let today = CalendarDay.string(of: w.clock.date, timeZone: w.ana.settings.zone)
            let first = try await service.set(w.squat, draft: TrainingMaxDraft(weight: 125, source: "estimated"), user: w.ana)
            #expect(first.day == today)
            #expect(first.source == .estimated)
            w.clock.advance(days: 28)
            let second = try await service.set(w.squat, draft: TrainingMaxDraft(weight: 130), user: w.ana)
            let older = try await service.set(w.squat, draft: TrainingMaxDraft(weight: 120, day: "2026-01-05"), user: w.ana)
            _ = try await service.set(w.press, draft: TrainingMaxDraft(weight: 135, weightUnit: "lb"), user: w.ana)

            let lift = try await service.lift(w.squat, user: w.ana)
            #expect(lift.current == second)
            #expect(lift.history.map(\.weight) == [Mass(130, .kg), Mass(125, .kg), Mass(120, .kg)])
            #expect(Set(try await service.current(user: w.ana).map(\.weight)) == [Mass(130, .kg), Mass(135, .lb)])
            #expect(try await service.current(of: [w.squat], user: w.ana) == [w.squat: second])

            try await service.delete(second.id, user: w.ana)
            #expect(try await service.lift(w.squat, user: w.ana).current == first)
            try await service.delete(first.id, user: w.ana)
            #expect(try await service.lift(w.squat, user: w.ana).current == older)
        }
    }

    @Test(
        "a bad max, a timed lift or a missing lift is refused with what to fix, and nothing is stored",
        arguments: TestDatabase.all)
    func refusals(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let service = Self.service(w)
            await #expect(
                throws: SpotterError.invalid(
                    ValidationFailure(field: "weight", message: "The training max must be from 1 to 600 kg."))
            ) {
                try await service.set(w.squat, draft: TrainingMaxDraft(weight: 0), user: w.ana)
            }
            let plank = try await ExerciseService.stopped(at: now, store: w.store).create(
                draft: ExerciseDraft(name: "Long Plank", muscleGroups: [.core], equipment: .bodyweight, kind: .duration),
                userID: w.ana.id)
            await #expect(
                throws: SpotterError.invalid(
                    ValidationFailure(
                        field: "exerciseId",
                        message: "Long Plank is measured as duration; training maxes are for weight × reps lifts."))
            ) {
                try await service.set(plank.id, draft: TrainingMaxDraft(weight: 100), user: w.ana)
            }
            await #expect(throws: SpotterError.notFound("The exercise")) {
                try await service.set(UUID(), draft: TrainingMaxDraft(weight: 100), user: w.ana)
            }
            await #expect(throws: SpotterError.notFound("The training max")) { try await service.delete(UUID(), user: w.ana) }
            #expect(try await w.count("training_maxes") == 0)
        }
    }

    @Test(
        "another lifter never reads, sets or deletes Ana's lift's maxes; her custom lift is missing to them",
        arguments: TestDatabase.all)
    func ownership(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let service = Self.service(w)
            let max = try await service.set(w.squat, draft: TrainingMaxDraft(weight: 125), user: w.ana)
            await #expect(throws: SpotterError.notFound("The exercise")) { try await service.lift(w.squat, user: w.ben) }
            await #expect(throws: SpotterError.notFound("The exercise")) {
                try await service.set(w.squat, draft: TrainingMaxDraft(weight: 200), user: w.ben)
            }
            await #expect(throws: SpotterError.notFound("The training max")) { try await service.find(max.id, user: w.ben) }
            await #expect(throws: SpotterError.notFound("The training max")) { try await service.delete(max.id, user: w.ben) }
            #expect(try await service.current(user: w.ben).isEmpty)
            #expect(try await service.lift(w.squat, user: w.ana).history == [max], "Ana's max is untouched")
        }
    }

    @Test(
        "deleting a lift that only training maxes use archives it, so the maxes stay; the page says what uses it",
        arguments: TestDatabase.all)
    func deleteKeepsMaxes(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let service = Self.service(w)
            let exercises = ExerciseService.stopped(at: now, store: w.store)
            let lift = try await exercises.create(draft: benchDraft("Pin Squat"), userID: w.ana.id)
            _ = try await service.set(lift.id, draft: TrainingMaxDraft(weight: 100), user: w.ana)
            _ = try await service.set(lift.id, draft: TrainingMaxDraft(weight: 95, day: "2026-01-05"), user: w.ana)
            let deletion = try await exercises.delete(lift.id, userID: w.ana.id)
            guard case .archived(let archived, let usage) = deletion else {
                Issue.record("deleted: \(deletion)")
                return
            }
            #expect(archived.archived)
            #expect(usage.description == "2 training maxes")
            #expect(try await service.lift(lift.id, user: w.ana).history.count == 2)
            #expect(
                ExerciseUsage(workouts: 3, templates: 1, trainingMaxes: 2).description
                    == "3 workouts, 1 template and 2 training maxes")
        }
    }

    @Test("merging a lift into another moves its training maxes with its history", arguments: TestDatabase.all)
    func merge(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let service = Self.service(w)
            let max = try await service.set(w.squat, draft: TrainingMaxDraft(weight: 125), user: w.ana)
            _ = try await ExerciseMergeService(store: w.store).merge(w.squat, into: w.press, userID: w.ana.id, now: now)
            #expect(try await service.lift(w.press, user: w.ana).current?.id == max.id)
        }
    }
}
