import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Ana and Ben on a fresh store, Ana with two exercises of her own and two templates
/// ("Heavy Day": 3 x 5 squat, no weight; "Light Day": 2 x 8-12 press at 60 kg), and
/// the program service on a clock the test moves.
struct ProgramWorld: Sendable {
    let store: SpotterStore
    let clock: StoreTestClock
    let ana: User
    let ben: User
    let squat: UUID
    let press: UUID
    let heavy: WorkoutTemplate
    let light: WorkoutTemplate

    var service: ProgramService { ProgramService(store: store, clock: { [clock] in clock.date }) }
    var templates: TemplateService { TemplateService(store: store, clock: { [clock] in clock.date }) }
    var workouts: WorkoutRepository { WorkoutRepository(store: store) }

    func count(_ table: String) async throws -> Int { try await TestEnvironment.count(table, in: store) }

    /// Rows of every program table, to prove a refused call stored nothing.
    func programRows() async throws -> [Int] {
        var counts: [Int] = []
        for table in ["programs", "program_weeks", "program_days", "active_programs", "program_skips"] {
            counts.append(try await count(table))
        }
        return counts
    }

    /// Monday: the heavy day at RPE 8 with notes; Thursday: the light day.
    static func schedule(_ heavy: UUID, _ light: UUID) -> [ProgramDraft.DayDraft] {
        [
            ProgramDraft.DayDraft(weekday: "thursday", templateID: light),
            ProgramDraft.DayDraft(weekday: "Monday", templateID: heavy, notes: "  Heavy singles first ", suggestedRPE: 8),
            ProgramDraft.DayDraft(weekday: "wednesday", templateID: nil),
        ]
    }

    /// A 4-week linear program from 105% by 2.5% a week: weeks at 1.05, 1.075, 1.1, 1.125.
    func draft(_ name: String = "Strength Block", weeks: Int = 4) -> ProgramDraft {
        ProgramDraft(
            name: name, summary: " Four weeks, two days. ", category: "strength", difficulty: "intermediate", weekCount: weeks,
            pattern: "linear", baseIntensity: 1.05, weeklyIncrement: 0.025, schedule: Self.schedule(heavy.id, light.id))
    }

    @discardableResult
    func create(_ name: String = "Strength Block", weeks: Int = 4, id: UUID = UUID(), user: User? = nil) async throws
        -> TrainingProgram
    {
        try await service.create(id: id, draft: draft(name, weeks: weeks), user: user ?? ana)
    }

    /// A finished workout of Ana's `daysAgo` days before now: one squat set of 5 x 100 kg at RPE 8.
    func squatHistory(daysAgo: Double) async throws {
        let at = now.addingTimeInterval(-daysAgo * 86_400)
        let workout = try await WorkoutService.at(at, in: store).start(
            .init(id: UUID(), name: "Before the program", workoutTypeID: nil), user: ana)
        let entry = UUID()
        _ = try await WorkoutService.at(at, in: store).putEntry(
            workoutID: workout.id, entryID: entry, change: EntryChange(exerciseID: squat), user: ana)
        _ = try await WorkoutService.at(at, in: store).putSet(
            SetWrite(
                workoutID: workout.id, entryID: entry, setID: UUID(), draft: SetDraft(reps: 5, weight: 100, rpe: 8, done: true),
                changedAt: at), user: ana)
        _ = try await WorkoutService.at(at.addingTimeInterval(3_600), in: store).finish(workout.id, user: ana)
    }
}

func withPrograms(_ engine: TestDatabase, _ body: @escaping @Sendable (ProgramWorld) async throws -> Void) async throws {
    try await TestEnvironment.with(engine) { env in
        try await env.withStore { store in
            let ana = try await makeUser("ana", in: store)
            let ben = try await makeUser("ben", in: store)
            let exercises = ExerciseService.stopped(at: now, store: store)
            let squat = try await exercises.create(draft: benchDraft("Safety Bar Squat"), userID: ana.id).id
            let press = try await exercises.create(draft: benchDraft("Landmine Press"), userID: ana.id).id
            let clock = StoreTestClock()
            let templates = TemplateService(store: store, clock: { [clock] in clock.date })
            let heavy = try await templates.create(
                id: UUID(),
                draft: TemplateDraft(name: "Heavy Day", exercises: [.init(exerciseID: squat, setCount: 3, repMin: 5, repMax: 5)]),
                user: ana)
            let light = try await templates.create(
                id: UUID(),
                draft: TemplateDraft(
                    name: "Light Day", exercises: [.init(exerciseID: press, setCount: 2, targetWeight: 60, weightUnit: "kg")]),
                user: ana)
            try await body(
                ProgramWorld(
                    store: store, clock: clock, ana: ana, ben: ben, squat: squat, press: press, heavy: heavy, light: light))
        }
    }
}

@Suite("Program service")
struct ProgramServiceTests {
    // MARK: Creating and reading

