import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

@Suite("ProgramDraft: the wizard's steps and week and day edits, checked field by field")
struct ProgramDraftTests {
    static let templates: Set<UUID> = [UUID.numbered(90), UUID.numbered(91)]
    static let empty = TrainingProgram(
        id: UUID.numbered(1), ownerID: UUID.numbered(2), name: "", category: .strength, difficulty: .beginner,
        createdAt: Date(timeIntervalSince1970: 0))

    static func ids() -> () -> UUID {
        var next = 500
        return {
            next += 1
            return UUID.numbered(next)
        }
    }

    static let complete = ProgramDraft(
        name: "  My   block ", summary: "Twelve weeks to a bigger total.", category: "powerlifting", difficulty: "intermediate",
        weekCount: 4,
        pattern: "three-up-one-deload", baseIntensity: 1, weeklyIncrement: 0.05,
        schedule: [
            .init(weekday: "monday", templateID: UUID.numbered(90), notes: "Heavy", suggestedRPE: 8),
            .init(weekday: "wednesday", templateID: nil),
            .init(weekday: "Friday", templateID: UUID.numbered(91), suggestedRPE: 7.5),
        ])

    @Test("A complete draft makes the program: weeks from the pattern, the schedule in every week with its own day ids")
    func create() throws {
        let program = try Self.complete.applied(to: Self.empty, templates: Self.templates, newID: Self.ids())
        #expect(program.name == "My block")
        #expect(program.category == .powerlifting && program.difficulty == .intermediate)
        // 3 up 1 deload, base 1, +5%: 1, 1.05, 1.1, then 90% of 1 = 0.9.
        #expect(program.weeks.map(\.modifier) == [1, 1.05, 1.1, 0.9])
        #expect(program.weeks.map(\.isDeload) == [false, false, false, true])
        #expect(program.weeks.allSatisfy { $0.days.map(\.weekday) == [.monday, .friday] })
        #expect(program.weeks[0].days[0].notes == "Heavy" && program.weeks[0].days[1].suggestedRPE == 7.5)
        let dayIDs = program.weeks.flatMap(\.days).map(\.id)
        #expect(Set(dayIDs).count == 8)
        #expect(program.lengthLabel == "4 weeks · 2 days/week")
        #expect(program.templateIDs == [UUID.numbered(90), UUID.numbered(91)])
    }

