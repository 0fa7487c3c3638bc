import Foundation
import SpotterCore
import SpotterStore

/// The full export: everything one lifter owns, as JSON that another Spotter reads
/// back into an empty account with nothing lost or changed.
///
/// The file carries no database ids; ids differ between servers, and an import makes
/// new ones. Things refer to each other by what names them for the lifter: built-in
/// exercises by catalog key, the lifter's own exercises, workout types and templates
/// by their names (unique per lifter), presets by their fixed ids, and the set that
/// started a rest timer by its place in the workout. Times are UTC with milliseconds.
///
/// Version 2 added programs (`programs`, `activeProgram`, and each workout's
/// `program`); a version 1 file has none of them and still imports. Version 3 added
/// `trainingMaxes` (a server that reads up to 2 refuses such a file rather than
/// drop them); older files have none.
public struct AccountDocument: Sendable, Equatable, Codable {
    public static let formatName = "spotter-account"
    public static let currentVersion = 3

    public var format: String
    public var version: Int
    public var exportedAt: Date
    /// The account it was exported from (an import keeps the account's own name).
    public var username: String
    public var settings: UserSettings
    public var exercises: [CustomExercise]
    public var workoutTypes: [WorkoutTypeEntry]
    public var workouts: [WorkoutEntry]
    public var templates: [TemplateEntry]
    public var bodyMetrics: [BodyMetricEntry]
    /// Since version 2; empty when a version 1 file is read.
    @EmptyWhenMissing public var programs: [ProgramEntry]
    public var activeProgram: ActiveProgramEntry?
    /// Since version 3; empty when an older file is read.
    @EmptyWhenMissing public var trainingMaxes: [TrainingMaxEntry] = []

    /// A lift's training max from a day on.
    public struct TrainingMaxEntry: Sendable, Equatable, Codable {
        public var exercise: String
        public var catalogKey: String?
        public var weight: Double
        public var unit: MassUnit
        /// "yyyy-MM-dd".
        public var day: String
        public var source: TrainingMax.Source
        public var createdAt: Date
    }

    /// A program: its weeks and their days, each day naming one of the file's templates.
    public struct ProgramEntry: Sendable, Equatable, Codable {
        public var name: String
        public var description: String
        public var category: ProgramCategory
        public var difficulty: ProgramDifficulty
        public var pattern: ProgressionPattern
        public var baseIntensity: Double
        public var weeklyIncrement: Double
        public var archivedAt: Date?
        public var createdAt: Date
        public var updatedAt: Date
        public var weeks: [WeekEntry]
        /// Weeks the lifter skipped, with the day they did.
        public var skippedWeeks: [SkipEntry]
    }

    public struct WeekEntry: Sendable, Equatable, Codable {
        public var number: Int
        public var phase: TrainingPhase?
        public var modifier: Double
        public var deload: Bool
        public var days: [DayEntry]
    }

    public struct DayEntry: Sendable, Equatable, Codable {
        public var weekday: Weekday
        /// The template's name.
        public var template: String
        public var notes: String
        public var suggestedRPE: Double?
    }

    public struct SkipEntry: Sendable, Equatable, Codable {
        public var week: Int
        /// "yyyy-MM-dd".
        public var day: String
    }

    /// The program the lifter follows, by name, and from which day.
    public struct ActiveProgramEntry: Sendable, Equatable, Codable {
        public var program: String
        public var startDay: String
        public var activatedAt: Date
        /// Days of pauses that ended; left out when none (and in files before pauses).
        public var pausedDays: Int?
        /// The day the present pause began; left out when the program runs.
        public var pausedOn: String?
    }

    /// The program day a workout was started from: the program's name, the week and the weekday.
    public struct ProgramDayRef: Sendable, Equatable, Codable {
        public var program: String
        public var week: Int
        public var weekday: Weekday
    }

    /// Names an exercise: a built-in one by its catalog key, one of the lifter's by name.
    public struct ExerciseName: Sendable, Equatable, Codable {
        public var exercise: String
        public var catalogKey: String?
    }

    public struct CustomExercise: Sendable, Equatable, Codable {
        public var name: String
        public var description: String
        public var primaryMuscles: [MuscleGroup]
        public var secondaryMuscles: [MuscleGroup]
        public var equipment: Equipment
        public var kind: ExerciseKind
        public var aliases: [String]
        /// The YouTube video id.
        public var video: String?
        public var image: Image?
        public var archived: Bool
        public var createdAt: Date
        public var updatedAt: Date
    }

