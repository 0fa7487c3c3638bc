import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterImport

/// A full import that cannot be made, on both engines: a bad file is refused with a
/// message that says what and where, and a failure halfway leaves nothing behind.
/// Every case checks that the target account is exactly as it was.
@Suite("Full JSON import refusals")
struct AccountExportRefusalTests: AccountExportFixtures {
    @Test("the small file the bad files are made from imports, and comes back as it was", arguments: TestDatabase.all)
    func smallFileImports(engine: TestDatabase) async throws {
        try await Self.withAccount("carl", on: engine) { store, images, carl in
            let file = Self.smallFile()
            #expect(
                file.summary
                    == "Spotter full export of dora, written 2026-03-16: 2 workouts with 4 sets (2026-03-14 to 2026-03-15), "
                    + "1 custom exercise, 10 workout types, 1 template and 1 body measurement.")
            let outcome = try await AccountImporter(store: store, images: images).restore(
                try file.encoded(), userID: carl.id, now: Self.at(Self.day))
            #expect(outcome == AccountImportOutcome(workouts: 2, sets: 4, exercises: 1, templates: 1, bodyMetrics: 1))
            var back = try await AccountExporter(store: store, images: images).document(userID: carl.id, now: file.exportedAt)
            back.username = file.username
            #expect(back == file)
        }
    }

    @Test("a version 1 file, written before programs, still imports: it reads as having none", arguments: TestDatabase.all)
    func versionOneImports(engine: TestDatabase) async throws {
        try await Self.withAccount("vera", on: engine) { store, images, vera in
            let file = Self.smallFile()
            var json = try #require(try JSONSerialization.jsonObject(with: try file.encoded()) as? [String: Any])
            json["version"] = 1
            json["programs"] = nil
            json["activeProgram"] = nil
            let old = try JSONSerialization.data(withJSONObject: json)
            #expect(!String(decoding: old, as: UTF8.self).contains("programs"))
            let decoded = try AccountDocument.decode(old)
            #expect(decoded.version == 1 && decoded.programs.isEmpty && decoded.activeProgram == nil)
            let outcome = try await AccountImporter(store: store, images: images).restore(
                old, userID: vera.id, now: Self.at(Self.day))
            #expect(outcome == AccountImportOutcome(workouts: 2, sets: 4, exercises: 1, templates: 1, bodyMetrics: 1))
            var back = try await AccountExporter(store: store, images: images).document(userID: vera.id, now: file.exportedAt)
            back.username = file.username
            #expect(back == file, "exported again as version 2, with no programs")
        }
    }

    @Test(
        "a bad file is refused with a message that says what and where, and changes nothing", arguments: TestDatabase.all,
        BadFile.all)
    func badFile(engine: TestDatabase, bad: BadFile) async throws {
        try await Self.withAccount("ben", on: engine) { store, images, ben in
            let before = try await AccountRepository(store: store).content(userID: ben.id)
            let data = try bad.data()
            await #expect(throws: ImportError(bad.message)) {
                try await AccountImporter(store: store, images: images).restore(data, userID: ben.id, now: Self.at(Self.day))
            }
            try await Self.expectUnchanged(ben, since: before, in: store, images: images)
        }
    }

    /// A file that is wrong in one way: the small file changed, or something else entirely.
    struct BadFile: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let data: @Sendable () throws -> Data
        let message: String

        /// The small file with one change of its values.
        init(_ name: String, _ message: String, _ change: @escaping @Sendable (inout AccountDocument) -> Void) {
            testDescription = name
            self.message = message
            data = {
                var file = AccountExportRefusalTests.smallFile()
                change(&file)
                return try file.encoded()
            }
        }

        /// The small file's text with `old` (found exactly once) replaced by `new`.
        init(_ name: String, _ message: String, replacing old: String, with new: String) {
            testDescription = name
            self.message = message
            data = {
                let text = String(decoding: try AccountExportRefusalTests.smallFile().encoded(), as: UTF8.self)
                try #require(text.components(separatedBy: old).count == 2, "\(old) is in the file once")
                return Data(text.replacingOccurrences(of: old, with: new).utf8)
            }
        }

        init(_ name: String, _ message: String, text: String) {
            testDescription = name
            self.message = message
            data = { Data(text.utf8) }
        }

        static let damaged = "The export is damaged or was changed by hand: "

        /// The small file with a one-week program on its template, followed as `active` says.
        static func following(_ active: @escaping @Sendable (inout AccountDocument.ActiveProgramEntry) -> Void)
            -> @Sendable (inout AccountDocument) -> Void
        {
            { file in
                let day = file.exportedAt
                file.programs = [
                    AccountDocument.ProgramEntry(
                        name: "Block", description: "", category: .strength, difficulty: .beginner, pattern: .constant,
                        baseIntensity: 1, weeklyIncrement: 0, archivedAt: nil, createdAt: day, updatedAt: day,
                        weeks: [
                            AccountDocument.WeekEntry(
                                number: 1, phase: nil, modifier: 1, deload: false,
                                days: [
                                    AccountDocument.DayEntry(
                                        weekday: .monday, template: file.templates[0].name, notes: "", suggestedRPE: nil)
                                ])
                        ], skippedWeeks: [])
                ]
                var entry = AccountDocument.ActiveProgramEntry(
                    program: "Block", startDay: "2026-03-09", activatedAt: day, pausedDays: 3, pausedOn: "2026-03-12")
                active(&entry)
                file.activeProgram = entry
            }
        }

        static func max(_ exercise: String, _ kg: Double, day: String = "2026-03-10") -> AccountDocument.TrainingMaxEntry {
            AccountDocument.TrainingMaxEntry(
                exercise: exercise, catalogKey: nil, weight: kg, unit: .kg, day: day, source: .typed,
                createdAt: Date(timeIntervalSince1970: 1_773_507_900))
        }

        static let all: [BadFile] = [
            BadFile(
                "not JSON", "This file is not JSON. Choose the .json file that Spotter's full export wrote.",
                text: "Date,Workout Name,Duration,Exercise Name\n2024-06-18 11:04:00,Legs,1h,Squat (Barbell)\n"),
            BadFile(
                "JSON without the format",
                "This JSON file is not a Spotter full export (it has no \"format\": \"spotter-account\"). Choose the file that Settings -> Export or `spotter export --format json` wrote.",
                replacing: "\"format\" : \"spotter-account\",", with: ""),
            BadFile(
                "a newer version",
                "This export was written by a newer Spotter (file version 4, this server reads up to 3). Update Spotter on this server and import again.",
                replacing: "\"version\" : 3", with: "\"version\" : 4"),
            BadFile(
                "the version as text",
                damaged + "version is missing or not a whole number.",
                replacing: "\"version\" : 3", with: "\"version\" : \"2\""),
            BadFile(
                "a JSON list",
                "This JSON file is not a Spotter full export (it has no \"format\": \"spotter-account\"). Choose the file that Settings -> Export or `spotter export --format json` wrote.",
                text: "[1, 2, 3]"),
            BadFile(
                "a set kind that does not exist",
                damaged + "workouts[0].exercises[0].sets[1].kind holds \"superset\", which is not an allowed value.",
                replacing: "\"kind\" : \"failure\"", with: "\"kind\" : \"superset\""),
            BadFile(
                "bad time text",
                damaged + "workouts[0].startedAt holds \"2026-03-14 17:05\", not a time such as 2026-03-14T18:05:00.000Z.",
                replacing: "\"2026-03-14T17:05:00.000Z\"", with: "\"2026-03-14 17:05\""),
            BadFile(
                "an unknown catalog key",
                "workouts[0] (\"Legs\", 2026-03-14).exercises[0]: \"Squat (Barbell)\" (squat-moon) is not a built-in exercise of this server. Update Spotter here and import again."
            ) { $0.workouts[0].exercises[0].catalogKey = "squat-moon" },
            BadFile(
                "an exercise of the lifter's not in the file",
                "workouts[0] (\"Legs\", 2026-03-14).exercises[1]: the exercise \"Ghost Press\" is not among the file's exercises."
            ) { $0.workouts[0].exercises[1].exercise = "Ghost Press" },
            BadFile(
                "a workout type not in the file",
                "workouts[0] (\"Legs\", 2026-03-14): the workout type \"Yoga\" is not in the file."
            ) { $0.workouts[0].type = "Yoga" },
            BadFile(
                "two workouts in progress",
                "workouts[1] (\"Evening\", 2026-03-15): a second workout in progress; a lifter has one at a time."
            ) { $0.workouts[0].endedAt = nil },
            BadFile(
                "a workout that ends before it starts",
                "workouts[0] (\"Legs\", 2026-03-14): it ends before it starts."
            ) { $0.workouts[0].endedAt = $0.workouts[0].startedAt.addingTimeInterval(-60) },
            BadFile(
                "a damaged base64 image",
                "exercises[0] (\"Zercher Squat\"): the image is not base64 data."
            ) { $0.exercises[0].image?.data = "iVBORw0KGgo*not*base64" },
            BadFile(
                "two custom exercises of one name",
                "exercises[1] (\"zercher  squat\"): a second exercise of this name; names are unique."
            ) { file in
                var twin = file.exercises[0]
                twin.name = "zercher  squat"
                twin.image = nil
                file.exercises.append(twin)
            },
            BadFile(
                "an exercise named with word joiners only",
                "exercises[0] (\"\u{2060}\u{2060}\"): the name holds only invisible characters (U+2060)."
            ) { $0.exercises[0].name = "\u{2060}\u{2060}" },
            BadFile(
                "a workout named with a word joiner only",
                "workouts[0] (\"\u{2060}\", 2026-03-14): the name holds only invisible characters (U+2060)."
            ) { $0.workouts[0].name = "\u{2060}" },
            BadFile(
                "a direction override in a workout's notes",
                "The export cannot be imported: \"workouts[0].notes\" holds a direction control (U+202E), which shows the text after it in another order than it is written. Remove it: right-to-left text needs none."
            ) { $0.workouts[0].notes = "felt \u{202E}doog" },
            BadFile(
                "an active program's start day that is no day",
                "activeProgram.startDay: \"2026-02-30\" is not a day such as 2026-03-14.",
                following { $0.startDay = "2026-02-30" }),
            BadFile(
                "an active program paused a negative number of days",
                "activeProgram.pausedDays: -2 is not a number of days from 0 to 36600.", following { $0.pausedDays = -2 }),
            BadFile(
                "an active program paused since no day",
                "activeProgram.pausedOn: \"last week\" is not a day such as 2026-03-14.", following { $0.pausedOn = "last week" }),
            BadFile(
                "a training max of an exercise the file does not have",
                "trainingMaxes[0]: the exercise \"Hack Squat\" is not among the file's exercises."
            ) { $0.trainingMaxes = [Self.max("Hack Squat", 100)] },
            BadFile(
                "a training max of 0 kg", "trainingMaxes[0].weight: The training max must be from 1 to 600 kg."
            ) { $0.trainingMaxes = [Self.max("Zercher Squat", 0)] },
            BadFile(
                "a training max from no day",
                "trainingMaxes[0].day: Enter the date as YYYY-MM-DD, for example 2026-03-14."
            ) { $0.trainingMaxes = [Self.max("Zercher Squat", 100, day: "2026-13-01")] },
            BadFile(
                "a bad time zone",
                "settings.timeZone: \"Mars/Olympus_Mons\" is not a time zone such as Europe/Berlin."
            ) { $0.settings.timeZone = "Mars/Olympus_Mons" },
        ]
    }

    // MARK: All or nothing

    @Test(
        "an image that is base64 but no picture stops the import before it writes, and the image stored before it is removed",
        arguments: TestDatabase.all)
    func notAPicture(engine: TestDatabase) async throws {
        try await Self.withAccount("ben", on: engine) { store, images, ben in
            let before = try await AccountRepository(store: store).content(userID: ben.id)
            var file = Self.smallFile()
            var box = file.exercises[0]
            box.name = "Box Jump"
            box.image = AccountDocument.Image(format: .png, data: Data("GIF89a, not a PNG at all".utf8).base64EncodedString())
            file.exercises.append(box)
            // The first exercise's image is stored before the second is found wrong.
            await #expect(
                throws: ImportError("The image of the exercise \"Box Jump\" is not usable: Upload a PNG, JPEG or WebP image.")
            ) {
                try await AccountImporter(store: store, images: images).restore(
                    try file.encoded(), userID: ben.id, now: Self.at(Self.day))
            }
            // The Zercher Squat's image, already written, is removed.
            try await Self.expectUnchanged(ben, since: before, in: store, images: images)
        }
    }

    /// A file from a server whose seeded types differ (or one changed by hand) can
    /// name one of the lifter's own types like a seeded type the file leaves out:
    /// the account's seeded type keeps its name, so the names clash on the
    /// database's unique index only inside the transaction, after the settings,
    /// the types and the images were written.
    @Test(
        "a failure inside the transaction leaves nothing: no rows, the old settings, no image files", arguments: TestDatabase.all)
    func failureInsideTheTransaction(engine: TestDatabase) async throws {
        try await Self.withAccount("ben", on: engine) { store, images, ben in
            let before = try await AccountRepository(store: store).content(userID: ben.id)
            var file = Self.smallFile()
            #expect(file.settings != before.settings, "the file's settings would change ben's")
            file.workoutTypes.removeAll { $0.seedKey == "back" }
            file.workoutTypes.append(
                AccountDocument.WorkoutTypeEntry(
                    seedKey: nil, name: "Back", color: "#112233", icon: .back, sortOrder: 10, archived: false, createdAt: Self.t0)
            )
            let data = try file.encoded()
            let importer = AccountImporter(store: store, images: images)
            let error = await #expect(throws: (any Error).self) {
                try await importer.restore(data, userID: ben.id, now: Self.at(Self.day))
            }
            // The settings and the parked type names are rolled back, and the image
            // stored before the transaction is removed.
            try await Self.expectUnchanged(ben, since: before, in: store, images: images)
            #expect(try await TestEnvironment.count("exercise_records", in: store) == 0)
            #expect(try await TestEnvironment.count("training_weeks", in: store) == 0)
            // The clash is named, and the lifter told how to get past it.
            #expect(
                error as? SpotterError
                    == SpotterError.conflict(
                        field: nil,
                        message:
                            "The file's workout type \"Back\" has the name of a type this server gives every account. Rename that type in the account it came from, export again, and import the new file."
                    ))
        }
    }
}