    @Test(
        "a program is created from the draft, reads back the same, and is listed by name for its owner only",
        arguments: TestDatabase.all)
    func createFindList(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let id = UUID()
            let program = try await w.create(id: id)
            #expect(program.id == id)
            #expect(program.ownerID == w.ana.id)
            #expect(program.name == "Strength Block")
            #expect(program.summary == "Four weeks, two days.", "trimmed")
            #expect(program.category == .strength)
            #expect(program.difficulty == .intermediate)
            #expect(program.pattern == .linear)
            #expect(program.baseIntensity == 1.05)
            #expect(program.weeklyIncrement == 0.025)
            #expect(program.archivedAt == nil)
            #expect(program.createdAt == now)
            #expect(program.updatedAt == now)
            #expect(program.weeks.map(\.number) == [1, 2, 3, 4])
            #expect(program.weeks.map(\.modifier) == [1.05, 1.075, 1.1, 1.125], "linear: 105% plus 2.5% a week")
            #expect(program.weeks.allSatisfy { !$0.isDeload && $0.phase == nil })
            for week in program.weeks {
                #expect(week.days.map(\.weekday) == [.monday, .thursday], "rest days are not stored; weekday order")
                #expect(week.days.map(\.templateID) == [w.heavy.id, w.light.id])
                #expect(week.days.map(\.notes) == ["Heavy singles first", ""])
                #expect(week.days.map(\.suggestedRPE) == [8, nil])
            }
            let dayIDs = program.weeks.flatMap(\.days).map(\.id)
            #expect(Set(dayIDs).count == 8, "every day of every week has its own id")
            #expect(program.templateIDs == [w.heavy.id, w.light.id])
            #expect(program.sessionCount == 8)
            #expect(program.daysPerWeek == 2)

            #expect(try await w.service.find(id, user: w.ana) == program)
            let accessory = try await w.create("Accessory Work", weeks: 1)
            #expect(try await w.service.list(user: w.ana).map(\.name) == ["Accessory Work", "Strength Block"])
            #expect(try await w.service.list(user: w.ana).first == accessory)
            #expect(try await w.service.list(user: w.ben).isEmpty)
            #expect(try await w.programRows() == [2, 5, 10, 0, 0])

            // A retry of the create with the same id answers the stored program and adds nothing.
            w.clock.advance(days: 1)
            #expect(try await w.service.create(id: id, draft: w.draft(), user: w.ana) == program)
            #expect(try await w.programRows() == [2, 5, 10, 0, 0])
        }
    }

    @Test(
        "a program left with defaults gets 4 weeks of general fitness for beginners at a constant 100%",
        arguments: TestDatabase.all)
    func defaults(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let draft = ProgramDraft(name: "Simple", schedule: [.init(weekday: "friday", templateID: w.heavy.id)])
            let program = try await w.service.create(id: UUID(), draft: draft, user: w.ana)
            #expect(program.category == .generalFitness)
            #expect(program.difficulty == .beginner)
            #expect(program.pattern == .constant)
            #expect(program.weeks.map(\.modifier) == [1, 1, 1, 1])
            #expect(program.weeks.map { $0.days.map(\.weekday) } == Array(repeating: [.friday], count: 4))
        }
    }

    // MARK: Validation

    /// One bad field of a new program, and what the service must answer.
    struct BadDraft: Sendable {
        let what: String
        let field: String
        let message: String
        let change: @Sendable (inout ProgramDraft, ProgramWorld) -> Void
    }

    static let badDrafts: [BadDraft] = [
        BadDraft(what: "no name", field: "name", message: "Give the program a name.") { d, _ in d.name = "   " },
        BadDraft(what: "a long name", field: "name", message: "The name is too long: at most 80 characters.") { d, _ in
            d.name = String(repeating: "n", count: 81)
        },
        BadDraft(
            what: "a control character in the name", field: "name",
            message: PlainText.issue(field: "name", in: "Block\u{7}")!.message
        ) { d, _ in
            d.name = "Block\u{7}"
        },
        BadDraft(
            what: "a long description", field: "description", message: "The description is too long: at most 500 characters."
        ) { d, _ in
            d.summary = String(repeating: "d", count: 501)
        },
        BadDraft(
            what: "an unknown category", field: "category",
            message: "Choose a category: beginner, strength, hypertrophy, powerlifting, bodybuilding, crossfit, general-fitness."
        ) { d, _ in d.category = "yoga" },
        BadDraft(what: "an unknown difficulty", field: "difficulty", message: "Choose beginner, intermediate or advanced.") {
            d, _ in
            d.difficulty = "expert"
        },
        BadDraft(what: "0 weeks", field: "weeks", message: "A program lasts 1 to 52 weeks.") { d, _ in d.weekCount = 0 },
        BadDraft(what: "53 weeks", field: "weeks", message: "A program lasts 1 to 52 weeks.") { d, _ in d.weekCount = 53 },
        BadDraft(
            what: "an unknown pattern", field: "pattern",
            message: "Choose a progression: constant, linear, wave, three-up-one-deload, block."
        ) { d, _ in d.pattern = "zigzag" },
        BadDraft(
            what: "a base intensity of 49%", field: "baseIntensity", message: "The base intensity must be between 50% and 150%."
        ) { d, _ in
            d.baseIntensity = 0.49
        },
        BadDraft(
            what: "a base intensity of 151%", field: "baseIntensity", message: "The base intensity must be between 50% and 150%."
        ) { d, _ in
            d.baseIntensity = 1.51
        },
        BadDraft(
            what: "an increment of 11%", field: "weeklyIncrement", message: "The weekly increment must be between 0% and 10%."
        ) { d, _ in
            d.weeklyIncrement = 0.11
        },
        BadDraft(
            what: "a negative increment", field: "weeklyIncrement", message: "The weekly increment must be between 0% and 10%."
        ) { d, _ in
            d.weeklyIncrement = -0.01
        },
        BadDraft(what: "an empty schedule", field: "schedule", message: "Pick a template for at least one day of the week.") {
            d, _ in
            d.schedule = []
        },
        BadDraft(what: "no schedule", field: "schedule", message: "Pick a template for at least one day of the week.") { d, _ in
            d.schedule = nil
        },
        BadDraft(what: "only rest days", field: "schedule", message: "Pick a template for at least one day of the week.") {
            d, _ in
            d.schedule = [.init(weekday: "monday", templateID: nil), .init(weekday: "sunday", templateID: nil)]
        },
        BadDraft(
            what: "a day that is no weekday", field: "schedule",
            message: "\"funday\" is not a day of the week: use monday to sunday."
        ) { d, w in
            d.schedule = [.init(weekday: "funday", templateID: w.heavy.id)]
        },
        BadDraft(
            what: "a weekday twice", field: "schedule.monday",
            message: "Monday is in the schedule twice; give each day one template."
        ) { d, w in
            d.schedule = [.init(weekday: "monday", templateID: w.heavy.id), .init(weekday: "MONDAY", templateID: w.light.id)]
        },
        BadDraft(
            what: "a template nobody has", field: "schedule.tuesday.templateId",
            message: "The template for Tuesday is not one of your templates."
        ) { d, _ in d.schedule = [.init(weekday: "tuesday", templateID: UUID())] },
        BadDraft(
            what: "long notes", field: "schedule.monday.notes",
            message: "The notes for Monday are too long: at most 500 characters."
        ) { d, w in d.schedule = [.init(weekday: "monday", templateID: w.heavy.id, notes: String(repeating: "x", count: 501))] },
        BadDraft(
            what: "an RPE between half steps", field: "schedule.monday.suggestedRPE",
            message: "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8)."
        ) { d, w in d.schedule = [.init(weekday: "monday", templateID: w.heavy.id, suggestedRPE: 7.3)] },
        BadDraft(
            what: "an RPE above 10", field: "schedule.monday.suggestedRPE",
            message: "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8)."
        ) { d, w in d.schedule = [.init(weekday: "monday", templateID: w.heavy.id, suggestedRPE: 10.5)] },
        BadDraft(
            what: "an RPE below 1", field: "schedule.monday.suggestedRPE",
            message: "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8)."
        ) { d, w in d.schedule = [.init(weekday: "monday", templateID: w.heavy.id, suggestedRPE: 0.5)] },
    ]

    @Test(
        "every bad field of a new program is refused on its field with its message, and nothing is stored",
        arguments: TestDatabase.all)
    func validation(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            for bad in Self.badDrafts {
                var draft = w.draft()
                bad.change(&draft, w)
                await #expect(throws: SpotterError.invalid(field: bad.field, bad.message), "\(bad.what)") {
                    try await w.service.create(id: UUID(), draft: draft, user: w.ana)
                }
                let rows = try await w.programRows()
                #expect(rows == [0, 0, 0, 0, 0], "\(bad.what): nothing stored")
            }
        }
    }

    @Test(
        "the same bad fields sent as an edit are refused alike and the stored program is unchanged", arguments: TestDatabase.all)
    func editValidation(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            let rows = try await w.programRows()
            w.clock.advance(days: 1)
            for bad in Self.badDrafts where bad.what != "no schedule" {
                var draft = ProgramDraft()
                bad.change(&draft, w)
                await #expect(throws: SpotterError.invalid(field: bad.field, bad.message), "\(bad.what)") {
                    try await w.service.save(id: program.id, draft: draft, user: w.ana)
                }
                #expect(try await w.service.find(program.id, user: w.ana) == program, "\(bad.what): unchanged")
            }
            #expect(try await w.programRows() == rows)
        }
    }

    @Test("an archived template cannot be a program day", arguments: TestDatabase.all)
    func archivedTemplate(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            _ = try await w.templates.change(w.light.id, archived: true, user: w.ana)
            await #expect(
                throws: SpotterError.invalid(
                    field: "schedule.thursday.templateId", "The template for Thursday is not one of your templates.")
            ) {
                try await w.create()
            }
            #expect(try await w.programRows() == [0, 0, 0, 0, 0])
        }
    }

    @Test("a name already taken, in any case or spacing, is a conflict on name and stores nothing", arguments: TestDatabase.all)
    func nameTaken(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            let other = try await w.create("Other")
            let rows = try await w.programRows()
            let taken = SpotterError.conflict(
                field: "name", message: "You already have a program called Strength Block. Choose another name.")
            await #expect(throws: taken) { try await w.create("  strength   BLOCK ") }
            #expect(try await w.programRows() == rows)
            await #expect(throws: taken) {
                try await w.service.save(id: other.id, draft: ProgramDraft(name: "STRENGTH block"), user: w.ana)
            }
            #expect(try await w.service.find(other.id, user: w.ana) == other)
            #expect(try await w.programRows() == rows)
            // Ben may use the name: names are per lifter.
            let bens = try await TemplateService(store: w.store, clock: { now }).create(
                id: UUID(), draft: TemplateDraft(name: "Ben's Day", exercises: []), user: w.ben)
            let draft = ProgramDraft(name: "Strength Block", schedule: [.init(weekday: "monday", templateID: bens.id)])
            #expect(try await w.service.create(id: UUID(), draft: draft, user: w.ben).name == "Strength Block")
            // Renaming a program to its own name in another case is no clash.
            #expect(
                try await w.service.save(id: program.id, draft: ProgramDraft(name: "STRENGTH BLOCK"), user: w.ana).name
                    == "STRENGTH BLOCK")
        }
    }

    // MARK: Editing

    @Test(
        "a week's phase, modifier and deload flag change alone; bad values and missing weeks change nothing",
        arguments: TestDatabase.all)
    func editWeek(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            w.clock.advance(days: 1)
            let edited = try await w.service.changeWeek(
                program.id, week: 2, change: ProgramWeekChange(phase: "Strength", modifier: 1.2344, isDeload: true), user: w.ana)
            #expect(edited.weeks[1].phase == .strength)
            #expect(edited.weeks[1].modifier == 1.234, "to a thousandth")
            #expect(edited.weeks[1].isDeload)
            #expect(edited.weeks[1].days == program.weeks[1].days, "its days stay, with their ids")
            #expect(edited.weeks[0] == program.weeks[0])
            #expect(edited.weeks[2...] == program.weeks[2...])
            #expect(edited.updatedAt == w.clock.date)
            #expect(try await w.service.find(program.id, user: w.ana) == edited)

            let cleared = try await w.service.changeWeek(program.id, week: 2, change: ProgramWeekChange(phase: ""), user: w.ana)
            #expect(cleared.weeks[1].phase == nil)
            #expect(cleared.weeks[1].isDeload, "the rest of the week stays")

            let stored = try await w.service.find(program.id, user: w.ana)
            await #expect(
                throws: SpotterError.invalid(
                    field: "phase", "Choose a phase: hypertrophy, strength, peaking, deload, testing, or none.")
            ) {
                try await w.service.changeWeek(
                    program.id, week: 1, change: ProgramWeekChange(phase: "bulking", modifier: 1), user: w.ana)
            }
            for modifier in [0.29, 2.01] {
                await #expect(
                    throws: SpotterError.invalid(
                        field: "modifier", "The intensity must be between 30% and 200% of the base weights.")
                ) {
                    try await w.service.changeWeek(
                        program.id, week: 1, change: ProgramWeekChange(modifier: modifier, isDeload: true), user: w.ana)
                }
            }
            for week in [0, 5, -1] {
                await #expect(throws: SpotterError.notFound("Week \(week) of Strength Block")) {
                    try await w.service.changeWeek(program.id, week: week, change: ProgramWeekChange(modifier: 1), user: w.ana)
                }
            }
            #expect(try await w.service.find(program.id, user: w.ana) == stored)
        }
    }

    @Test(
        "a day's template, notes and RPE change on that day of that week only; bad values change nothing",
        arguments: TestDatabase.all)
    func editDay(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            let monday3 = program.weeks[2].days[0]
            let edited = try await w.service.changeDay(
                program.id, day: monday3.id,
                change: ProgramDayChange(templateID: w.light.id, notes: "  Go light  ", suggestedRPE: .some(nil)),
                user: w.ana)
            let day = edited.weeks[2].days[0]
            #expect(day.id == monday3.id)
            #expect(day.weekday == .monday)
            #expect(day.templateID == w.light.id)
            #expect(day.notes == "Go light")
            #expect(day.suggestedRPE == nil)
            #expect(edited.weeks[2].days[1] == program.weeks[2].days[1])
            for index in [0, 1, 3] { #expect(edited.weeks[index] == program.weeks[index], "week \(index + 1) is untouched") }

            let rpe = try await w.service.changeDay(
                program.id, day: monday3.id, change: ProgramDayChange(suggestedRPE: 9.5), user: w.ana)
            #expect(rpe.weeks[2].days[0].suggestedRPE == 9.5)
            #expect(rpe.weeks[2].days[0].notes == "Go light", "notes stay when not sent")

            let stored = try await w.service.find(program.id, user: w.ana)
            let refusals: [(ProgramDayChange, SpotterError)] = [
                (ProgramDayChange(templateID: UUID()), .invalid(field: "templateId", "Pick one of your templates.")),
                (
                    ProgramDayChange(notes: String(repeating: "x", count: 501)),
                    .invalid(field: "notes", "The notes are too long: at most 500 characters.")
                ),
                (
                    ProgramDayChange(suggestedRPE: 8.25),
                    .invalid(field: "suggestedRPE", "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8).")
                ),
                (
                    ProgramDayChange(suggestedRPE: 11),
                    .invalid(field: "suggestedRPE", "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8).")
                ),
            ]
            for (change, error) in refusals {
                await #expect(throws: error) {
                    try await w.service.changeDay(program.id, day: monday3.id, change: change, user: w.ana)
                }
            }
            await #expect(throws: SpotterError.notFound("The day")) {
                try await w.service.changeDay(program.id, day: UUID(), change: ProgramDayChange(notes: "x"), user: w.ana)
            }
            #expect(try await w.service.find(program.id, user: w.ana) == stored)
        }
    }

    @Test(
        "an edit of the length re-plans the weeks; a new schedule keeps the ids of days on the same weekday",
        arguments: TestDatabase.all)
    func editProgram(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            let longer = try await w.service.save(id: program.id, draft: ProgramDraft(weekCount: 6), user: w.ana)
            #expect(longer.weeks.map(\.modifier) == [1.05, 1.075, 1.1, 1.125, 1.15, 1.175])
            #expect(Array(longer.weeks.prefix(4).map(\.days)) == program.weeks.map(\.days), "the first weeks keep their days")
            #expect(try await w.count("program_days") == 12)

            let schedule: [ProgramDraft.DayDraft] = [
                .init(weekday: "monday", templateID: w.light.id), .init(weekday: "saturday", templateID: w.heavy.id),
            ]
            let moved = try await w.service.save(id: program.id, draft: ProgramDraft(schedule: schedule), user: w.ana)
            for (old, new) in zip(longer.weeks, moved.weeks) {
                #expect(new.days.map(\.weekday) == [.monday, .saturday])
                #expect(new.days[0].id == old.days[0].id, "Monday keeps its id")
                #expect(new.days[0].templateID == w.light.id)
                #expect(!old.days.map(\.id).contains(new.days[1].id), "Saturday is new")
            }
            #expect(moved.weeks.map(\.modifier) == longer.weeks.map(\.modifier))
        }
    }

    // MARK: Copies, archive, delete

    @Test(
        "a duplicate is named as a copy, has its own day ids, and is never archived; a retry adds nothing",
        arguments: TestDatabase.all)
    func duplicate(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            _ = try await w.service.changeWeek(
                program.id, week: 4, change: ProgramWeekChange(phase: "deload", modifier: 0.9, isDeload: true), user: w.ana)
            let source = try await w.service.setArchived(program.id, archived: true, user: w.ana)
            w.clock.advance(days: 2)
            let copyID = UUID()
            let copy = try await w.service.duplicate(program.id, as: copyID, user: w.ana)
            #expect(copy.id == copyID)
            #expect(copy.name == "Strength Block (Copy)")
            #expect(copy.ownerID == w.ana.id)
            #expect(copy.archivedAt == nil)
            #expect(copy.createdAt == w.clock.date)
            #expect(copy.summary == source.summary)
            #expect(copy.pattern == source.pattern)
            #expect(copy.weeks.map(\.modifier) == [1.05, 1.075, 1.1, 0.9])
            #expect(copy.weeks[3].isDeload && copy.weeks[3].phase == .deload)
            for (a, b) in zip(copy.weeks, source.weeks) {
                #expect(a.days.map(\.weekday) == b.days.map(\.weekday))
                #expect(a.days.map(\.templateID) == b.days.map(\.templateID))
                #expect(a.days.map(\.notes) == b.days.map(\.notes))
                #expect(a.days.map(\.suggestedRPE) == b.days.map(\.suggestedRPE))
            }
            #expect(Set(copy.weeks.flatMap(\.days).map(\.id)).isDisjoint(with: source.weeks.flatMap(\.days).map(\.id)))
            #expect(try await w.service.find(program.id, user: w.ana) == source, "the source is unchanged")

            #expect(try await w.service.duplicate(program.id, as: copyID, user: w.ana) == copy, "a retry answers the copy")
            #expect(try await w.service.duplicate(program.id, as: UUID(), user: w.ana).name == "Strength Block (Copy 2)")
            #expect(
                try await w.service.duplicate(copyID, as: UUID(), user: w.ana).name == "Strength Block (Copy 3)",
                "a copy of a copy counts on")
            #expect(try await w.count("programs") == 4)
        }
    }

    @Test("a copy of a program with a name of the longest length still has a name within the limit", arguments: TestDatabase.all)
    func duplicateLongName(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let name = String(repeating: "L", count: TrainingProgram.nameLimit)
            let program = try await w.create(name)
            let copy = try await w.service.duplicate(program.id, as: UUID(), user: w.ana)
            #expect(copy.name.count <= TrainingProgram.nameLimit, "\(copy.name.count) characters: \(copy.name)")
            #expect(copy.name.hasSuffix(" (Copy)"))
            let again = try await w.service.duplicate(program.id, as: UUID(), user: w.ana)
            #expect(again.name.count <= TrainingProgram.nameLimit, "\(again.name.count) characters")
            #expect(again.name.hasSuffix(" (Copy 2)"))
            // The copy can be saved as it is named.
            _ = try await w.service.save(id: copy.id, draft: ProgramDraft(name: copy.name), user: w.ana)
        }
    }

    @Test(
        "archiving hides a program from the list; the active program cannot be archived, an archived one cannot be activated",
        arguments: TestDatabase.all)
    func archive(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            let other = try await w.create("Other")
            w.clock.advance(days: 1)
            let archived = try await w.service.setArchived(program.id, archived: true, user: w.ana)
            #expect(archived.archivedAt == w.clock.date)
            #expect(archived.updatedAt == program.updatedAt, "archiving is not an edit")
            #expect(try await w.service.list(user: w.ana).map(\.id) == [other.id])
            #expect(try await w.service.list(user: w.ana, includeArchived: true).map(\.id) == [other.id, program.id])
            w.clock.advance(days: 1)
            #expect(
                try await w.service.setArchived(program.id, archived: true, user: w.ana).archivedAt == archived.archivedAt,
                "archived once")

            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "Strength Block is archived. Restore it first, then activate it.")
            ) {
                try await w.service.activate(program.id, startDay: nil, user: w.ana)
            }
            #expect(try await w.count("active_programs") == 0)

            let restored = try await w.service.setArchived(program.id, archived: false, user: w.ana)
            #expect(restored.archivedAt == nil)
            _ = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "Strength Block is your active program. Deactivate it first, then archive it.")
            ) {
                try await w.service.setArchived(program.id, archived: true, user: w.ana)
            }
            #expect(try await w.service.find(program.id, user: w.ana).archivedAt == nil)
            // Another program can be archived while this one is active.
            #expect(try await w.service.setArchived(other.id, archived: true, user: w.ana).archivedAt != nil)
        }
    }

    @Test(
        "deleting the active program removes it, its weeks, days, skips and active row; its workouts stay in history",
        arguments: TestDatabase.all)
    func delete(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            let other = try await w.create("Other")
            _ = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            let workout = try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: w.ana)
            _ = try await WorkoutService.at(now.addingTimeInterval(3_600), in: w.store).finish(workout.id, user: w.ana)
            _ = try await w.service.skipWeek(user: w.ana)
            #expect(try await w.programRows() == [2, 8, 16, 1, 1])

            try await w.service.delete(program.id, user: w.ana)
            await #expect(throws: SpotterError.notFound("The program")) { try await w.service.find(program.id, user: w.ana) }
            #expect(try await w.service.status(user: w.ana) == nil)
            #expect(try await w.programRows() == [1, 4, 8, 0, 0], "only the other program is left")
            let kept = try #require(try await w.workouts.find(id: workout.id, userID: w.ana.id))
            #expect(kept.program?.programID == program.id, "the workout still says where it came from")
            #expect(kept.endedAt != nil)
            #expect(try await w.count("workouts") == 1)
            #expect(try await w.service.find(other.id, user: w.ana) == other)
            await #expect(throws: SpotterError.notFound("The program")) { try await w.service.delete(program.id, user: w.ana) }
            await #expect(throws: SpotterError.conflict(field: nil, message: "You have no active program to deactivate.")) {
                try await w.service.deactivate(user: w.ana)
            }
        }
    }

    // MARK: Following a program

    @Test(
        "activating A then B leaves one active row, on B, from the start day asked for; bad start days change nothing",
        arguments: TestDatabase.all)
    func activation(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let a = try await w.create("Program A")
            let b = try await w.create("Program B")
            let first = try await w.service.activate(a.id, startDay: nil, user: w.ana)
            #expect(first.program.id == a.id)
            #expect(first.active.startDay == "2026-09-21", "today in her zone")
            #expect(first.active.activatedAt == now)
            let second = try await w.service.activate(b.id, startDay: " 2026-09-28 ", user: w.ana)
            #expect(second.program.id == b.id)
            #expect(second.active.startDay == "2026-09-28")
            #expect(second.progress.today == .notStarted(startsOn: "2026-09-28"))
            #expect(try await w.count("active_programs") == 1)
            #expect(try await w.service.status(user: w.ana)?.program.id == b.id)

            for day in ["2026-13-01", "2026-02-30", "next monday", "2027-09-23", "2025-09-19"] {
                await #expect(
                    throws: SpotterError.invalid(field: "startDay", "Pick a start day as YYYY-MM-DD, within a year of today."),
                    "\(day)"
                ) {
                    try await w.service.activate(a.id, startDay: day, user: w.ana)
                }
            }
            let status = try #require(try await w.service.status(user: w.ana))
            #expect(status.program.id == b.id)
            #expect(status.active.startDay == "2026-09-28")
            #expect(try await w.count("active_programs") == 1)

            try await w.service.deactivate(user: w.ana)
            #expect(try await w.service.status(user: w.ana) == nil)
            #expect(try await w.count("active_programs") == 0)
            #expect(try await w.count("programs") == 2, "deactivating deletes nothing")
        }
    }

    @Test(
        "three activations of different programs racing on one lifter, 12 rounds, leave exactly one active program",
        arguments: TestDatabase.all)
    func racingActivations(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let a = try await w.create("Program A")
            let b = try await w.create("Program B")
            let c = try await w.create("Program C")
            for round in 0..<12 {
                if round % 3 == 2 { try await w.service.deactivate(user: w.ana) }
                let service = w.service
                let ana = w.ana
                async let first = service.activate(a.id, startDay: nil, user: ana)
                async let second = service.activate(b.id, startDay: "2026-09-28", user: ana)
                async let third = service.activate(c.id, startDay: "2026-09-22", user: ana)
                _ = try await [first, second, third]
                #expect(try await w.count("active_programs") == 1, "round \(round)")
                let status = try #require(try await w.service.status(user: w.ana))
                let expected = [a.id: "2026-09-21", b.id: "2026-09-28", c.id: "2026-09-22"]
                #expect(
                    expected[status.program.id] == status.active.startDay,
                    "round \(round): one activation's program and start day, not a mix")
            }
        }
    }

    @Test("skipping weeks closes them one by one until the program is complete", arguments: TestDatabase.all)
    func skipWeek(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "You have no active program. Pick one on the Programs tab and activate it.")
            ) {
                try await w.service.skipWeek(user: w.ana)
            }
            let program = try await w.create(weeks: 3)
            _ = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            let skipped = try await w.service.skipWeek(user: w.ana)
            #expect(skipped.progress.currentWeek == 2)
            #expect(skipped.progress.weeks.map(\.state) == [.skipped, .current, .upcoming])
            #expect(skipped.progress.weeks[0].days.map(\.state) == [.missed, .missed])
            #expect(skipped.progress.sessionsDue == 2)
            #expect(skipped.progress.adherence == 0)
            // Week 2 is ahead of the calendar (it is still week 1's Monday): rest until next week.
            #expect(skipped.progress.today == .rest(week: 2, next: program.weeks[1].days[0], reason: .ahead))
            #expect(try await w.count("program_skips") == 1)

            _ = try await w.service.skipWeek(user: w.ana)
            let done = try await w.service.skipWeek(user: w.ana)
            #expect(done.progress.isComplete)
            #expect(done.progress.today == .completed)
            #expect(done.progress.completion == 1)
            await #expect(
                throws: SpotterError.conflict(field: nil, message: "Strength Block is complete: there is no week left to skip.")
            ) {
                try await w.service.skipWeek(user: w.ana)
            }
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "Strength Block is complete. Restart it or pick another program.")
            ) {
                try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: w.ana)
            }
            #expect(try await w.count("program_skips") == 3)
            #expect(try await w.count("workouts") == 0)
        }
    }

    @Test(
        "a preset's id never becomes a lifter's program, and a refused use copies no template; no week is skipped before the start day",
        arguments: TestDatabase.all)
    func presetIDsAndEarlySkips(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let presets = ProgramPresets.all
            try #require(presets.count >= 2)
            let templatesBefore = try await w.count("workout_templates")
            await #expect(
                throws: SpotterError.conflict(
                    field: "id", message: "This id is already in use. Make a new one and send the change again.")
            ) {
                try await w.service.use(presetID: presets[0].id, as: presets[1].id, user: w.ana)
            }
            let bensDay = try await w.templates.create(id: UUID(), draft: TemplateDraft(name: "Ben's day"), user: w.ben)
            let taken = try await w.service.create(
                id: UUID(), draft: ProgramDraft(name: "Bens", schedule: [.init(weekday: "monday", templateID: bensDay.id)]),
                user: w.ben)
            await #expect(
                throws: SpotterError.conflict(
                    field: "id", message: "This id is already in use. Make a new one and send the change again.")
            ) {
                try await w.service.use(presetID: presets[0].id, as: taken.id, user: w.ana)
            }
            #expect(
                try await w.count("workout_templates") == templatesBefore + 1, "Ben's own template, and no copy for a refused use"
            )
            let mine = try await w.create()
            await #expect(
                throws: SpotterError.conflict(
                    field: "id", message: "This id is already in use. Make a new one and send the change again.")
            ) { try await w.service.duplicate(mine.id, as: presets[2].id, user: w.ana) }
            await #expect(
                throws: SpotterError.conflict(
                    field: "id", message: "This id is already in use. Make a new one and send the change again.")
            ) { try await w.service.create(id: presets[3].id, draft: w.draft("Other"), user: w.ana) }
            #expect(try await w.count("programs") == 2)

            // Activated from next week: nothing to skip yet.
            let start = ProgramProgress.adding(7, to: CalendarDay.string(of: w.clock.date, timeZone: .gmt))
            _ = try await w.service.activate(mine.id, startDay: start, user: w.ana)
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "Strength Block starts on \(start): there is no week to skip yet.")
            ) {
                try await w.service.skipWeek(user: w.ana)
            }
            #expect(try await w.count("program_skips") == 0)
        }
    }

    @Test(
        "a template with the same lift twice: each row's suggestion starts from that lift's entry at the same place last time",
        arguments: TestDatabase.all)
    func sameLiftTwice(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            // Last week: squat 3 x 5 at 100 kg (RPE 8), then squat 5 x 10 at 60 kg (RPE 6).
            let at = now.addingTimeInterval(-7 * 86_400)
            let before = try await WorkoutService.at(at, in: w.store).start(
                .init(id: UUID(), name: "Before", workoutTypeID: nil), user: w.ana)
            for (weight, reps, rpe) in [(100.0, 5, 8.0), (60.0, 10, 6.0)] {
                let entry = UUID()
                _ = try await WorkoutService.at(at, in: w.store).putEntry(
                    workoutID: before.id, entryID: entry, change: EntryChange(exerciseID: w.squat), user: w.ana)
                _ = try await WorkoutService.at(at, in: w.store).putSet(
                    SetWrite(
                        workoutID: before.id, entryID: entry, setID: UUID(),
                        draft: SetDraft(reps: reps, weight: weight, rpe: rpe, done: true), changedAt: at), user: w.ana)
            }
            _ = try await WorkoutService.at(at.addingTimeInterval(3_600), in: w.store).finish(before.id, user: w.ana)
            let bbb = try await w.templates.create(
                id: UUID(),
                draft: TemplateDraft(
                    name: "Squat BBB",
                    exercises: [
                        .init(exerciseID: w.squat, setCount: 3, repMin: 5, repMax: 5),
                        .init(exerciseID: w.squat, setCount: 5, repMin: 10, repMax: 10),
                    ]),
                user: w.ana)
            let program = try await w.service.create(
                id: UUID(),
                draft: ProgramDraft(name: "BBB", weekCount: 1, schedule: [.init(weekday: "monday", templateID: bbb.id)]),
                user: w.ana)
            _ = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            let workout = try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: w.ana)
            // Week 1 of a constant program: x1. Main: 100 x 1.025 = 102.5; the 5 x 10: 60 x 1.05 = 63 -> 62.5.
            #expect(
                workout.entries.map(\.suggestion) == [
                    "Last time 100 kg at RPE 8 · +2.5% = 102.5 kg", "Last time 60 kg at RPE 6 · +5% = 62.5 kg",
                ])
        }
    }

    @Test("suggested weights round to the lifter's own plate step: 107.625 kg is 108 on a 1 kg step", arguments: TestDatabase.all)
    func ownPlateStep(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            try await w.squatHistory(daysAgo: 7)
            let program = try await w.create()
            var ana = w.ana
            ana.settings = try SettingsChange(plateStep: .some(1)).applied(to: ana.settings)
            _ = try await UserRepository(store: w.store).update(settings: ana.settings, userID: ana.id)
            _ = try await w.service.activate(program.id, startDay: nil, user: ana)
            let workout = try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: ana)
            let squat = try #require(workout.entries.first)
            // 100 x 1.025 x 1.05 = 107.625; to the nearest 1 kg: 108.
            #expect(squat.suggestion == "Last time 100 kg at RPE 8 · +2.5% · week ×1.05 = 108 kg")
            #expect(squat.sets.allSatisfy { $0.weight == Mass(108, .kg) })
        }
    }

    @Test(
        "starting today's day links the workout to the program and suggests weights by the RPE rule and the week relative to last time's; finishing it moves today on",
        arguments: TestDatabase.all)
    func startToday(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            try await w.squatHistory(daysAgo: 7)
            let program = try await w.create()
            let (monday1, thursday1) = (program.weeks[0].days[0], program.weeks[0].days[1])
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "You have no active program. Pick one on the Programs tab and activate it.")
            ) {
                try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: w.ana)
            }
            let status = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            #expect(status.progress.today == .train(week: 1, day: monday1, late: false), "Monday of week 1, on a Monday")

            let id = UUID()
            let workout = try await w.service.startToday(workoutID: id, replaceActive: false, user: w.ana)
            #expect(workout.id == id)
            #expect(workout.program == ProgramLink(programID: program.id, week: 1, dayID: monday1.id))
            #expect(workout.templateID == w.heavy.id)
            #expect(workout.name == "Heavy Day")
            #expect(workout.notes == "Heavy singles first", "the day's notes")
            #expect(workout.isActive)
            let squat = try #require(workout.entries.first)
            #expect(squat.exerciseID == w.squat)
            // 100 kg at RPE 8 last time: +2.5% = 102.5, times week 1's 1.05 = 107.625, to the 2.5 kg step: 107.5.
            #expect(squat.suggestion == "Last time 100 kg at RPE 8 · +2.5% · week ×1.05 = 107.5 kg")
            #expect(squat.sets.count == 3)
            #expect(squat.sets.allSatisfy { $0.weight == Mass(107.5, .kg) && $0.reps == 5 && !$0.done })
            #expect(squat.sets.allSatisfy { $0.target?.rpe == 8 }, "the day's RPE where the template has none")
            // A retry answers the same workout.
            #expect(try await w.service.startToday(workoutID: id, replaceActive: false, user: w.ana).id == id)
            #expect(try await w.count("workouts") == 2)

            // Ana does two sets of 107.5, the last at RPE 9.5, and finishes.
            for (index, rpe) in [9.0, 9.5].enumerated() {
                _ = try await WorkoutService.at(now.addingTimeInterval(600), in: w.store).putSet(
                    SetWrite(
                        workoutID: id, entryID: squat.id, setID: squat.sets[index].id,
                        draft: SetDraft(reps: 5, weight: 107.5, rpe: rpe, done: true), changedAt: now.addingTimeInterval(600)),
                    user: w.ana)
            }
            let finished = try await WorkoutService.at(now.addingTimeInterval(3_600), in: w.store).finish(id, user: w.ana)
            let after = try #require(try await w.service.status(user: w.ana))
            #expect(after.progress.today == .rest(week: 1, next: thursday1, reason: .doneToday))
            // PRs as a lifter counts them: the first 107.5 x 5 (heavier than last week's 100, several
            // kinds of record at once, one PR) and the squat's session volume (2 x 5 x 107.5 > 5 x 100).
            let marks = try #require(finished.entries.first?.records)
            #expect(marks.sets.count == 1 && marks.sets.values.first?.count == 3 && marks.sessionVolume)
            #expect(
                try await w.service.recordCount(after, user: w.ana) == 2,
                "2 PRs; counting marks said 3, the set's kinds, and missed the volume")
            #expect(after.progress.weeks[0].days.map(\.state) == [.done, .next])
            #expect(after.progress.sessionsDone == 1)
            #expect(after.progress.adherence == 1)

            // Thursday: the light day; the press has no history, so the template's 60 kg times 1.05 = 63, to the step: 62.5.
            w.clock.advance(days: 3)
            #expect(try await w.service.status(user: w.ana)?.progress.today == .train(week: 1, day: thursday1, late: false))
            w.clock.advance(days: 1)
            #expect(
                try await w.service.status(user: w.ana)?.progress.today == .train(week: 1, day: thursday1, late: true),
                "Friday: late")
            let light = try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: w.ana)
            #expect(light.program == ProgramLink(programID: program.id, week: 1, dayID: thursday1.id))
            #expect(light.notes == "")
            let press = try #require(light.entries.first)
            #expect(press.suggestion == "Template weight · week ×1.05 = 62.5 kg")
            #expect(press.sets.map(\.weight) == [Mass(62.5, .kg), Mass(62.5, .kg)])
            _ = try await WorkoutService.at(w.clock.date.addingTimeInterval(3_600), in: w.store).finish(light.id, user: w.ana)

            // The next Monday, week 2 (×1.075): last time 107.5 at RPE 9.5 in week 1 (×1.05), -2.5% = 104.8125,
            // ×1.075/1.05 = 107.31, to the step: 107.5. (The week's modifier is relative: ×1.075 on a weight that
            // already held week 1's ×1.05 made a hard session the reason for +5%.)
            w.clock.advance(days: 3)
            let next = try #require(try await w.service.status(user: w.ana))
            #expect(next.progress.today == .train(week: 2, day: program.weeks[1].days[0], late: false))
            #expect(next.progress.weeks[0].state == .done)
            let week2 = try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: w.ana)
            #expect(week2.program == ProgramLink(programID: program.id, week: 2, dayID: program.weeks[1].days[0].id))
            #expect(
                week2.entries.first?.suggestion == "Last time 107.5 kg at RPE 9.5 · -2.5% · week ×1.075 after ×1.05 = 107.5 kg")
            #expect(week2.entries.first?.sets.allSatisfy { $0.weight == Mass(107.5, .kg) } == true)
        }
    }

    @Test("a program that starts later cannot be started today", arguments: TestDatabase.all)
    func notStarted(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            _ = try await w.service.activate(program.id, startDay: "2026-09-28", user: w.ana)
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "Strength Block starts on 2026-09-28. Change its start day to begin now.")
            ) {
                try await w.service.startToday(workoutID: UUID(), replaceActive: false, user: w.ana)
            }
            #expect(try await w.count("workouts") == 0)
        }
    }

    // MARK: Templates and other lifters

    @Test(
        "a template a program uses cannot be deleted: the message names the programs and nothing is deleted",
        arguments: TestDatabase.all)
    func templateDeleteGuard(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            let templates = TemplateRepository(store: w.store)
            let rows = (try await w.count("workout_templates"), try await w.count("template_exercises"))
            await #expect(
                throws: SpotterError.conflict(
                    field: nil,
                    message:
                        "This template is a day of your program Strength Block. Pick another template for those days first, or archive this one."
                )
            ) { try await templates.delete(id: w.light.id, userID: w.ana.id) }
            let other = try await w.create("Accessory Work")
            await #expect(
                throws: SpotterError.conflict(
                    field: nil,
                    message:
                        "This template is a day of your programs Accessory Work and Strength Block. Pick another template for those days first, or archive this one."
                )
            ) { try await templates.delete(id: w.light.id, userID: w.ana.id) }
            #expect(try await templates.find(id: w.light.id, userID: w.ana.id) != nil)
            #expect((try await w.count("workout_templates"), try await w.count("template_exercises")) == rows)
            #expect(try await w.service.find(program.id, user: w.ana) == program)

            // Once no day uses it any more, it can go.
            try await w.service.delete(other.id, user: w.ana)
            for week in program.weeks {
                _ = try await w.service.changeDay(
                    program.id, day: week.days[1].id, change: ProgramDayChange(templateID: w.heavy.id), user: w.ana)
            }
            try await templates.delete(id: w.light.id, userID: w.ana.id)
            #expect(try await templates.find(id: w.light.id, userID: w.ana.id) == nil)
        }
    }

    @Test(
        "another lifter's program ids answer not found to every use case, and nothing of the owner's changes",
        arguments: TestDatabase.all)
    func otherLifter(engine: TestDatabase) async throws {
        try await withPrograms(engine) { w in
            let program = try await w.create()
            _ = try await w.service.activate(program.id, startDay: nil, user: w.ana)
            let before = try #require(try await w.service.status(user: w.ana))
            let rows = try await w.programRows()
            let (ben, s) = (w.ben, w.service)
            let day = program.weeks[0].days[0].id
            let notFound = SpotterError.notFound("The program")
            await #expect(throws: notFound) { try await s.find(program.id, user: ben) }
            await #expect(throws: notFound) { try await s.activate(program.id, startDay: nil, user: ben) }
            await #expect(throws: notFound) {
                try await s.changeWeek(program.id, week: 1, change: ProgramWeekChange(modifier: 2), user: ben)
            }
            await #expect(throws: notFound) {
                try await s.changeDay(program.id, day: day, change: ProgramDayChange(notes: "mine"), user: ben)
            }
            await #expect(throws: notFound) { try await s.save(id: program.id, draft: ProgramDraft(name: "Mine now"), user: ben) }
            await #expect(throws: notFound) { try await s.setArchived(program.id, archived: true, user: ben) }
            await #expect(throws: notFound) { try await s.duplicate(program.id, as: UUID(), user: ben) }
            await #expect(throws: notFound) { try await s.delete(program.id, user: ben) }
            #expect(try await s.list(user: ben, includeArchived: true).isEmpty)
            #expect(try await s.status(user: ben) == nil)
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "You have no active program. Pick one on the Programs tab and activate it.")
            ) {
                try await s.skipWeek(user: ben)
            }
            await #expect(
                throws: SpotterError.conflict(
                    field: nil, message: "You have no active program. Pick one on the Programs tab and activate it.")
            ) {
                try await s.startToday(workoutID: UUID(), replaceActive: false, user: ben)
            }
            await #expect(throws: SpotterError.conflict(field: nil, message: "You have no active program to deactivate.")) {
                try await s.deactivate(user: ben)
            }
            // Her templates are not his to schedule, and her program's id is not his to take.
            let hers = ProgramDraft(name: "Ben's Block", schedule: [.init(weekday: "monday", templateID: w.heavy.id)])
            await #expect(
                throws: SpotterError.invalid(
                    field: "schedule.monday.templateId", "The template for Monday is not one of your templates.")
            ) {
                try await s.create(id: UUID(), draft: hers, user: ben)
            }
            let bensDay = try await w.templates.create(
                id: UUID(), draft: TemplateDraft(name: "Ben's Day", exercises: []), user: ben)
            let bens = ProgramDraft(name: "Ben's Block", schedule: [.init(weekday: "monday", templateID: bensDay.id)])
            await #expect(
                throws: SpotterError.conflict(
                    field: "id", message: "This id is already in use. Make a new one and send the change again.")
            ) {
                try await s.create(id: program.id, draft: bens, user: ben)
            }
            await #expect(throws: SpotterError.notFound("The day")) {
                let his = try await s.create(id: UUID(), draft: bens, user: ben)
                _ = try await s.changeDay(his.id, day: day, change: ProgramDayChange(notes: "mine"), user: ben)
            }

            let after = try #require(try await w.service.status(user: w.ana))
            #expect(after.program == before.program)
            #expect(after.active == before.active)
            #expect(after.progress == before.progress)
            #expect(
                try await w.programRows() == [rows[0] + 1, rows[1] + 4, rows[2] + 4, rows[3], rows[4]],
                "only Ben's own program was added")
        }
    }

    @Test("the presets are the preset library's programs, read-only and owned by no one")
    func presets() {
        #expect(ProgramService.presets.map(\.id) == ProgramPresets.all.map(\.id))
        #expect(ProgramService.presets.allSatisfy { $0.isPreset && $0.ownerID == nil })
        #expect(ProgramService.presets.map(\.weekCount) == ProgramPresets.all.map(\.weekCount))
    }
}
