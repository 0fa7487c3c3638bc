import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Keeping one's place in a program: pausing, stopping and resuming, and starting
/// over on the day of a session. Ana's 4-week program has Monday (Heavy Day) and
/// Thursday (Light Day); the clock starts on Monday 2026-09-21 in her zone.
@Suite("Program place: pause, resume, start over")
struct ProgramPlaceTests {
    /// Starts today's program day at the clock's time and finishes it an hour later.
    static func doToday(_ w: ProgramWorld) async throws {
        let id = UUID()
        _ = try await w.service.startToday(workoutID: id, replaceActive: false, user: w.ana)
        _ = try await WorkoutService.at(w.clock.date.addingTimeInterval(3_600), in: w.store).finish(id, user: w.ana)
    }

    @Test(
        "paused on Wednesday for 14 days: nothing falls due or late, resuming on Wednesday leaves Thursday's day on time",
        arguments: TestDatabase.all)
    func pauseAndResume(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            let (monday1, thursday1) = (program.weeks[0].days[0], program.weeks[0].days[1])
            _ = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            try await Self.doToday(w)
            w.clock.advance(days: 2)
            let paused = try await w.service.pause(user: w.ana)
            #expect(paused.progress.today == .paused(since: "2026-09-23", week: 1, next: thursday1))
            #expect(paused.active.pause == ProgramPause(days: 0, since: "2026-09-23"))

            let rows = try await w.programRows()
            let name = "Strength Block"
            await #expect(throws: SpotterError.conflict(field: nil, message: "\(name) is paused already, since 2026-09-23.")) {
                try await w.service.pause(user: w.ana)
            }
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "\(name) is paused since 2026-09-23. Resume it to start its next session.")
            ) {
                try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: w.ana)
            }
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "\(name) is paused since 2026-09-23. Resume it to skip a week.")
            ) {
                try await w.service.skipWeek(user: w.ana)
            }
            #expect(try await w.programRows() == rows, "refusals store nothing")
            #expect(try await w.count("workouts") == 1)

            // Two weeks on (Wednesday 10-07): still paused, nothing missed, not behind.
            w.clock.advance(days: 14)
            let away = try #require(try await w.service.status(user: w.ana))
            #expect(away.progress.today == .paused(since: "2026-09-23", week: 1, next: thursday1))
            #expect(away.progress.weeksBehind == 0)
            #expect(away.progress.adherence == 1)

            let resumed = try await w.service.unpause(user: w.ana)
            #expect(resumed.active.pause == ProgramPause(days: 14))
            #expect(resumed.progress.today == .rest(week: 1, next: thursday1, reason: .scheduled))
            await #expect(throws: SpotterError.conflict(field: nil, message: "\(name) is not paused: it is running.")) {
                try await w.service.unpause(user: w.ana)
            }
            w.clock.advance(days: 1)
            let thursday = try #require(try await w.service.status(user: w.ana))
            #expect(thursday.progress.today == .train(week: 1, day: thursday1, late: false))
            #expect(thursday.progress.adherence == 1)
            #expect(thursday.progress.weeks[0].days.map(\.day.id) == [monday1.id, thursday1.id])
        }
    }

    @Test(
        "activating another program keeps this one's place; activating it again resumes there, the time away paused; start over is asked for",
        arguments: TestDatabase.all)
    func stopAndResume(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let a = try await w.create("Program A")
            let b = try await w.create("Program B")
            let c = try await w.create("Program C")
            _ = try await w.service.activate(a.id, startDay: nil, user: w.ana)
            try await Self.doToday(w)
            #expect(try await w.service.resumePoint(of: a, user: w.ana) == nil, "the active program has no stop")

            // Thursday: Ana tries Program B. A keeps its place.
            w.clock.advance(days: 3)
            _ = try await w.service.activate(b.id, startDay: nil, user: w.ana)
            #expect(try await w.count("program_stops") == 1)
            let point = try #require(try await w.service.resumePoint(of: a, user: w.ana))
            #expect(point.currentWeek == 1 && point.sessionsDone == 1)
            #expect(point.today == .train(week: 1, day: a.weeks[0].days[1], late: false))

            // A week later she comes back to A: resumed by default, not restarted.
            w.clock.advance(days: 7)
            let back = try await w.service.activate(a.id, startDay: nil, user: w.ana)
            #expect(back.program.id == a.id)
            #expect(back.active.startDay == "2026-09-21")
            #expect(back.active.activatedAt == now)
            #expect(back.active.pause == ProgramPause(days: 7))
            #expect(back.progress.sessionsDone == 1)
            #expect(back.progress.today == .train(week: 1, day: a.weeks[0].days[1], late: false), "Thursday's day, on time")
            #expect(try await w.count("program_stops") == 1, "A's stop is spent, B's kept")

            // B again, but over from week 1.
            let over = try await w.service.activate(b.id, startDay: nil, resume: false, user: w.ana)
            #expect(over.active.startDay == "2026-10-01")
            #expect(over.active.pause == ProgramPause())
            #expect(try await w.service.resumePoint(of: a, user: w.ana)?.sessionsDone == 1)

            let rows = try await w.programRows()
            let stops = try await w.count("program_stops")
            await #expect(
                throws: SpotterError.invalid(
                    field: "resume", "Send startDay to start over, or resume to pick up where you left off, not both.")
            ) {
                try await w.service.activate(a.id, startDay: "2026-10-05", resume: true, user: w.ana)
            }
            await #expect(
                throws: SpotterError.conflict(
                    field: "resume",
                    message:
                        "You have not followed Program C before: there is no place to resume. Activate it to start at week 1.")
            ) {
                try await w.service.activate(c.id, startDay: nil, resume: true, user: w.ana)
            }
            #expect(try await w.programRows() == rows, "refusals store nothing")
            #expect(try await w.count("program_stops") == stops)
            // Resuming the active program answers its status as it is.
            #expect(try await w.service.activate(b.id, startDay: nil, resume: true, user: w.ana).active == over.active)

            // Deactivating keeps the place too, paused days and all.
            try await w.service.deactivate(user: w.ana)
            #expect(try await w.service.resumePoint(of: b, user: w.ana)?.currentWeek == 1)
        }
    }

    @Test(
        "started over on the day of a session: that session stays with the old run, today's day is due again, no PRs carried",
        arguments: TestDatabase.all)
    func startOverSameDay(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            try await w.squatHistory(daysAgo: 7)
            let program = try await w.create()
            _ = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            try await Self.doToday(w)
            let done = try #require(try await w.service.status(user: w.ana))
            #expect(done.progress.sessionsDone == 1)

            w.clock.advance(days: 1.0 / 12)
            let again = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            #expect(again.progress.sessionsDone == 0)
            #expect(again.progress.today == .train(week: 1, day: program.weeks[0].days[0], late: false))
            #expect(try await w.service.recordCount(again, user: w.ana) == 0)
            #expect(try await w.count("program_stops") == 0, "restarting the active program keeps no stop")
        }
    }

    @Test(
        "today's template started from Templates or Home counts as today's session, with the program's weights; another template, or a tweaked one, does not",
        arguments: TestDatabase.all)
    func templateStartedAnywhere(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            try await w.squatHistory(daysAgo: 7)
            let program = try await w.create()
            let monday1 = program.weeks[0].days[0]
            _ = try await w.service.activate(program.id, startDay: nil, user: w.ana)

            // Monday: the Light Day is not today's day, so it starts as a plain template workout.
            let light = try await w.templates.start(w.light.id, workoutID: UUID(), today: nil, replaceActive: false, user: w.ana)
            #expect(light.program == nil)
            #expect(light.templateID == w.light.id)
            // A tweaked Heavy Day is the lifter's own plan for today: not the program's.
            let tweak = [TemplateDraft.ExerciseDraft(exerciseID: w.squat, setCount: 2, repMin: 3, repMax: 3)]
            let tweaked = try await w.templates.start(
                w.heavy.id, workoutID: UUID(), today: tweak, replaceActive: true, user: w.ana)
            #expect(tweaked.program == nil)

            // The Heavy Day as it is, from the Templates tab: today's program day.
            let id = UUID()
            let heavy = try await w.templates.start(w.heavy.id, workoutID: id, today: nil, replaceActive: true, user: w.ana)
            #expect(heavy.program == ProgramLink(programID: program.id, week: 1, dayID: monday1.id))
            #expect(heavy.entries.first?.suggestion == "Last time 100 kg at RPE 8 · +2.5% · week ×1.05 = 107.5 kg")
            #expect(
                try await w.templates.start(w.heavy.id, workoutID: id, today: nil, replaceActive: false, user: w.ana).id == id)
            _ = try await WorkoutService.at(w.clock.date.addingTimeInterval(3_600), in: w.store).finish(id, user: w.ana)
            let after = try #require(try await w.service.status(user: w.ana))
            #expect(after.progress.sessionsDone == 1)
            #expect(after.progress.today == .rest(week: 1, next: program.weeks[0].days[1], reason: .doneToday))

            // Done for today: the Heavy Day again is an extra workout, not the program's.
            let extra = try await w.templates.start(w.heavy.id, workoutID: UUID(), today: nil, replaceActive: false, user: w.ana)
            #expect(extra.program == nil)
        }
    }

    /// Week ×1.05, ×1.075, ×1.1, ×1.125. Squat: 100 kg x 5 at RPE 8 a week ago, so
    /// week 1 is 100 × 1.025 × 1.05 = 107.6 → 107.5; week 2 107.5 × 1.025 × 1.075/1.05
    /// = 112.8 → 112.5; week 3 112.5 × 1.025 × 1.1/1.075 = 118.0 → 117.5; week 4 117.5 ×
    /// 1.025 × 1.125/1.1 = 123.2 → 122.5. Press: the template's 60 kg × 1.05 = 63 → 62.5;
    /// then 62.5 × 1.025 × 1.075/1.05 = 65.6 → 65, but up means at least one 2.5 kg
    /// step above the week's own 62.5 × 1.075/1.05 = 64 → 65: 67.5.
    @Test(
        "what a program will ask: the top set of each week from the lifter's own history, as the table",
        arguments: TestDatabase.all)
    func projection(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            try await w.squatHistory(daysAgo: 7)
            let program = try await w.create()
            let (projection, names) = try await w.service.projection(of: program, user: w.ana)
            let lifts = projection.lifts()
            #expect(lifts.map(\.exerciseID) == [w.squat, w.press])
            #expect(lifts[0].topSets == [107.5, 112.5, 117.5, 122.5])
            #expect(lifts[1].topSets.prefix(2) == [62.5, 67.5])
            #expect(names == [w.squat: "Safety Bar Squat", w.press: "Landmine Press"])
            // Played for Ben, Ana's templates and squats are not his: nothing to show.
            let bens = try await w.service.projection(of: program, user: w.ben)
            #expect(bens.projection.sessions.isEmpty && bens.names.isEmpty)
        }
    }
}
