import Foundation
import Testing

@testable import SpotterCore

@Suite("ProgramPresets: the built-in program library")
struct ProgramPresetsTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Name, category, days a week and weeks of every program of seed 04.
    static let expected: [(name: String, category: ProgramCategory, days: Int, weeks: Int)] = [
        ("Starting Strength", .beginner, 3, 12),
        ("StrongLifts 5x5", .beginner, 3, 12),
        ("Beginner Full Body", .beginner, 3, 8),
        ("Texas Method", .strength, 3, 12),
        ("5/3/1 Boring But Big", .strength, 4, 12),
        ("nSuns 5/3/1", .strength, 5, 12),
        ("PPL 6-Day", .hypertrophy, 6, 12),
        ("PHAT", .hypertrophy, 5, 12),
        ("PHUL", .hypertrophy, 4, 12),
        ("Upper/Lower 4-Day", .hypertrophy, 4, 12),
        ("12-Week Powerlifting Peak", .powerlifting, 4, 12),
        ("Sheiko Intermediate", .powerlifting, 4, 16),
        ("Bro Split", .bodybuilding, 5, 12),
        ("Arnold Split", .bodybuilding, 6, 12),
        ("CrossFit Strength Bias", .crossfit, 5, 8),
    ]

    static func preset(named name: String) throws -> ProgramPreset {
        try #require(ProgramPresets.all.first { $0.name == name }, "no program named \(name)")
    }

    static func template(named name: String) throws -> TemplatePreset {
        try #require(TemplatePresets.all.first { $0.name == name }, "no template preset named \(name)")
    }

    @Test("Exactly the fifteen programs, each once")
    func names() {
        #expect(ProgramPresets.all.map(\.name).sorted() == Self.expected.map(\.name).sorted())
        #expect(ProgramPresets.all.count == 15)
    }

    @Test("Program ids are unique and each one finds its preset")
    func ids() throws {
        let ids = ProgramPresets.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for preset in ProgramPresets.all {
            #expect(ProgramPresets.preset(id: preset.id)?.name == preset.name)
        }
        #expect(ProgramPresets.preset(id: UUID()) == nil)
        #expect(Set(ids).isDisjoint(with: TemplatePresets.all.map(\.id)))
    }

    @Test("Category, days a week and weeks match the list", arguments: ProgramPresetsTests.expected.map(\.name))
    func shape(name: String) throws {
        let preset = try Self.preset(named: name)
        let expected = try #require(Self.expected.first { $0.name == name })
        #expect(preset.category == expected.category)
        #expect(preset.daysPerWeek == expected.days)
        #expect(preset.weekCount == expected.weeks)
        let program = preset.program(id: preset.id, ownerID: nil, now: Self.now)
        #expect(program.weekCount == expected.weeks)
        #expect(program.daysPerWeek == expected.days)
        #expect(program.weeks.map(\.number) == Array(1...expected.weeks))
        // Every week of the rotation has the full number of days.
        #expect(preset.rotation.allSatisfy { $0.count == expected.days }, "\(name)")
    }

    @Test("Every category of the list has a program: Beginner, Strength, Hypertrophy, Powerlifting, Bodybuilding, CrossFit")
    func categories() {
        let categories = Set(ProgramPresets.all.map(\.category))
        #expect(categories.isSuperset(of: [.beginner, .strength, .hypertrophy, .powerlifting, .bodybuilding, .crossfit]))
    }

    @Test("Names, summaries, notes and numbers fit the program limits")
    func limits() {
        for preset in ProgramPresets.all {
            let name = preset.name
            #expect(NameKey.displayForm(of: name) == name, "\(name)")
            #expect(!name.isEmpty && name.count <= TrainingProgram.nameLimit, "\(name)")
            #expect(!preset.summary.isEmpty && preset.summary.count <= TrainingProgram.summaryLimit, "\(name)")
            #expect(TrainingProgram.weekLimits.contains(preset.weekCount), "\(name)")
            #expect(TrainingProgram.baseIntensityLimits.contains(preset.baseIntensity), "\(name)")
            #expect(TrainingProgram.incrementLimits.contains(preset.weeklyIncrement), "\(name)")
            #expect(preset.phases.keys.allSatisfy { (1...preset.weekCount).contains($0) }, "\(name)")
            let program = preset.program(id: preset.id, ownerID: nil, now: Self.now)
            #expect(program.weeks.allSatisfy { TrainingProgram.modifierLimits.contains($0.modifier) }, "\(name)")
            for day in preset.rotation.joined() {
                #expect(day.notes.count <= TrainingProgram.notesLimit, "\(name)")
                if let rpe = day.suggestedRPE {
                    #expect(TrainingProgram.rpeLimits.contains(rpe), "\(name)")
                    #expect((rpe * 2).rounded() == rpe * 2, "\(name): RPE in half steps")
                }
            }
            // A week's days fall on different weekdays.
            for week in preset.rotation {
                #expect(Set(week.map(\.weekday)).count == week.count, "\(name)")
            }
        }
    }

    @Test("Every day names a template preset")
    func daysNameTemplatePresets() {
        for preset in ProgramPresets.all {
            for day in preset.rotation.joined() {
                #expect(TemplatePresets.preset(id: day.template) != nil, "\(preset.name): \(day.template)")
            }
        }
    }

    @Test("Every program day template is used by a program, and its exercises are in the shipped catalog")
    func programDaysInCatalog() throws {
        let keys = Set(try TemplatePresetsTests.catalog().exercises.map(\.key))
        let used = Set(ProgramPresets.all.flatMap(\.templatePresetIDs))
        #expect(!TemplatePresets.programDays.isEmpty)
        for template in TemplatePresets.programDays {
            #expect(used.contains(template.id), "\(template.name) is used by no program")
            #expect(!template.exercises.isEmpty, "\(template.name)")
            for exercise in template.exercises {
                #expect(keys.contains(exercise.catalogKey), "\(template.name): \(exercise.catalogKey) is not in the catalog")
            }
        }
        // And every template any program uses.
        for id in used {
            let template = try #require(TemplatePresets.preset(id: id))
            #expect(template.exercises.allSatisfy { keys.contains($0.catalogKey) }, "\(template.name)")
        }
    }

    @Test("Template preset ids and names stay unique with the program days; the days fit the template limits")
    func templatesUnique() {
        let ids = TemplatePresets.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        let names = TemplatePresets.all.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count)
        #expect(TemplatePresets.all.count == TemplatePresets.library.count + TemplatePresets.programDays.count)
        for template in TemplatePresets.programDays {
            #expect(template.name.count <= TemplateDraft.nameLimit, "\(template.name)")
            #expect(template.notes.count <= TemplateDraft.notesLimit, "\(template.name)")
            #expect(template.category != .custom, "\(template.name)")
            #expect(template.exercises.allSatisfy { $0.notes.count <= TemplateDraft.exerciseNotesLimit }, "\(template.name)")
            // The number sits before the last four hex digits, which exercise ids mix in.
            #expect(template.id.uuidString.hasPrefix("5E7F0000-0000-4000-8000-000000"), "\(template.name)")
            #expect(template.id.uuidString.hasSuffix("0000"), "\(template.name)")
        }
    }

    @Test("Day ids are stable and never shared between programs or weeks")
    func dayIDs() {
        var seen = Set<UUID>()
        var count = 0
        for preset in ProgramPresets.all {
            let program = preset.program(id: preset.id, ownerID: nil, now: Self.now)
            let again = preset.program(id: preset.id, ownerID: nil, now: Self.now.addingTimeInterval(60))
            #expect(program.weeks == again.weeks, "\(preset.name)")
            for day in program.weeks.flatMap(\.days) {
                seen.insert(day.id)
                count += 1
            }
        }
        #expect(seen.count == count)
        #expect(seen.isDisjoint(with: ProgramPresets.all.map(\.id)))
    }

    @Test("Starting Strength alternates A/B/A and B/A/B weeks on Monday, Wednesday and Friday")
    func startingStrengthRotation() throws {
        let preset = try Self.preset(named: "Starting Strength")
        let a = try Self.template(named: "Starting Strength - Workout A").id
        let b = try Self.template(named: "Starting Strength - Workout B").id
        let program = preset.program(id: preset.id, ownerID: nil, now: Self.now)
        let week1 = try #require(program.week(1))
        let week2 = try #require(program.week(2))
        let week3 = try #require(program.week(3))
        #expect(week1.days.map(\.weekday) == [.monday, .wednesday, .friday])
        #expect(week1.days.map(\.templateID) == [a, b, a])
        #expect(week2.days.map(\.templateID) == [b, a, b])
        #expect(week3.days.map(\.templateID) == [a, b, a])
        #expect(preset.pattern == .linear)
        // 1.0, then 0.025 a week: week 12 is 1 + 11 x 0.025 = 1.275.
        #expect(Array(program.weeks.map(\.modifier).prefix(3)) == [1, 1.025, 1.05])
        #expect(program.weeks.last?.modifier == 1.275)
        #expect(program.weeks.allSatisfy { !$0.isDeload })
    }

    @Test("StrongLifts alternates its own A and B; Beginner Full Body uses the Full Body Beginner days")
    func otherAlternations() throws {
        let strongLifts = try Self.preset(named: "StrongLifts 5x5").program(id: UUID(), ownerID: nil, now: Self.now)
        let a = try Self.template(named: "StrongLifts 5x5 - Workout A")
        let b = try Self.template(named: "StrongLifts 5x5 - Workout B")
        #expect(strongLifts.week(1)?.days.map(\.templateID) == [a.id, b.id, a.id])
        #expect(strongLifts.week(2)?.days.map(\.templateID) == [b.id, a.id, b.id])
        #expect(
            a.exercises.map { "\($0.catalogKey) \($0.setCount)x\($0.reps.label)" }
                == ["squat-barbell 5x5", "bench-press-barbell 5x5", "bent-over-row-barbell 5x5"])
        #expect(
            b.exercises.map { "\($0.catalogKey) \($0.setCount)x\($0.reps.label)" }
                == ["squat-barbell 5x5", "overhead-press-barbell 5x5", "deadlift-barbell 1x5"])

        let beginner = try Self.preset(named: "Beginner Full Body").program(id: UUID(), ownerID: nil, now: Self.now)
        let fa = try Self.template(named: "Full Body Beginner - Workout A").id
        let fb = try Self.template(named: "Full Body Beginner - Workout B").id
        #expect(beginner.week(1)?.days.map(\.templateID) == [fa, fb, fa])
        #expect(beginner.week(2)?.days.map(\.templateID) == [fb, fa, fb])
    }

    @Test("Texas Method: volume Monday, recovery Wednesday at RPE 6, intensity Friday at RPE 9")
    func texasMethod() throws {
        let preset = try Self.preset(named: "Texas Method")
        #expect(preset.pattern == .linear)
        let week = try #require(preset.program(id: preset.id, ownerID: nil, now: Self.now).week(5))
        #expect(week.days.map(\.weekday) == [.monday, .wednesday, .friday])
        let volume = try Self.template(named: "Texas Method - Volume Day").id
        let recovery = try Self.template(named: "Texas Method - Recovery Day").id
        let intensity = try Self.template(named: "Texas Method - Intensity Day").id
        #expect(week.days.map(\.templateID) == [volume, recovery, intensity])
        #expect(week.days.map(\.suggestedRPE) == [8, 6, 9])
    }

    @Test("5/3/1 Boring But Big: three weeks up, then a deload in weeks 4, 8 and 12")
    func boringButBig() throws {
        let preset = try Self.preset(named: "5/3/1 Boring But Big")
        #expect(preset.pattern == .threeUpOneDeload)
        #expect(preset.baseIntensity == 1)
        #expect(preset.weeklyIncrement == 0.05)
        let program = preset.program(id: preset.id, ownerID: nil, now: Self.now)
        // Cycles start at 1.0, 1.05 and 1.1 and climb 0.05 a week; each deload is 90% of
        // its cycle's first week: 0.9, 0.9 x 1.05 = 0.945, 0.9 x 1.1 = 0.99.
        #expect(program.weeks.map(\.modifier) == [1, 1.05, 1.1, 0.9, 1.05, 1.1, 1.15, 0.945, 1.1, 1.15, 1.2, 0.99])
        #expect(program.weeks.filter(\.isDeload).map(\.number) == [4, 8, 12])
        #expect(program.weeks.filter { $0.phase == .deload }.map(\.number) == [4, 8, 12])
        #expect(program.week(4)?.label == "Deload")
        #expect(program.week(3)?.label == nil)
        // Every week still trains the four days.
        #expect(program.weeks.allSatisfy { $0.days.count == 4 })
    }

    @Test("The powerlifting peak runs hypertrophy, strength and peaking blocks and ends with a test week")
    func powerliftingPeak() throws {
        let preset = try Self.preset(named: "12-Week Powerlifting Peak")
        #expect(preset.pattern == .block)
        let program = preset.program(id: preset.id, ownerID: nil, now: Self.now)
        let phases = program.weeks.map(\.phase)
        #expect(
            phases == Array(repeating: .hypertrophy, count: 4) + Array(repeating: .strength, count: 4)
                + Array(repeating: .peaking, count: 3) + [.testing])
        // 0.85 climbing 0.025 a week; each block starts two increments above the last week before it.
        #expect(program.weeks.map(\.modifier) == [0.85, 0.875, 0.9, 0.925, 0.975, 1, 1.025, 1.05, 1.1, 1.125, 1.15, 1.175])
    }

    @Test("Programs whose last week is a test mark it so, and only it")
    func testWeeks() throws {
        for name in ["12-Week Powerlifting Peak", "Sheiko Intermediate", "CrossFit Strength Bias"] {
            let preset = try Self.preset(named: name)
            let program = preset.program(id: preset.id, ownerID: nil, now: Self.now)
            #expect(program.weeks.filter { $0.phase == .testing }.map(\.number) == [preset.weekCount], "\(name)")
        }
    }

    @Test("Programs reuse the library's days where they fit")
    func reuse() throws {
        let ppl = try Self.preset(named: "PPL 6-Day")
        let push = try Self.template(named: "PPL - Push").id
        let pull = try Self.template(named: "PPL - Pull").id
        let legs = try Self.template(named: "PPL - Legs").id
        #expect(
            ppl.rotation == [
                [
                    .init(.monday, push, notes: ppl.rotation[0][0].notes, rpe: 8),
                    .init(.tuesday, pull, notes: ppl.rotation[0][1].notes, rpe: 8),
                    .init(.wednesday, legs, notes: ppl.rotation[0][2].notes, rpe: 8),
                    .init(.thursday, push, notes: ppl.rotation[0][3].notes, rpe: 8),
                    .init(.friday, pull, notes: ppl.rotation[0][4].notes, rpe: 8),
                    .init(.saturday, legs, notes: ppl.rotation[0][5].notes, rpe: 8),
                ]
            ])
        let bro = try Self.preset(named: "Bro Split")
        let broRoutine = Set(bro.templatePresetIDs.compactMap { TemplatePresets.preset(id: $0)?.routine })
        #expect(broRoutine == ["Bro Split"])
        #expect(bro.templatePresetIDs.count == 5)
    }

    @Test("A preset becomes a read-only program; other template ids replace the presets'")
    func program() throws {
        let preset = try Self.preset(named: "Texas Method")
        let read = preset.program(id: preset.id, ownerID: nil, now: Self.now)
        #expect(read.isPreset)
        #expect(read.name == preset.name && read.summary == preset.summary)
        #expect(read.templateIDs == preset.templatePresetIDs)
        let owner = UUID()
        let copies = Dictionary(uniqueKeysWithValues: preset.templatePresetIDs.map { ($0, UUID()) })
        let own = preset.program(id: UUID(), ownerID: owner, templateIDs: copies, now: Self.now)
        #expect(!own.isPreset)
        #expect(own.templateIDs == preset.templatePresetIDs.map { copies[$0]! })
        #expect(own.sessionCount == 12 * 3)
    }
}