    public struct Image: Sendable, Equatable, Codable {
        public var format: ImageFormat
        /// The file's bytes, base64.
        public var data: String
    }

    public struct WorkoutTypeEntry: Sendable, Equatable, Codable {
        /// Set on the types every account starts with.
        public var seedKey: String?
        public var name: String
        public var color: String
        public var icon: WorkoutTypeIcon
        public var sortOrder: Int
        public var archived: Bool
        public var createdAt: Date
    }

    public struct WorkoutEntry: Sendable, Equatable, Codable {
        public var name: String
        /// The workout type's name.
        public var type: String?
        /// The lifter's template it was started from, by name.
        public var template: String?
        /// The preset it was started from, by its fixed id.
        public var preset: UUID?
        public var startedAt: Date
        /// Missing for the workout in progress.
        public var endedAt: Date?
        public var notes: String
        public var sessionRPE: Int?
        /// Where an imported workout came from, so importing that file again adds nothing.
        public var importKey: String?
        public var rest: Rest?
        public var exercises: [Entry]
        /// Since version 2: the program day it was started from.
        public var program: ProgramDayRef?
    }

    /// A rest timer that was running when the file was written.
    public struct Rest: Sendable, Equatable, Codable {
        public var endsAt: Date?
        public var totalSeconds: Int
        /// The set whose completion started it: its exercise and set, counted from 0.
        public var afterSet: [Int]?
    }

    public struct Entry: Sendable, Equatable, Codable {
        public var exercise: String
        public var catalogKey: String?
        public var notes: String
        public var supersetGroup: Int?
        public var restSeconds: Int?
        public var sets: [Set]
        /// Since version 2: why its weight was suggested by a program.
        public var suggestion: String?
    }

    public struct Set: Sendable, Equatable, Codable {
        public var kind: SetKind
        public var reps: Int?
        public var weight: Double?
        public var unit: MassUnit?
        public var durationSeconds: Int?
        public var distanceMeters: Double?
        public var rpe: Double?
        public var done: Bool
        public var note: String
        public var loggedAt: Date?
        public var updatedAt: Date
        public var targetRepsMin: Int?
        public var targetRepsMax: Int?
        public var targetRPE: Double?
    }

    public struct TemplateEntry: Sendable, Equatable, Codable {
        public var name: String
        public var category: TemplateCategory
        public var notes: String
        public var pinned: Bool
        public var archivedAt: Date?
        public var createdAt: Date
        public var updatedAt: Date
        public var lastUsedAt: Date?
        /// The same list a template share file holds.
        public var exercises: [TemplateExchange.Exercise]
        /// Break cards of a guided template (absent before guided workouts, and when none).
        public var breaks: [TemplateExchange.Break]?
        public var guided: Bool?
    }

    public struct BodyMetricEntry: Sendable, Equatable, Codable {
        /// "yyyy-MM-dd".
        public var day: String
        public var bodyWeight: Double?
        public var unit: MassUnit?
        public var bodyFatPercent: Double?
        public var note: String
        public var updatedAt: Date
    }
}

// MARK: Writing