    @Test("Every bad field is reported at once, each with what to fix")
    func everyBadField() {
        let draft = ProgramDraft(
            name: "   ", summary: String(repeating: "x", count: 501), category: "yoga", difficulty: "elite", weekCount: 53,
            pattern: "random",
            baseIntensity: 2, weeklyIncrement: -0.01,
            schedule: [
                .init(weekday: "monday", templateID: UUID.numbered(77)), .init(weekday: "funday", templateID: UUID.numbered(90)),
                .init(weekday: "tuesday", templateID: UUID.numbered(90), suggestedRPE: 7.3),
                .init(weekday: "thursday", templateID: UUID.numbered(90), notes: String(repeating: "n", count: 501)),
                .init(weekday: "monday", templateID: UUID.numbered(90)),
            ])
        #expect(throws: ValidationFailure.self) {
            try draft.applied(to: Self.empty, templates: Self.templates, newID: Self.ids())
        }
        do {
            _ = try draft.applied(to: Self.empty, templates: Self.templates, newID: Self.ids())
        } catch {
            #expect(error.message(for: "name") == "Give the program a name.")
            #expect(error.message(for: "description") == "The description is too long: at most 500 characters.")
            #expect(
                error.message(for: "category")
                    == "Choose a category: beginner, strength, hypertrophy, powerlifting, bodybuilding, crossfit, general-fitness."
            )
            #expect(error.message(for: "difficulty") == "Choose beginner, intermediate or advanced.")
            #expect(error.message(for: "weeks") == "A program lasts 1 to 52 weeks.")
            #expect(error.message(for: "pattern") == "Choose a progression: constant, linear, wave, three-up-one-deload, block.")
            #expect(error.message(for: "baseIntensity") == "The base intensity must be between 50% and 150%.")
            #expect(error.message(for: "weeklyIncrement") == "The weekly increment must be between 0% and 10%.")
            #expect(error.message(for: "schedule.monday.templateId") == "The template for Monday is not one of your templates.")
            #expect(error.message(for: "schedule") == "\"funday\" is not a day of the week: use monday to sunday.")
            #expect(
                error.message(for: "schedule.tuesday.suggestedRPE")
                    == "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8).")
            #expect(
                error.message(for: "schedule.thursday.notes") == "The notes for Thursday are too long: at most 500 characters.")
            #expect(
                error.issues.contains(
                    .init(field: "schedule.monday", message: "Monday is in the schedule twice; give each day one template.")))
        }
    }

    @Test("Limits: 1 and 52 weeks pass, RPE 1, 6.5 and 10 pass, 0.5 and 10.5 do not; a week of rest days only is refused")
    func limits() throws {
        for weeks in [1, 52] {
            var draft = Self.complete
            draft.weekCount = weeks
            #expect(try draft.applied(to: Self.empty, templates: Self.templates, newID: Self.ids()).weekCount == weeks)
        }
        for (rpe, fine) in [(1.0, true), (6.5, true), (10.0, true), (0.5, false), (10.5, false)] {
            var draft = Self.complete
            draft.schedule = [.init(weekday: "monday", templateID: UUID.numbered(90), suggestedRPE: rpe)]
            let result = Result { () throws(ValidationFailure) in
                try draft.applied(to: Self.empty, templates: Self.templates, newID: Self.ids())
            }
            #expect(((try? result.get()) != nil) == fine, "RPE \(rpe)")
        }
        var rest = Self.complete
        rest.schedule = [.init(weekday: "monday", templateID: nil)]
        #expect(throws: ValidationFailure(field: "schedule", message: "Pick a template for at least one day of the week.")) {
            try rest.applied(to: Self.empty, templates: Self.templates, newID: Self.ids())
        }
    }

    @Test("Changing the progression re-plans the weeks and keeps the days; a new schedule keeps week edits")
    func edits() throws {
        var program = try Self.complete.applied(to: Self.empty, templates: Self.templates, newID: Self.ids())
        let days = program.weeks.map(\.days)
        let linear = ProgramDraft(pattern: "linear", weeklyIncrement: 0.025)
        let replanned = try linear.applied(to: program, templates: Self.templates, newID: Self.ids())
        #expect(replanned.weeks.map(\.modifier) == [1, 1.025, 1.05, 1.075])
        #expect(replanned.weeks.map(\.days) == days)

        program.weeks[1] = try ProgramWeekChange(phase: "strength", modifier: 1.2).applied(to: program.weeks[1])
        let rescheduled = try ProgramDraft(schedule: [.init(weekday: "tuesday", templateID: UUID.numbered(91))])
            .applied(to: program, templates: Self.templates, newID: Self.ids())
        #expect(rescheduled.weeks[1].modifier == 1.2 && rescheduled.weeks[1].phase == .strength)
        #expect(rescheduled.weeks.allSatisfy { $0.days.map(\.weekday) == [.tuesday] })

        let longer = try ProgramDraft(weekCount: 6).applied(to: program, templates: Self.templates, newID: Self.ids())
        #expect(longer.weekCount == 6 && longer.weeks[5].days.map(\.weekday) == [.monday, .friday])
        #expect(longer.weeks[4].modifier == 1.05)  // second cycle: 1.05, 1.1, 1.15, deload
    }

    @Test("Week and day edits: each bad value named, good ones applied")
    func weekAndDayChanges() throws {
        let week = ProgramWeek(
            number: 1, days: [ProgramDay(id: UUID.numbered(5), weekday: .monday, templateID: UUID.numbered(90))])
        #expect(
            throws: ValidationFailure([
                .init(field: "phase", message: "Choose a phase: hypertrophy, strength, peaking, deload, testing, or none."),
                .init(field: "modifier", message: "The intensity must be between 30% and 200% of the base weights."),
            ])
        ) { try ProgramWeekChange(phase: "bulk", modifier: 2.5).applied(to: week) }
        let deload = try ProgramWeekChange(phase: "", modifier: 0.8, isDeload: true).applied(to: week)
        #expect(deload.modifier == 0.8 && deload.isDeload && deload.phase == nil && deload.label == "Deload")

        let day = week.days[0]
        #expect(throws: ValidationFailure(field: "templateId", message: "Pick one of your templates.")) {
            try ProgramDayChange(templateID: UUID.numbered(77)).applied(to: day, templates: Self.templates)
        }
        let changed = try ProgramDayChange(templateID: UUID.numbered(91), notes: " Go heavy ", suggestedRPE: .some(9)).applied(
            to: day, templates: Self.templates)
        #expect(changed.templateID == UUID.numbered(91) && changed.notes == "Go heavy" && changed.suggestedRPE == 9)
        let cleared = try ProgramDayChange(suggestedRPE: .some(nil)).applied(to: changed, templates: Self.templates)
        #expect(cleared.suggestedRPE == nil)
    }

    @Test("A progression that would pass 200% is refused with the week it reaches; a rest day's notes and RPE are checked too")
    func tooHeavyAndRestDays() {
        // Linear from 150% by 10% a week: week 52 is 150 + 51 x 10 = 660%.
        var heavy = Self.complete
        (heavy.weekCount, heavy.pattern, heavy.baseIntensity, heavy.weeklyIncrement) = (52, "linear", 1.5, 0.1)
        #expect(
            throws: ValidationFailure(
                field: "weeklyIncrement",
                message:
                    "Week 52 would be at 660% of the base weights; the most is 200%. Lower the base or the weekly step, or shorten the program."
            )
        ) {
            try heavy.applied(to: Self.empty, templates: Self.templates, newID: Self.ids())
        }
        // 150% + 5 x 10% = 200% in week 6 is the most allowed.
        heavy.weekCount = 6
        #expect((try? heavy.applied(to: Self.empty, templates: Self.templates, newID: Self.ids()))?.weeks.last?.modifier == 2)

        var rest = Self.complete
        rest.schedule = [
            .init(weekday: "monday", templateID: UUID.numbered(90)),
            .init(weekday: "tuesday", templateID: nil, notes: String(repeating: "r", count: 501), suggestedRPE: 99),
        ]
        do {
            _ = try rest.applied(to: Self.empty, templates: Self.templates, newID: Self.ids())
            Issue.record("a rest day's bad notes and RPE were accepted")
        } catch {
            #expect(error.message(for: "schedule.tuesday.notes") == "The notes for Tuesday are too long: at most 500 characters.")
            #expect(
                error.message(for: "schedule.tuesday.suggestedRPE")
                    == "The suggested RPE must be 1 to 10 in half steps (7, 7.5, 8).")
        }
    }

    @Test(
        "The wizard sends back week 1's schedule unchanged: weeks with days of their own (a rotation, a day edit) keep them; a changed schedule replaces every week's"
    )
    func unchangedScheduleKeepsWeeks() throws {
        let (a, b) = (UUID.numbered(90), UUID.numbered(91))
        let rotating = TrainingProgram(
            id: UUID.numbered(1), ownerID: UUID.numbered(2), name: "Alternating", category: .beginner, difficulty: .beginner,
            weeks: [
                ProgramWeek(
                    number: 1, days: [ProgramDay(id: UUID.numbered(11), weekday: .monday, templateID: a, notes: "A day")]),
                ProgramWeek(number: 2, days: [ProgramDay(id: UUID.numbered(21), weekday: .monday, templateID: b)]),
            ],
            createdAt: Date(timeIntervalSince1970: 0))
        var draft = ProgramDraft(rotating)
        draft.name = "Renamed"
        draft.schedule?.append(.init(weekday: "friday", templateID: nil))  // a rest day, as the wizard sends it
        let renamed = try draft.applied(to: rotating, templates: Self.templates, newID: Self.ids())
        #expect(renamed.name == "Renamed" && renamed.weeks == rotating.weeks)

        draft.schedule = [.init(weekday: "monday", templateID: b, notes: "Now B")]
        let changed = try draft.applied(to: rotating, templates: Self.templates, newID: Self.ids())
        #expect(changed.weeks.map { $0.days.map(\.templateID) } == [[b], [b]])
        #expect(
            changed.weeks.map { $0.days.map(\.id) } == [[UUID.numbered(11)], [UUID.numbered(21)]],
            "Monday keeps its id in each week")
    }
}
