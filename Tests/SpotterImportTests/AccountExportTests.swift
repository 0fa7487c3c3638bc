import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterImport

/// The full JSON export and import, on both engines: a rich account comes back
/// identical in a new account (ids apart), and one lifter's import or export never
/// touches another's things. Refusals: `AccountExportRefusalTests`.
@Suite("Full JSON export and import")
struct AccountExportTests: AccountExportFixtures {
    // MARK: Round trip

    @Test(
        "export, import into a new account, export again: the same file apart from the name, the time written and the ids",
        arguments: TestDatabase.all)
    func roundTrip(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let images = ImageStore(store: store, dataDirectory: env.dataDirectory)
                let anna = try await Self.richAccount(in: store, images: images)
                // Registered later and with the default settings: what the file brings must win.
                let ben = try await Self.account("ben", in: store, at: Self.at(30 * Self.day))
                let exporter = AccountExporter(store: store, images: images)
                let annas = try await exporter.document(userID: anna.id, now: Self.exportedAt)
                try Self.checkRich(annas)
                let json = try annas.encoded()
                #expect(try AccountDocument.decode(json) == annas, "the file reads back as written")

                let importer = AccountImporter(store: store, images: images)
                let outcome = try await importer.restore(json, userID: ben.id, now: Self.at(31 * Self.day))
                let sets = annas.workouts.reduce(0) { $0 + $1.exercises.reduce(0) { $0 + $1.sets.count } }
                #expect(
                    outcome
                        == AccountImportOutcome(
                            workouts: 14, sets: sets, exercises: 2, templates: 2, bodyMetrics: 3, trainingMaxes: 3))
                #expect(
                    outcome.summary
                        == "Imported 14 workouts with \(sets) sets, 2 custom exercises, 2 templates, 3 body measurements and 3 training maxes."
                )

                // The ids are not in the file: an import makes new ones, so the two
                // accounts are compared by content, with only the account's name and
                // the time written set equal.
                var bens = try await exporter.document(userID: ben.id, now: Self.exportedAt.addingTimeInterval(60))
                #expect(bens.username == "ben")
                #expect(bens.exportedAt == Self.exportedAt.addingTimeInterval(60))
                bens.username = annas.username
                bens.exportedAt = annas.exportedAt
                #expect(bens.settings == annas.settings)
                #expect(bens.exercises == annas.exercises)
                #expect(bens.workoutTypes == annas.workoutTypes)
                #expect(bens.workouts.count == annas.workouts.count)
                for (theirs, hers) in zip(bens.workouts, annas.workouts) { #expect(theirs == hers) }
                #expect(bens.templates == annas.templates)
                #expect(bens.bodyMetrics == annas.bodyMetrics)
                #expect(bens == annas)
                #expect(try bens.encoded() == json, "byte for byte")

                // Things that follow from the workouts were computed again, equal.
                let annaContent = try await AccountRepository(store: store).content(userID: anna.id)
                let benContent = try await AccountRepository(store: store).content(userID: ben.id)
                let progress = ProgressRepository(store: store)
                let annaStrongest = try await progress.strongest(userID: anna.id, limit: 100)
                let benStrongest = try await progress.strongest(userID: ben.id, limit: 100)
                #expect(annaStrongest.count >= 5)
                // The same e1RMs in the same order; exercises of equal e1RM come in no set order.
                #expect(annaStrongest.map { $0.bests.e1RM } == benStrongest.map { $0.bests.e1RM })
                let annaStrongestByName = try await Self.byName(
                    Dictionary(uniqueKeysWithValues: annaStrongest.map { ($0.exerciseID, $0.bests) }), of: anna.id, in: store)
                let benStrongestByName = try await Self.byName(
                    Dictionary(uniqueKeysWithValues: benStrongest.map { ($0.exerciseID, $0.bests) }), of: ben.id, in: store)
                #expect(annaStrongestByName == benStrongestByName)
                let annaBests = try await progress.bests(userID: anna.id, exerciseIDs: Self.usedExercises(annaContent))
                let benBests = try await progress.bests(userID: ben.id, exerciseIDs: Self.usedExercises(benContent))
                #expect(try await Self.byName(annaBests, of: anna.id, in: store) == Self.byName(benBests, of: ben.id, in: store))
                let workouts = WorkoutRepository(store: store)
                let annaHistory = try await workouts.history(userID: anna.id)
                let benHistory = try await workouts.history(userID: ben.id)
                #expect(annaHistory.count == 13, "every finished workout")
                #expect(benHistory.count == annaHistory.count)
                #expect(
                    benHistory.map(Self.recordMarks) == annaHistory.map(Self.recordMarks), "the same sets set the same records")
                #expect(
                    annaHistory.contains { !Self.recordMarks($0).joined().joined().isEmpty }, "and there are records to compare")
                let later = Self.at(40 * Self.day)
                let annaWeeks = try await progress.weeks(userID: anna.id, now: later, timeZone: Self.berlin)
                let benWeeks = try await progress.weeks(userID: ben.id, now: later, timeZone: Self.berlin)
                #expect(annaWeeks.thisWeek == benWeeks.thisWeek && annaWeeks.streak == benWeeks.streak)
                // The running rest timer, after ben's own set in the same place.
                let annaActive = try #require(annaContent.workouts.first { $0.isActive })
                let benActive = try #require(benContent.workouts.first { $0.isActive })
                #expect(
                    benActive.rest
                        == RestTimer.State(
                            endsAt: annaActive.rest.endsAt, totalSeconds: annaActive.rest.totalSeconds,
                            afterSetID: benActive.entries[0].sets[0].id))

                // The ids are remapped: none of ben's is one of anna's, and ben's
                // workouts point at ben's own types and templates.
                let annaIDs = Self.ids(annaContent)
                let benIDs = Self.ids(benContent)
                #expect(benIDs.count == annaIDs.count)
                #expect(benIDs.isDisjoint(with: annaIDs))
                #expect(Set(benContent.workouts.compactMap(\.workoutTypeID)).isSubset(of: Set(benContent.workoutTypes.map(\.id))))
                let presetIDs = Set(TemplatePresets.all.map(\.id))
                #expect(
                    Set(benContent.workouts.compactMap(\.templateID)).isSubset(
                        of: Set(benContent.templates.map(\.id)).union(presetIDs)))

                // The image is one of ben's own, with the same bytes.
                let annaImage = try #require(annaContent.exercises.first { $0.name == "Zercher Squat" }?.image)
                let benImage = try #require(benContent.exercises.first { $0.name == "Zercher Squat" }?.image)
                #expect(benImage.fileName != annaImage.fileName)
                #expect(benImage.format == .png && benImage.byteCount == Self.png.count)
                #expect(try await images.contents(of: benImage, userID: ben.id) == Self.png)
                #expect(try await Self.imageFiles(store, ben.id) == [benImage.fileName])

                // The import keys came along: the Strong file imported again into ben adds nothing.
                let again = try await HistoryImporter(store: store).plan(try Self.strongSample().outline, userID: ben.id)
                #expect(again.alreadyImported == 9 && again.workoutCount == 0)

                // A second full import into ben is refused and changes nothing.
                let before = try await exporter.document(userID: ben.id, now: Self.exportedAt)
                await #expect(
                    throws: SpotterError.conflict(
                        field: nil,
                        message:
                            "This account already holds 14 workouts, 2 custom exercises, 2 templates, 3 body measurements, 3 training maxes. A full export is imported into an empty account: create a new account and import it there."
                    )
                ) {
                    try await importer.restore(json, userID: ben.id, now: Self.at(32 * Self.day))
                }
                // The dry run's check says the same before anything is tried.
                await #expect(throws: SpotterError.self) { try await importer.check(json, userID: ben.id) }
                #expect(try await exporter.document(userID: ben.id, now: Self.exportedAt) == before)
                #expect(try await Self.imageFiles(store, ben.id) == [benImage.fileName])
            }
        }
    }

    /// A file from a server with fewer seeded types (or changed by hand) leaves out
    /// one of the account's seeded types: the account keeps it, after the file's.
    @Test("a file that leaves out a seeded type leaves the types in order 0..n-1", arguments: TestDatabase.all)
    func seededTypeLeftOut(engine: TestDatabase) async throws {
        try await Self.withAccount("carl", on: engine) { store, images, carl in
            var file = Self.smallFile()
            file.workoutTypes.removeAll { $0.seedKey == "cardio" }
            for index in file.workoutTypes.indices { file.workoutTypes[index].sortOrder = index }
            _ = try await AccountImporter(store: store, images: images).restore(
                try file.encoded(), userID: carl.id, now: Self.at(Self.day))
            let types = try await WorkoutTypeRepository(store: store).list(userID: carl.id, includeArchived: true)
            #expect(types.count == 10, "the file's nine and the account's own Cardio")
            #expect(Set(types.map(\.name)) == Set(file.workoutTypes.map(\.name) + ["Cardio"]))
            // The account's Cardio follows the file's nine: 0..n-1, none twice.
            #expect(types.map(\.sortOrder) == Array(0..<10))
            #expect(types.last?.name == "Cardio")
        }
    }

    // MARK: Cross-user

    @Test(
        "importing into one account never changes another, and an export holds only its own account", arguments: TestDatabase.all)
    func crossUser(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let images = ImageStore(store: store, dataDirectory: env.dataDirectory)
                let anna = try await Self.richAccount(in: store, images: images)
                let ben = try await Self.account("ben", in: store, at: Self.t0)
                let carl = try await Self.account("carl", in: store, at: Self.t0)
                let exporter = AccountExporter(store: store, images: images)
                let importer = AccountImporter(store: store, images: images)
                let annaBefore = try await exporter.document(userID: anna.id, now: Self.exportedAt)
                let annaFiles = try await Self.imageFiles(store, anna.id)
                #expect(annaFiles.count == 1)

                // Anna's own file into carl, and another lifter's file into ben.
                _ = try await importer.restore(try annaBefore.encoded(), userID: carl.id, now: Self.at(40 * Self.day))
                let small = Self.smallFile()
                _ = try await importer.restore(try small.encoded(), userID: ben.id, now: Self.at(40 * Self.day))
                #expect(try await exporter.document(userID: anna.id, now: Self.exportedAt) == annaBefore)
                #expect(try await Self.imageFiles(store, anna.id) == annaFiles)

                // Ben's export is his file and nothing of anna's (nor of carl's copy of it).
                var bens = try await exporter.document(userID: ben.id, now: small.exportedAt)
                #expect(bens.username == "ben")
                bens.username = small.username
                #expect(bens == small)
                let text = String(decoding: try bens.encoded(), as: UTF8.self)
                for annas in ["Tyre Drag", "Pull Day", "Push A", "Heavy Monday", "Felt strong", "Morning, fasted", "strong|"] {
                    #expect(!text.contains(annas), "\(annas)")
                }
                #expect(try await Self.imageFiles(store, ben.id).count == 1)
                #expect(
                    try await AccountRepository(store: store).content(userID: carl.id).workouts.count == annaBefore.workouts.count
                )
            }
        }
    }

    /// Anna's file holds what was built, so the round trip compares something.
    static func checkRich(_ file: AccountDocument) throws {
        #expect(file.format == "spotter-account" && file.version == 3 && file.username == "anna" && file.exportedAt == exportedAt)
        #expect(file.settings == annaSettings)
        #expect(
            file.trainingMaxes.map { "\($0.exercise) \($0.catalogKey ?? "-") \($0.weight) \($0.unit) \($0.day) \($0.source)" }
                == [
                    "Squat (Barbell) squat-barbell 140.0 kg 2026-01-05 typed", "Zercher Squat - 265.0 lb 2026-01-12 typed",
                    "Squat (Barbell) squat-barbell 145.0 kg 2026-01-19 estimated",
                ], "oldest day first, built-in lifts by catalog key")
        #expect(file.exercises.map(\.name) == ["Zercher Squat", "Tyre Drag"])
        let zercher = file.exercises[0]
        #expect(zercher.description == "Bar in the crook of the elbows." && zercher.video == "dQw4w9WgXcQ")
        #expect(zercher.aliases == ["Zercher", "Elbow Squat"] && zercher.secondaryMuscles == [.glutes, .core])
        #expect(zercher.image == AccountDocument.Image(format: .png, data: pngBase64))
        #expect(file.exercises[1].archived && file.exercises[1].image == nil)
        #expect(file.workoutTypes.count == 10 && file.workoutTypes.map(\.sortOrder) == Array(0..<10))
        #expect(file.workoutTypes.first?.name == "Mobility", "reordered: the last made comes first")
        #expect(
            file.workoutTypes.contains {
                $0.seedKey == "back" && $0.name == "Pull Day" && $0.color == "#123ABC" && $0.icon == .barbell
            })
        #expect(file.workoutTypes.contains { $0.seedKey == "cardio" && $0.archived })

        let program = try #require(file.programs.first)
        #expect(file.programs.count == 1 && program.name == "Push block" && program.pattern == .threeUpOneDeload)
        #expect(
            program.weeks.map(\.modifier) == [1, 1.05, 1.1, 0.9] && program.weeks.map(\.deload) == [false, false, false, true])
        #expect(
            program.weeks.allSatisfy {
                $0.days == [AccountDocument.DayEntry(weekday: .thursday, template: "Push A", notes: "Heavy", suggestedRPE: 8)]
            })
        #expect(program.skippedWeeks == [AccountDocument.SkipEntry(week: 2, day: "2026-01-15")])
        #expect(file.activeProgram?.program == "Push block" && file.activeProgram?.startDay == "2026-01-08")
        #expect(
            file.workouts.compactMap(\.program) == [
                AccountDocument.ProgramDayRef(program: "Push block", week: 1, weekday: .thursday)
            ])
        #expect(file.workouts.count == 14)
        #expect(file.workouts.map(\.startedAt) == file.workouts.map(\.startedAt).sorted(), "oldest first")
        #expect(file.workouts.filter { $0.importKey != nil }.count == 9)
        let sets = file.workouts.flatMap { $0.exercises.flatMap(\.sets) }
        #expect(Set(sets.map(\.kind)) == Set(SetKind.allCases))
        #expect(Set(sets.compactMap(\.unit)) == [.kg, .lb])
        #expect(sets.contains { $0.rpe == 8.5 && $0.note == "grindy, slow" })
        #expect(sets.contains { $0.durationSeconds == 480 && $0.distanceMeters == 2000 })
        #expect(sets.contains { $0.targetRepsMin == 5 && $0.targetRepsMax == 5 && $0.targetRPE == 8 })
        #expect(sets.contains { !$0.done && $0.loggedAt == nil })
        let heavy = try #require(file.workouts.first { $0.name == "Heavy Monday" })
        #expect(heavy.type == "Pull Day" && heavy.sessionRPE == 8 && heavy.notes == "Felt strong")
        #expect(heavy.exercises.map(\.catalogKey) == ["squat-barbell", nil, "bench-press-barbell", "plank", "rowing-machine"])
        #expect(heavy.exercises.map(\.supersetGroup) == [nil, 1, 1, nil, nil] && heavy.exercises[0].restSeconds == 180)
        #expect(
            file.workouts.contains { $0.template == "Push A" && $0.preset == nil && $0.type == "Chest" && $0.sessionRPE == 7 })
        #expect(file.workouts.contains { $0.preset == TemplatePresets.all[0].id && $0.template == nil })
        #expect(file.workouts.contains { $0.name == "Drag day" && $0.exercises.first?.exercise == "Tyre Drag" })
        let active = try #require(file.workouts.last)
        #expect(active.name == "Evening session" && active.endedAt == nil && active.type == "Mobility")
        #expect(active.rest == AccountDocument.Rest(endsAt: at(6 * day + 60 + 150 + 15), totalSeconds: 165, afterSet: [0, 0]))
        #expect(file.workouts.filter { $0.endedAt == nil }.count == 1)

        #expect(file.templates.map(\.name) == ["Push A", "Old Plan"])
        #expect(file.templates[0].pinned && file.templates[0].lastUsedAt == at(3 * day) && file.templates[0].exercises.count == 3)
        #expect(file.templates[0].exercises[0].targetWeight == 185 && file.templates[0].exercises[0].weightUnit == "lb")
        #expect(file.templates[1].archivedAt == at(230) && file.templates[1].exercises.first?.exercise == "Tyre Drag")
        #expect(file.bodyMetrics.map(\.day) == ["2026-01-05", "2026-01-12", "2026-01-19"])
        #expect(file.bodyMetrics.map(\.unit) == [.kg, .lb, nil] && file.bodyMetrics[0].bodyFatPercent == 18.5)
    }

    // MARK: Reading accounts

    /// Every id the account's own rows carry (built-in exercises and presets are shared).
    static func ids(_ content: AccountContent) -> Set<UUID> {
        var ids = Set(content.exercises.map(\.id) + content.workoutTypes.map(\.id) + content.bodyMetrics.map(\.id))
        for workout in content.workouts {
            ids.insert(workout.id)
            for entry in workout.entries { ids.formUnion([entry.id] + entry.sets.map(\.id)) }
        }
        for template in content.templates { ids.formUnion([template.id] + template.exercises.map(\.id)) }
        return ids
    }

    static func usedExercises(_ content: AccountContent) -> Set<UUID> {
        Set(content.workouts.flatMap { $0.entries.map(\.exerciseID) })
    }

    static func names(_ ids: [UUID], of userID: UUID, in store: SpotterStore) async throws -> [String] {
        let exercises = try await ExerciseRepository(store: store).exercises(ids: Set(ids), userID: userID)
        return ids.map { exercises[$0]?.name ?? "?" }
    }

    static func byName(_ bests: [UUID: PersonalRecords.Bests], of userID: UUID, in store: SpotterStore) async throws -> [String:
        PersonalRecords.Bests]
    {
        let names = try await names(Array(bests.keys), of: userID, in: store)
        return Dictionary(uniqueKeysWithValues: zip(names, bests.values))
    }

    /// The record kinds of each set, entry by entry, and whether each entry's session volume was one.
    static func recordMarks(_ workout: Workout) -> [[[PersonalRecords.Kind]]] {
        workout.entries.map { entry in
            entry.sets.map { entry.records.sets[$0.id] ?? [] } + [entry.records.sessionVolume ? [.bestSessionVolume] : []]
        }
    }
}