extension AccountDocument {
    /// The document of an account's content. `exerciseNames` names every exercise the
    /// content uses (built-in ones with their catalog key); `presetIDs` are the ids of
    /// the presets; `imageBytes` reads a custom exercise's stored image (nil when
    /// its file is gone: the app shows no image then either).
    public init(
        content: AccountContent, username: String, exportedAt: Date, exerciseNames: [UUID: ExerciseName],
        presetIDs: Swift.Set<UUID>,
        imageBytes: (StoredImage) -> [UInt8]?
    ) {
        format = Self.formatName
        version = Self.currentVersion
        self.exportedAt = exportedAt
        self.username = username
        settings = content.settings
        exercises = content.exercises.map { exercise in
            CustomExercise(
                name: exercise.name, description: exercise.description, primaryMuscles: exercise.primaryMuscles,
                secondaryMuscles: exercise.secondaryMuscles, equipment: exercise.equipment, kind: exercise.kind,
                aliases: exercise.aliases,
                video: exercise.videoURL?.id,
                image: exercise.image.flatMap { image in
                    imageBytes(image).map { Image(format: image.format, data: Data($0).base64EncodedString()) }
                },
                archived: exercise.archived, createdAt: exercise.createdAt, updatedAt: exercise.updatedAt)
        }
        let typeNames = Dictionary(content.workoutTypes.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        workoutTypes = content.workoutTypes.map { type in
            WorkoutTypeEntry(
                seedKey: type.seedKey, name: type.name, color: type.colorHex, icon: type.icon, sortOrder: type.sortOrder,
                archived: type.archived, createdAt: type.createdAt)
        }
        let templateNames = Dictionary(content.templates.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let programsByID: [UUID: TrainingProgram] = Dictionary(
            content.programs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func dayRef(_ link: ProgramLink?) -> ProgramDayRef? {
            guard let link, let program = programsByID[link.programID],
                let day = program.week(link.week)?.days.first(where: { $0.id == link.dayID })
            else { return nil }
            return ProgramDayRef(program: program.name, week: link.week, weekday: day.weekday)
        }
        func named(_ id: UUID) -> ExerciseName { exerciseNames[id] ?? ExerciseName(exercise: id.text, catalogKey: nil) }
        workouts = content.workouts.map { workout in
            var rest: Rest?
            if workout.rest != .idle {
                let afterSet = workout.rest.afterSetID.flatMap { id in
                    workout.entries.enumerated().lazy.compactMap { index, entry in
                        entry.sets.firstIndex { $0.id == id }.map { [index, $0] }
                    }.first
                }
                rest = Rest(endsAt: workout.rest.endsAt, totalSeconds: workout.rest.totalSeconds, afterSet: afterSet)
            }
            return WorkoutEntry(
                name: workout.name, type: workout.workoutTypeID.flatMap { typeNames[$0] },
                template: workout.templateID.flatMap { templateNames[$0] },
                preset: workout.templateID.flatMap { presetIDs.contains($0) ? $0 : nil }, startedAt: workout.startedAt,
                endedAt: workout.endedAt, notes: workout.notes, sessionRPE: workout.sessionRPE,
                importKey: content.importKeys[workout.id],
                rest: rest,
                exercises: workout.entries.map { entry in
                    let name = named(entry.exerciseID)
                    return Entry(
                        exercise: name.exercise, catalogKey: name.catalogKey, notes: entry.notes,
                        supersetGroup: entry.supersetGroup,
                        restSeconds: entry.restSeconds,
                        sets: entry.sets.map { set in
                            Set(
                                kind: set.kind, reps: set.reps, weight: set.weight?.value, unit: set.weight?.unit,
                                durationSeconds: set.durationSeconds, distanceMeters: set.distanceMeters, rpe: set.rpe,
                                done: set.done,
                                note: set.note, loggedAt: set.loggedAt, updatedAt: set.updatedAt,
                                targetRepsMin: set.target?.reps?.min,
                                targetRepsMax: set.target?.reps?.max, targetRPE: set.target?.rpe)
                        }, suggestion: entry.suggestion)
                },
                program: dayRef(workout.program))
        }
        templates = content.templates.map { template in
            TemplateEntry(
                name: template.name, category: template.category, notes: template.notes, pinned: template.pinned,
                archivedAt: template.archivedAt, createdAt: template.createdAt, updatedAt: template.updatedAt,
                lastUsedAt: template.lastUsedAt,
                exercises: TemplateExchange.entry(for: template) { id in
                    let name = named(id)
                    return (name.exercise, name.catalogKey)
                }.exercises,
                breaks: template.breaks.isEmpty ? nil : template.breaks.map { .init(position: $0.position, seconds: $0.seconds) },
                guided: template.guided ? true : nil)
        }
        bodyMetrics = content.bodyMetrics.map { metric in
            BodyMetricEntry(
                day: metric.day, bodyWeight: metric.bodyWeight?.value, unit: metric.bodyWeight?.unit,
                bodyFatPercent: metric.bodyFatPercent, note: metric.note, updatedAt: metric.updatedAt)
        }
        programs = content.programs.map { program in
            ProgramEntry(
                name: program.name, description: program.summary, category: program.category, difficulty: program.difficulty,
                pattern: program.pattern, baseIntensity: program.baseIntensity, weeklyIncrement: program.weeklyIncrement,
                archivedAt: program.archivedAt, createdAt: program.createdAt, updatedAt: program.updatedAt,
                weeks: program.weeks.map { week in
                    WeekEntry(
                        number: week.number, phase: week.phase, modifier: week.modifier, deload: week.isDeload,
                        days: week.days.map { day in
                            DayEntry(
                                weekday: day.weekday, template: templateNames[day.templateID] ?? day.templateID.text,
                                notes: day.notes,
                                suggestedRPE: day.suggestedRPE)
                        })
                },
                skippedWeeks: (content.skippedWeeks[program.id] ?? []).map { SkipEntry(week: $0.week, day: $0.day) })
        }
        trainingMaxes = content.trainingMaxes.map { max in
            let name = named(max.exerciseID)
            return TrainingMaxEntry(
                exercise: name.exercise, catalogKey: name.catalogKey, weight: max.weight.value, unit: max.weight.unit,
                day: max.day, source: max.source, createdAt: max.createdAt)
        }
        activeProgram = content.activeProgram.flatMap { active in
            programsByID[active.programID].map {
                ActiveProgramEntry(
                    program: $0.name, startDay: active.startDay, activatedAt: active.activatedAt,
                    pausedDays: active.pause.days == 0 ? nil : active.pause.days, pausedOn: active.pause.since)
            }
        }
    }

    /// The document as JSON text: indented, keys in a fixed order, times in UTC.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(UTCTime.text(date))
        }
        return try encoder.encode(self)
    }
}

// MARK: Reading

extension AccountDocument {
    /// What the file holds in one sentence, for a preview.
    public var summary: String {
        let sets = workouts.reduce(0) { $0 + $1.exercises.reduce(0) { $0 + $1.sets.count } }
        var text =
            "Spotter full export of \(username), written \(UTCTime.text(exportedAt).prefix(10)): "
            + "\(counted(workouts.count, "workout")) with \(counted(sets, "set"))"
        if let first = workouts.map(\.startedAt).min(), let last = workouts.map(\.startedAt).max() {
            text += " (\(UTCTime.text(first).prefix(10)) to \(UTCTime.text(last).prefix(10)))"
        }
        return text + ", \(counted(exercises.count, "custom exercise")), \(counted(workoutTypes.count, "workout type")), "
            + "\(counted(templates.count, "template"))\(programs.isEmpty ? "" : ", \(counted(programs.count, "program"))") and "
            + "\(counted(bodyMetrics.count, "body measurement"))."
    }
}

extension AccountDocument {
    /// Reads a full export, with a message that says where a file is wrong.
    public static func decode(_ data: Data) throws(ImportError) -> AccountDocument {
        struct Format: Decodable { var format: String? }
        struct Version: Decodable { var version: Int }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = UTCTime.date(text) else {
                throw JSONDecodingIssue.ExpectedValue("a time such as 2026-03-14T18:05:00.000Z").error(in: container)
            }
            return date
        }
        // The decoder tells text that is not JSON from JSON of another shape. (Asking
        // JSONSerialization first built the whole file as Foundation objects: 12 MB of
        // export took over 150 MB, for a yes or a no.)
        let format: String?
        do {
            format = try decoder.decode(Format.self, from: data).format
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw ImportError("This file is not JSON. Choose the .json file that Spotter's full export wrote.")
        } catch {
            format = nil
        }
        if let issue = PlainText.firstForbiddenString(inJSON: data) {
            throw ImportError("The export cannot be imported: \(issue.message)")
        }
        guard format == formatName else {
            throw ImportError(
                "This JSON file is not a Spotter full export (it has no \"format\": \"\(formatName)\"). Choose the file that Settings -> Export or `spotter export --format json` wrote."
            )
        }
        guard let version = (try? decoder.decode(Version.self, from: data))?.version else {
            throw ImportError("The export is damaged or was changed by hand: version is missing or not a whole number.")
        }
        guard version <= currentVersion else {
            throw ImportError(
                "This export was written by a newer Spotter (file version \(version), this server reads up to \(currentVersion)). Update Spotter on this server and import again."
            )
        }
        do {
            return try decoder.decode(AccountDocument.self, from: data)
        } catch let error as DecodingError {
            throw ImportError("The export is damaged or was changed by hand: \(Self.describe(error, in: data))")
        } catch {
            throw ImportError("The export could not be read: \(error.localizedDescription)")
        }
    }

    /// Where the file is wrong, in the words of its fields, never Foundation's.
    private static func describe(_ error: DecodingError, in data: Data) -> String {
        JSONDecodingIssue(error).reason(in: try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) + "."
    }
}

/// A list a newer file version added: read as empty from an older file that lacks it.
@propertyWrapper
public struct EmptyWhenMissing<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var wrappedValue: [Item]

    public init(wrappedValue: [Item]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try [Item](from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension KeyedDecodingContainer {
    func decode<Item>(_ type: EmptyWhenMissing<Item>.Type, forKey key: Key) throws -> EmptyWhenMissing<Item> {
        try decodeIfPresent(type, forKey: key) ?? EmptyWhenMissing(wrappedValue: [])
    }
}
