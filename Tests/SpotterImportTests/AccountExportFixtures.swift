import Foundation
import SQLKit
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterImport

/// The accounts and files the full export tests start from. A protocol, so the
/// suites that adopt it read them as `Self.t0`, `Self.richAccount(...)`.
protocol AccountExportFixtures {}

extension AccountExportFixtures {
    /// Monday 2026-01-05 07:00 UTC.
    static var t0: Date { Date(timeIntervalSince1970: 1_767_596_400) }
    static var day: TimeInterval { 86_400 }
    static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
    static var exportedAt: Date { Date(timeIntervalSince1970: 1_775_000_000.125) }
    static var berlin: TimeZone { TimeZone(identifier: "Europe/Berlin")! }

    /// A real 1x1 PNG (signature, IHDR, IDAT, IEND with their checksums).
    static var png: [UInt8] { Array(Data(base64Encoded: pngBase64)!) }
    static var pngBase64: String {
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    }

    static var annaSettings: UserSettings {
        UserSettings(unit: .lb, defaultRestSeconds: 90, theme: .dark, timeZone: "Europe/Berlin", onboardingSeen: true)
    }

    /// A fresh database of `engine` with the built-in library, its image folder, and
    /// a new account `name`, removed afterwards.
    static func withAccount(
        _ name: String, on engine: TestDatabase, _ body: (SpotterStore, ImageStore, User) async throws -> Void
    ) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: t0)
                try await body(
                    store, ImageStore(store: store, dataDirectory: env.dataDirectory), try await account(name, in: store, at: t0))
            }
        }
    }

    /// Checks that a refused import left the account as it was: the same settings
    /// and types, no workouts, exercises, templates or measurements, no image files.
    static func expectUnchanged(
        _ user: User, since before: AccountContent, in store: SpotterStore, images: ImageStore,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let accounts = AccountRepository(store: store)
        #expect(
            try await accounts.content(userID: user.id) == before, "settings and types as they were",
            sourceLocation: sourceLocation)
        #expect(try await accounts.holdings(userID: user.id) == nil, "nothing held", sourceLocation: sourceLocation)
        #expect(try await imageFiles(store, user.id).isEmpty, "no image files", sourceLocation: sourceLocation)
    }

    static func account(_ name: String, in store: SpotterStore, at now: Date) async throws -> User {
        try await AccountService(store: store, hasher: PasswordHasher(cost: 4))
            .register(username: name, password: "correct horse battery", now: now)
    }

    static func strongSample() throws -> (input: ImportInput, outline: ImportOutline) {
        try ImportIntoStoreTests.strongSample()
    }

    /// Anna: settings of her own; her own exercises (one with aliases, secondary
    /// muscles, a video and an image, one archived); renamed, added, archived and
    /// reordered workout types; finished workouts with every set kind, kilograms and
    /// pounds, RPE, notes, durations, distances, targets, a superset and rests, one
    /// from a template and one from a preset; one in progress with its rest timer
    /// running; a Strong import; a pinned and an archived template; body measurements.
    static func richAccount(in store: SpotterStore, images: ImageStore) async throws -> User {
        try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: t0)
        let anna = try await account("anna", in: store, at: t0)
        let id = anna.id
        _ = try await UserRepository(store: store).update(settings: annaSettings, userID: id)

        let exercises = ExerciseRepository(store: store)
        let builtIn = try await exercises.list(userID: id, filter: ExerciseFilter(custom: false, includeArchived: true))
        let catalog = Dictionary(builtIn.compactMap { e in e.catalogKey.map { ($0, e.id) } }, uniquingKeysWith: { a, _ in a })
        let squat = try #require(catalog["squat-barbell"])
        let bench = try #require(catalog["bench-press-barbell"])
        let plank = try #require(catalog["plank"])
        let rowing = try #require(catalog["rowing-machine"])
        let zercher = try await ExerciseService.stopped(at: at(60), store: store).create(
            draft: ExerciseDraft(
                name: "Zercher Squat", description: "Bar in the crook of the elbows.", muscleGroups: [.legs], equipment: .barbell,
                kind: .weightReps, videoURL: "https://www.youtube.com/watch?v=dQw4w9WgXcQ"), userID: id)
        // The app has no field for the aliases and secondary muscles of an own
        // exercise, but the file carries them: set them in the table.
        try await store.sql.raw(
            """
            UPDATE exercises SET aliases = \(bind: "Zercher\nElbow Squat"), secondary_muscles = \(bind: ",glutes,core,") WHERE id = \(bind: zercher.id)
            """
        ).run()
        _ = try await ExerciseImageService(store: store, images: images, clock: { at(120) })
            .replace(on: zercher, with: png, userID: id)
        let sled = try await ExerciseService.stopped(at: at(150), store: store).create(
            draft: ExerciseDraft(
                name: "Tyre Drag", muscleGroups: [.legs, .fullBody], equipment: .other, kind: .distanceDuration), userID: id)

        let maxes = TrainingMaxRepository(store: store)
        for (exercise, weight, day, source, seconds) in [
            (squat, Mass(140, .kg), "2026-01-05", TrainingMax.Source.typed, 160.0),
            (squat, Mass(145, .kg), "2026-01-19", .estimated, 170), (zercher.id, Mass(265, .lb), "2026-01-12", .typed, 175),
        ] {
            try await maxes.put(
                TrainingMax(id: UUID(), exerciseID: exercise, weight: weight, day: day, source: source, createdAt: at(seconds)),
                userID: id)
        }

        let typesMadeAt = at(180)
        let types = WorkoutTypeService(store: store, clock: { typesMadeAt })
        let seeded = try await types.list(userID: id, includeArchived: true)
        let back = try #require(seeded.first { $0.seedKey == "back" })
        let chest = try #require(seeded.first { $0.seedKey == "chest" })
        let cardio = try #require(seeded.first { $0.seedKey == "cardio" })
        _ = try await types.update(
            back.id, draft: WorkoutTypeDraft(name: "Pull Day", colorHex: "#123abc", icon: "barbell"), userID: id)
        let mobility = try await types.create(
            draft: WorkoutTypeDraft(name: "Mobility", colorHex: "#00AA55", icon: "body"), userID: id)
        _ = try await types.setArchived(true, id: cardio.id, userID: id)
        _ = try await types.reorder(try await types.list(userID: id, includeArchived: true).map(\.id).reversed(), userID: id)

        let templates = TemplateRepository(store: store)
        let push = try await templates.save(
            WorkoutTemplate(
                id: UUID(), ownerID: id, name: "Push A", category: .strength, notes: "Heavy first.",
                exercises: [
                    TemplateExercise(
                        id: UUID(), exerciseID: bench, setCount: 3, reps: RepRange(5, 5), targetWeight: Mass(185, .lb),
                        targetRPE: 8,
                        restSeconds: 180, notes: "Pause the first rep"),
                    TemplateExercise(
                        id: UUID(), exerciseID: zercher.id, setCount: 2, reps: RepRange(8, 12), targetRPE: 7.5, restSeconds: nil),
                    TemplateExercise(id: UUID(), exerciseID: plank, setCount: 2, restSeconds: 60, targetDurationSeconds: 45),
                ],
                createdAt: at(200)),
            userID: id)
        _ = try await templates.update(id: push.id, userID: id, now: at(210)) { template in
            var template = template
            template.pinned = true
            return template
        }
        // A program on Push A: four weeks, the fourth a deload, followed from 2026-01-08 with week 2 skipped.
        let programs = ProgramRepository(store: store)
        let plan = ProgressionPattern.threeUpOneDeload.weeks(4, base: 1, increment: 0.05)
        let block = try await programs.insert(
            TrainingProgram(
                id: UUID(), ownerID: id, name: "Push block", summary: "Four weeks of pressing.", category: .strength,
                difficulty: .intermediate,
                pattern: .threeUpOneDeload, baseIntensity: 1, weeklyIncrement: 0.05,
                weeks: plan.enumerated().map { index, week in
                    ProgramWeek(
                        number: index + 1, phase: week.phase, modifier: week.modifier, isDeload: week.isDeload,
                        days: [ProgramDay(id: UUID(), weekday: .thursday, templateID: push.id, notes: "Heavy", suggestedRPE: 8)])
                },
                createdAt: at(220)),
            userID: id)
        try await programs.activate(
            ActiveProgram(
                programID: block.id, startDay: "2026-01-08", activatedAt: at(230),
                pause: ProgramPause(days: 3, since: "2026-01-20")),
            userID: id, day: "2026-01-08")
        try await programs.skip(week: 2, programID: block.id, userID: id, day: "2026-01-15")
        let old = try await templates.save(
            WorkoutTemplate(
                id: UUID(), ownerID: id, name: "Old Plan", category: .custom,
                exercises: [
                    TemplateExercise(
                        id: UUID(), exerciseID: sled.id, setCount: 1, reps: RepRange(1, 1), targetDurationSeconds: 120)
                ],
                createdAt: at(220)),
            userID: id)
        let archivedAt = at(230)
        _ = try await templates.update(id: old.id, userID: id, now: archivedAt) { template in
            var template = template
            template.archivedAt = archivedAt
            return template
        }
        _ = try await ExerciseService.stopped(at: at(240), store: store).setArchived(true, id: sled.id, userID: id)

        let workouts = WorkoutRepository(store: store)
        let start1 = at(Self.day)
        func done(
            _ kind: SetKind = .working, _ reps: Int?, _ weight: Mass?, rpe: Double? = nil, note: String = "", seconds: Int? = nil,
            meters: Double? = nil, target: SetTarget? = nil, at offset: TimeInterval
        ) -> WorkoutSet {
            WorkoutSet(
                id: UUID(), kind: kind, reps: reps, weight: weight, durationSeconds: seconds, distanceMeters: meters, rpe: rpe,
                done: true,
                note: note, loggedAt: start1.addingTimeInterval(offset), updatedAt: start1.addingTimeInterval(offset + 1),
                target: target)
        }
        let heavy = Workout(
            id: UUID(), ownerID: id, name: "Heavy Monday", workoutTypeID: back.id, startedAt: start1,
            endedAt: start1.addingTimeInterval(4500),
            notes: "Felt strong", sessionRPE: 8,
            entries: [
                ExerciseEntry(
                    id: UUID(), exerciseID: squat, notes: "Belt on", restSeconds: 180,
                    sets: [
                        done(.warmup, 10, Mass(60, .kg), at: 300),
                        done(.working, 5, Mass(140, .kg), rpe: 8.5, note: "grindy, slow", at: 600),
                        done(.working, 5, Mass(140, .kg), target: SetTarget(reps: RepRange(5, 5), rpe: 8), at: 900),
                        done(.drop, 8, Mass(100, .kg), at: 1000),
                        done(.failure, 3, Mass(150, .kg), rpe: 10, at: 1300),
                        WorkoutSet(
                            id: UUID(), reps: 5, weight: Mass(140, .kg), updatedAt: start1,
                            target: SetTarget(reps: RepRange(3, 5))),
                    ]),
                ExerciseEntry(
                    id: UUID(), exerciseID: zercher.id, supersetGroup: 1, restSeconds: 90,
                    sets: [done(.working, 8, Mass(225, .lb), at: 1800), done(.working, 8, Mass(227.5, .lb), rpe: 9, at: 2000)]),
                ExerciseEntry(
                    id: UUID(), exerciseID: bench, supersetGroup: 1, sets: [done(.working, 10, Mass(135, .lb), at: 1900)]),
                ExerciseEntry(id: UUID(), exerciseID: plank, sets: [done(.working, nil, nil, seconds: 60, at: 3000)]),
                ExerciseEntry(
                    id: UUID(), exerciseID: rowing, notes: "Damper 6",
                    sets: [done(.working, nil, nil, seconds: 480, meters: 2000, at: 4000)]),
            ])
        let sledDay = Workout(
            id: UUID(), ownerID: id, name: "Drag day", workoutTypeID: mobility.id, startedAt: at(2 * day),
            endedAt: at(2 * day + 1200),
            entries: [
                ExerciseEntry(
                    id: UUID(), exerciseID: sled.id,
                    sets: [
                        WorkoutSet(
                            id: UUID(), durationSeconds: 30, distanceMeters: 40, done: true, loggedAt: at(2 * day + 600),
                            updatedAt: at(2 * day + 600))
                    ])
            ])
        try await workouts.addFinished([heavy, sledDay], userID: id, now: at(3 * day))

        // One started from the template, one from a preset: each with its first set done.
        let preset = try #require(try await templates.preset(id: TemplatePresets.all[0].id))
        for (index, source) in [push, preset].enumerated() {
            let start = at(Double(3 + index) * day)
            let workout = try await WorkoutService.at(start, in: store).start(
                .init(
                    id: UUID(), name: source.name, workoutTypeID: index == 0 ? chest.id : nil,
                    entries: TemplateStart.entries(from: source.exercises, suggestedWeights: [:], now: start, newID: UUID.init),
                    templateID: source.id,
                    program: index == 0 ? ProgramLink(programID: block.id, week: 1, dayID: block.weeks[0].days[0].id) : nil),
                user: anna)
            let entry = try #require(workout.entries.first)
            _ = try await WorkoutService.at(start.addingTimeInterval(300), in: store).putSet(
                SetWrite(
                    workoutID: workout.id, entryID: entry.id, setID: entry.sets[0].id,
                    draft: SetDraft(reps: 5, weight: 185, weightUnit: "lb", rpe: 8, done: true, note: "easy"),
                    changedAt: start.addingTimeInterval(300)), user: anna)
            _ = try await WorkoutService.at(start.addingTimeInterval(400), in: store).update(
                workout.id, change: WorkoutChange(notes: "From \(source.name)", sessionRPE: .some(7)), user: anna)
            _ = try await WorkoutService.at(start.addingTimeInterval(3600), in: store).finish(workout.id, user: anna)
        }

        let importer = HistoryImporter(store: store)
        let sample = try strongSample()
        _ = try await importer.commit(
            try await importer.plan(sample.outline, userID: id), from: sample.input, userID: id, now: at(5 * day))

        // In progress: two sets of bench, the first done, so its rest runs (15 s longer).
        let evening = at(6 * day)
        let active = try await WorkoutService.at(evening, in: store).start(
            .init(id: UUID(), name: "Evening session", workoutTypeID: mobility.id), user: anna)
        let entryID = UUID()
        _ = try await WorkoutService.at(evening.addingTimeInterval(10), in: store).putEntry(
            workoutID: active.id, entryID: entryID,
            change: EntryChange(exerciseID: bench, notes: "Spotter needed", restSeconds: .some(150)), user: anna)
        let first = UUID()
        for (setID, offset) in [(first, 20.0), (UUID(), 30.0)] {
            _ = try await WorkoutService.at(evening.addingTimeInterval(offset), in: store).putSet(
                SetWrite(
                    workoutID: active.id, entryID: entryID, setID: setID,
                    draft: SetDraft(kind: "working", reps: 5, weight: 185, weightUnit: "lb"),
                    changedAt: evening.addingTimeInterval(offset)), user: anna)
        }
        _ = try await WorkoutService.at(evening.addingTimeInterval(60), in: store).putSet(
            SetWrite(
                workoutID: active.id, entryID: entryID, setID: first, draft: SetDraft(rpe: 7, done: true),
                changedAt: evening.addingTimeInterval(60)), user: anna)
        let adjusted = evening.addingTimeInterval(70)
        _ = try await WorkoutService.at(adjusted, in: store).restTimer(workoutID: active.id, action: .add, user: anna)

        let metrics = BodyMetricRepository(store: store)
        _ = try await metrics.put(
            BodyMetric(
                id: UUID(), day: "2026-01-05", bodyWeight: Mass(80.5, .kg), bodyFatPercent: 18.5, note: "Morning, fasted",
                updatedAt: at(100)),
            userID: id)
        _ = try await metrics.put(
            BodyMetric(id: UUID(), day: "2026-01-12", bodyWeight: Mass(178.2, .lb), bodyFatPercent: nil, updatedAt: at(7 * day)),
            userID: id)
        _ = try await metrics.put(
            BodyMetric(
                id: UUID(), day: "2026-01-19", bodyWeight: nil, bodyFatPercent: 17.9, note: "Calipers", updatedAt: at(14 * day)),
            userID: id)
        return anna
    }

    /// A small full export from another server: every seeded type and one of the
    /// lifter's own, one own exercise with an image, a finished workout (built-in
    /// and own exercise, a warm-up, a failure set) and one in progress, a template
    /// and a measurement. The bad files are this one with one thing wrong.
    static func smallFile() -> AccountDocument {
        let start = Date(timeIntervalSince1970: 1_773_507_900)  // 2026-03-14T17:05:00Z
        func set(_ kind: SetKind, _ reps: Int, _ weight: Double, done: Bool = true) -> AccountDocument.Set {
            AccountDocument.Set(
                kind: kind, reps: reps, weight: weight, unit: .kg, durationSeconds: nil, distanceMeters: nil, rpe: nil,
                done: done, note: "",
                loggedAt: done ? start.addingTimeInterval(Double(reps) * 60) : nil,
                updatedAt: start.addingTimeInterval(Double(reps) * 60 + 1),
                targetRepsMin: nil, targetRepsMax: nil, targetRPE: nil)
        }
        func workout(_ name: String, type: String?, at startedAt: Date, ended: Bool, _ exercises: [AccountDocument.Entry])
            -> AccountDocument.WorkoutEntry
        {
            AccountDocument.WorkoutEntry(
                name: name, type: type, template: nil, preset: nil, startedAt: startedAt,
                endedAt: ended ? startedAt.addingTimeInterval(3600) : nil,
                notes: "", sessionRPE: nil, importKey: nil, rest: nil, exercises: exercises)
        }
        func entry(_ name: String, _ key: String?, _ sets: [AccountDocument.Set]) -> AccountDocument.Entry {
            AccountDocument.Entry(exercise: name, catalogKey: key, notes: "", supersetGroup: nil, restSeconds: nil, sets: sets)
        }
        let created = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
        var types = SeedWorkoutType.all.enumerated().map { index, seed in
            AccountDocument.WorkoutTypeEntry(
                seedKey: seed.key, name: seed.name, color: seed.colorHex, icon: seed.icon, sortOrder: index, archived: false,
                createdAt: created)
        }
        types.append(
            .init(
                seedKey: nil, name: "Mobility", color: "#00AA55", icon: .body, sortOrder: types.count, archived: false,
                createdAt: created))
        return AccountDocument(
            format: AccountDocument.formatName, version: AccountDocument.currentVersion,
            exportedAt: start.addingTimeInterval(2 * day),
            username: "dora",
            settings: UserSettings(
                unit: .kg, defaultRestSeconds: 150, theme: .light, timeZone: "America/New_York", onboardingSeen: true),
            exercises: [
                AccountDocument.CustomExercise(
                    name: "Zercher Squat", description: "", primaryMuscles: [.legs], secondaryMuscles: [], equipment: .barbell,
                    kind: .weightReps,
                    aliases: [], video: nil, image: AccountDocument.Image(format: .png, data: pngBase64), archived: false,
                    createdAt: created,
                    updatedAt: created)
            ],
            workoutTypes: types,
            workouts: [
                workout(
                    "Legs", type: "Legs", at: start, ended: true,
                    [
                        entry("Squat (Barbell)", "squat-barbell", [set(.warmup, 10, 60), set(.failure, 3, 150)]),
                        entry("Zercher Squat", nil, [set(.working, 8, 100)]),
                    ]),
                workout(
                    "Evening", type: nil, at: start.addingTimeInterval(day), ended: false,
                    [
                        entry("Zercher Squat", nil, [set(.working, 5, 100, done: false)])
                    ]),
            ],
            templates: [
                AccountDocument.TemplateEntry(
                    name: "Legs A", category: .strength, notes: "", pinned: false, archivedAt: nil, createdAt: created,
                    updatedAt: created,
                    lastUsedAt: nil,
                    exercises: [
                        TemplateExchange.Exercise(
                            exercise: "Zercher Squat", catalogKey: nil, sets: 3, repMin: 5, repMax: 8, targetWeight: nil,
                            weightUnit: nil,
                            targetRPE: nil, restSeconds: 120, targetDurationSeconds: nil, notes: nil)
                    ])
            ],
            bodyMetrics: [
                AccountDocument.BodyMetricEntry(
                    day: "2026-03-14", bodyWeight: 80, unit: .kg, bodyFatPercent: nil, note: "",
                    updatedAt: start.addingTimeInterval(7200))
            ],
            programs: [])
    }

    /// The names of a lifter's stored images.
    static func imageFiles(_ store: SpotterStore, _ userID: UUID) async throws -> [String] {
        try await store.sql.raw("SELECT name FROM stored_images WHERE user_id = \(bind: userID) ORDER BY name").all()
            .map { try $0.decode(column: "name", as: String.self) }
    }
}
