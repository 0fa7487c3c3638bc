import Foundation
import SpotterCore
import SpotterStore

/// What a full export becomes in an account: its content with fresh ids, and the
/// images of its exercises still to be stored.
public struct AccountRestoration: Sendable {
    public var content: AccountContent
    /// The bytes of each custom exercise's image, by the exercise's new id.
    public var images: [UUID: [UInt8]]
}

extension AccountDocument {
    /// What this server knows that a file names: built-in exercises by catalog key,
    /// the account's seeded workout types by seed key, and the preset ids.
    public struct Names: Sendable {
        public var builtIns: [String: UUID]
        public var seededTypes: [String: UUID]
        public var presetIDs: Swift.Set<UUID>

        public init(builtIns: [String: UUID], seededTypes: [String: UUID], presetIDs: Swift.Set<UUID>) {
            self.builtIns = builtIns
            self.seededTypes = seededTypes
            self.presetIDs = presetIDs
        }
    }

    /// The content for the account `userID`, with ids from `makeID`; the first
    /// problem found is thrown with where it is in the file.
    public func restoration(userID: UUID, names: Names, makeID: () -> UUID) throws(ImportError) -> AccountRestoration {
        guard TimeZone(identifier: settings.timeZone) != nil else {
            throw ImportError("settings.timeZone: \"\(settings.timeZone)\" is not a time zone such as Europe/Berlin.")
        }
        guard UserSettings.restSecondsRange.contains(settings.defaultRestSeconds) else {
            throw ImportError(
                "settings.defaultRestSeconds: \(settings.defaultRestSeconds) is outside \(UserSettings.restSecondsRange).")
        }
        do {
            _ = try SettingsChange(
                barWeight: .some(settings.barWeight), plates: .some(settings.plates), restVolume: settings.restVolume
            ).applied(to: UserSettings(unit: settings.unit))
        } catch {
            throw ImportError("settings.\(error.first.field): \(error.first.message)")
        }

        var images: [UUID: [UInt8]] = [:]
        var customIDs: [NameKey: UUID] = [:]
        var exercises: [Exercise] = []
        for (index, item) in self.exercises.enumerated() {
            let place = "exercises[\(index)] (\"\(item.name)\")"
            let key = try Self.checkedName(item.name, limit: ExerciseDraft.nameLimit, place: place)
            guard customIDs[key] == nil else { throw ImportError("\(place): a second exercise of this name; names are unique.") }
            let id = makeID()
            customIDs[key] = id
            var video: YouTubeVideo?
            if let id = item.video {
                guard let parsed = YouTubeVideo(id: id) else {
                    throw ImportError("\(place): \"\(id)\" is not a YouTube video id.")
                }
                video = parsed
            }
            if let image = item.image {
                guard let bytes = Data(base64Encoded: image.data) else {
                    throw ImportError("\(place): the image is not base64 data.")
                }
                images[id] = Array(bytes)
            }
            exercises.append(
                Exercise(
                    id: id, ownerID: userID, name: item.name, description: item.description, primaryMuscles: item.primaryMuscles,
                    secondaryMuscles: item.secondaryMuscles, equipment: item.equipment, kind: item.kind, aliases: item.aliases,
                    videoURL: video, archived: item.archived, createdAt: item.createdAt, updatedAt: item.updatedAt))
        }
        func exerciseID(_ name: String, catalogKey: String?, place: String) throws(ImportError) -> UUID {
            if let catalogKey {
                guard let id = names.builtIns[catalogKey] else {
                    throw ImportError(
                        "\(place): \"\(name)\" (\(catalogKey)) is not a built-in exercise of this server. Update Spotter here and import again."
                    )
                }
                return id
            }
            guard let id = customIDs[NameKey(name)] else {
                throw ImportError("\(place): the exercise \"\(name)\" is not among the file's exercises.")
            }
            return id
        }

        var typeIDs: [NameKey: UUID] = [:]
        var seeds = Swift.Set<String>()
        var types: [WorkoutType] = []
        for (index, item) in workoutTypes.enumerated() {
            let place = "workoutTypes[\(index)] (\"\(item.name)\")"
            let key = try Self.checkedName(item.name, limit: WorkoutTypeDraft.nameLimit, place: place)
            guard typeIDs[key] == nil else {
                throw ImportError("\(place): a second workout type of this name; names are unique.")
            }
            guard item.color.count == 7, item.color.first == "#", item.color.dropFirst().allSatisfy(\.isHexDigit) else {
                throw ImportError("\(place): the colour \"\(item.color)\" is not of the form #4F8EF7.")
            }
            var id = makeID()
            if let seed = item.seedKey {
                guard seeds.insert(seed).inserted else { throw ImportError("\(place): a second type seeded as \"\(seed)\".") }
                id = names.seededTypes[seed] ?? id
            }
            typeIDs[key] = id
            types.append(
                WorkoutType(
                    id: id, ownerID: userID, seedKey: item.seedKey, name: item.name, colorHex: item.color, icon: item.icon,
                    sortOrder: item.sortOrder, archived: item.archived, createdAt: item.createdAt))
        }

        var templateIDs: [NameKey: UUID] = [:]
        var templates: [WorkoutTemplate] = []
        for (index, item) in self.templates.enumerated() {
            let place = "templates[\(index)] (\"\(item.name)\")"
            let key = try Self.checkedName(item.name, limit: TemplateDraft.nameLimit, place: place)
            guard templateIDs[key] == nil else {
                throw ImportError("\(place): a second template of this name; names are unique.")
            }
            let id = makeID()
            templateIDs[key] = id
            var list: [TemplateExercise] = []
            for (position, exercise) in item.exercises.enumerated() {
                let at = "\(place).exercises[\(position)]"
                guard TemplateExercise.setCountLimits.contains(exercise.sets) else {
                    throw ImportError("\(at): \(exercise.sets) sets is outside \(TemplateExercise.setCountLimits).")
                }
                guard exercise.repMin >= 0, exercise.repMin <= exercise.repMax else {
                    throw ImportError("\(at): the rep range \(exercise.repMin)-\(exercise.repMax) is not a range.")
                }
                list.append(
                    TemplateExercise(
                        id: makeID(), exerciseID: try exerciseID(exercise.exercise, catalogKey: exercise.catalogKey, place: at),
                        setCount: exercise.sets, reps: RepRange(exercise.repMin, exercise.repMax),
                        targetWeight: try Self.mass(exercise.targetWeight, exercise.weightUnit, place: at),
                        targetRPE: exercise.targetRPE,
                        restSeconds: exercise.restSeconds, targetDurationSeconds: exercise.targetDurationSeconds,
                        notes: exercise.notes ?? ""))
            }
            let breaks: [TemplateBreak]
            switch TemplateDraft.validBreaks(
                (item.breaks ?? []).map { TemplateDraft.BreakDraft(position: $0.position, seconds: $0.seconds) },
                exerciseCount: list.count,
                known: [], newID: makeID)
            {
            case .success(let valid): breaks = valid
            case .failure(let failure): throw ImportError("\(place): \(failure.first.message)")
            }
            templates.append(
                WorkoutTemplate(
                    id: id, ownerID: userID, name: item.name, category: item.category, notes: item.notes, exercises: list,
                    breaks: breaks,
                    guided: item.guided ?? false, pinned: item.pinned,
                    archivedAt: item.archivedAt, createdAt: item.createdAt, updatedAt: item.updatedAt, lastUsedAt: item.lastUsedAt
                ))
        }

        var programsByName: [NameKey: TrainingProgram] = [:]
        var programs: [TrainingProgram] = []
        var skipped: [UUID: [ProgramSkip]] = [:]
        for (index, item) in self.programs.enumerated() {
            let place = "programs[\(index)] (\"\(item.name)\")"
            let key = try Self.checkedName(item.name, limit: TrainingProgram.nameLimit, place: place)
            guard programsByName[key] == nil else {
                throw ImportError("\(place): a second program of this name; names are unique.")
            }
            guard TrainingProgram.weekLimits.contains(item.weeks.count) else {
                throw ImportError("\(place): \(item.weeks.count) weeks is outside \(TrainingProgram.weekLimits).")
            }
            var weeks: [ProgramWeek] = []
            for (position, week) in item.weeks.enumerated() {
                let at = "\(place).weeks[\(position)]"
                guard week.number == position + 1 else {
                    throw ImportError("\(at): week \(week.number) where week \(position + 1) belongs.")
                }
                guard TrainingProgram.modifierLimits.contains(week.modifier) else {
                    throw ImportError("\(at): the intensity \(week.modifier) is outside \(TrainingProgram.modifierLimits).")
                }
                var days: [ProgramDay] = []
                for (number, day) in week.days.enumerated() {
                    guard let templateID = templateIDs[NameKey(day.template)] else {
                        throw ImportError("\(at).days[\(number)]: the template \"\(day.template)\" is not in the file.")
                    }
                    guard !days.contains(where: { $0.weekday == day.weekday }) else {
                        throw ImportError("\(at).days[\(number)]: a second \(day.weekday.displayName) in one week.")
                    }
                    days.append(
                        ProgramDay(
                            id: makeID(), weekday: day.weekday, templateID: templateID, notes: day.notes,
                            suggestedRPE: day.suggestedRPE))
                }
                weeks.append(
                    ProgramWeek(
                        number: week.number, phase: week.phase, modifier: week.modifier, isDeload: week.deload, days: days))
            }
            let program = TrainingProgram(
                id: makeID(), ownerID: userID, name: item.name, summary: item.description, category: item.category,
                difficulty: item.difficulty,
                pattern: item.pattern, baseIntensity: item.baseIntensity, weeklyIncrement: item.weeklyIncrement, weeks: weeks,
                archivedAt: item.archivedAt, createdAt: item.createdAt, updatedAt: item.updatedAt)
            for skip in item.skippedWeeks {
                guard CalendarDay.parse(skip.day) != nil, program.week(skip.week) != nil else {
                    throw ImportError(
                        "\(place).skippedWeeks: week \(skip.week) on \"\(skip.day)\" is not a week of the program on a day such as 2026-03-14."
                    )
                }
                skipped[program.id, default: []].append(ProgramSkip(week: skip.week, day: skip.day))
            }
            programsByName[key] = program
            programs.append(program)
        }
        var active: ActiveProgram?
        if let entry = activeProgram {
            guard let program = programsByName[NameKey(entry.program)] else {
                throw ImportError("activeProgram: the program \"\(entry.program)\" is not in the file.")
            }
            guard CalendarDay.parse(entry.startDay) != nil else {
                throw ImportError("activeProgram.startDay: \"\(entry.startDay)\" is not a day such as 2026-03-14.")
            }
            if let days = entry.pausedDays, !(0...36_600).contains(days) {
                throw ImportError("activeProgram.pausedDays: \(days) is not a number of days from 0 to 36600.")
            }
            if let since = entry.pausedOn, CalendarDay.parse(since) == nil {
                throw ImportError("activeProgram.pausedOn: \"\(since)\" is not a day such as 2026-03-14.")
            }
            active = ActiveProgram(
                programID: program.id, startDay: entry.startDay, activatedAt: entry.activatedAt,
                pause: ProgramPause(days: entry.pausedDays ?? 0, since: entry.pausedOn))
        }

        var workouts: [Workout] = []
        var importKeys: [UUID: String] = [:]
        var seenKeys = Swift.Set<String>()
        for (index, item) in self.workouts.enumerated() {
            let place = "workouts[\(index)] (\"\(item.name)\", \(UTCTime.text(item.startedAt).prefix(10)))"
            if let scalar = PlainText.onlyInvisible(item.name) {
                throw ImportError("\(place): the name holds only invisible characters (\(PlainText.code(scalar))).")
            }
            if let endedAt = item.endedAt, endedAt < item.startedAt {
                throw ImportError("\(place): it ends before it starts.")
            }
            if item.endedAt == nil, workouts.contains(where: \.isActive) {
                throw ImportError("\(place): a second workout in progress; a lifter has one at a time.")
            }
            var typeID: UUID?
            if let type = item.type {
                guard let id = typeIDs[NameKey(type)] else {
                    throw ImportError("\(place): the workout type \"\(type)\" is not in the file.")
                }
                typeID = id
            }
            var templateID: UUID?
            if let template = item.template {
                guard let id = templateIDs[NameKey(template)] else {
                    throw ImportError("\(place): the template \"\(template)\" is not in the file.")
                }
                templateID = id
            } else if let preset = item.preset {
                guard names.presetIDs.contains(preset) else {
                    throw ImportError("\(place): the preset \(preset) is not known here.")
                }
                templateID = preset
            }
            let id = makeID()
            if let key = item.importKey {
                guard seenKeys.insert(key).inserted else {
                    throw ImportError("\(place): a second workout with the import key \"\(key)\".")
                }
                importKeys[id] = key
            }
            var entries: [ExerciseEntry] = []
            for (position, entry) in item.exercises.enumerated() {
                let at = "\(place).exercises[\(position)]"
                var sets: [WorkoutSet] = []
                for (number, set) in entry.sets.enumerated() {
                    sets.append(try Self.set(set, id: makeID(), place: "\(at).sets[\(number)]"))
                }
                entries.append(
                    ExerciseEntry(
                        id: makeID(), exerciseID: try exerciseID(entry.exercise, catalogKey: entry.catalogKey, place: at),
                        notes: entry.notes,
                        supersetGroup: entry.supersetGroup, restSeconds: entry.restSeconds, sets: sets,
                        suggestion: entry.suggestion))
            }
            var rest = RestTimer.State.idle
            if let saved = item.rest {
                var afterSetID: UUID?
                if let indexes = saved.afterSet {
                    guard indexes.count == 2, entries.indices.contains(indexes[0]),
                        entries[indexes[0]].sets.indices.contains(indexes[1])
                    else {
                        throw ImportError("\(place).rest.afterSet: \(indexes) is not a set of this workout.")
                    }
                    afterSetID = entries[indexes[0]].sets[indexes[1]].id
                }
                rest = RestTimer.State(endsAt: saved.endsAt, totalSeconds: max(0, saved.totalSeconds), afterSetID: afterSetID)
            }
            workouts.append(
                Workout(
                    id: id, ownerID: userID, name: item.name, workoutTypeID: typeID, startedAt: item.startedAt,
                    endedAt: item.endedAt,
                    notes: item.notes, sessionRPE: item.sessionRPE, entries: entries, rest: rest, templateID: templateID,
                    program: try item.program.map { ref throws(ImportError) in
                        try Self.link(ref, programs: programsByName, place: "\(place).program")
                    }))
        }

        var metrics: [BodyMetric] = []
        for (index, item) in bodyMetrics.enumerated() {
            let place = "bodyMetrics[\(index)]"
            guard CalendarDay.parse(item.day) != nil else {
                throw ImportError("\(place): \"\(item.day)\" is not a day such as 2026-03-14.")
            }
            metrics.append(
                BodyMetric(
                    id: makeID(), day: item.day, bodyWeight: try Self.mass(item.bodyWeight, item.unit, place: place),
                    bodyFatPercent: item.bodyFatPercent, note: item.note, updatedAt: item.updatedAt))
        }

        var maxes: [TrainingMax] = []
        for (index, item) in trainingMaxes.enumerated() {
            let place = "trainingMaxes[\(index)]"
            let exerciseID = try exerciseID(item.exercise, catalogKey: item.catalogKey, place: place)
            do {
                // Any past day: the file may come from a zone ahead of this server's.
                var max = try TrainingMaxDraft(weight: item.weight, weightUnit: item.unit.rawValue, day: item.day).validated(
                    id: makeID(), exerciseID: exerciseID, unit: item.unit, today: "9999-12-31", now: item.createdAt)
                max.source = item.source
                maxes.append(max)
            } catch {
                throw ImportError("\(place).\(error.first.field): \(error.first.message)")
            }
        }

        return AccountRestoration(
            content: AccountContent(
                settings: settings, exercises: exercises, workoutTypes: types, workouts: workouts, importKeys: importKeys,
                templates: templates, bodyMetrics: metrics, programs: programs, activeProgram: active, skippedWeeks: skipped,
                trainingMaxes: maxes),
            images: images)
    }

    /// The program day a workout names, or where the file is wrong.
    private static func link(_ ref: ProgramDayRef, programs: [NameKey: TrainingProgram], place: String) throws(ImportError)
        -> ProgramLink
    {
        guard let program = programs[NameKey(ref.program)] else {
            throw ImportError("\(place): the program \"\(ref.program)\" is not in the file.")
        }
        guard let day = program.week(ref.week)?.days.first(where: { $0.weekday == ref.weekday }) else {
            throw ImportError("\(place): \(program.name) has no \(ref.weekday.displayName) in week \(ref.week).")
        }
        return ProgramLink(programID: program.id, week: ref.week, dayID: day.id)
    }

    private static func checkedName(_ name: String, limit: Int, place: String) throws(ImportError) -> NameKey {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ImportError("\(place): the name is empty.") }
        guard trimmed.count <= limit else { throw ImportError("\(place): the name is longer than \(limit) characters.") }
        if let scalar = PlainText.onlyInvisible(trimmed) {
            throw ImportError("\(place): the name holds only invisible characters (\(PlainText.code(scalar))).")
        }
        return NameKey(name)
    }

    private static func mass(_ value: Double?, _ unit: MassUnit?, place: String) throws(ImportError) -> Mass? {
        try mass(value, unit?.rawValue, place: place)
    }

    private static func mass(_ value: Double?, _ unit: String?, place: String) throws(ImportError) -> Mass? {
        guard let value else { return nil }
        guard value.isFinite, value >= 0 else { throw ImportError("\(place): the weight \(value) is not a weight.") }
        guard let unit = unit.flatMap(MassUnit.init(rawValue:)) else {
            throw ImportError("\(place): the weight \(value) has no unit (kg or lb).")
        }
        return Mass(value, unit)
    }

    private static func set(_ item: Set, id: UUID, place: String) throws(ImportError) -> WorkoutSet {
        for (name, value) in [("reps", item.reps), ("durationSeconds", item.durationSeconds)] {
            if let value, value < 0 { throw ImportError("\(place).\(name): \(value) is negative.") }
        }
        for (name, value) in [("distanceMeters", item.distanceMeters), ("rpe", item.rpe)] {
            if let value, !(value.isFinite && value >= 0) {
                throw ImportError("\(place).\(name): \(value) is not a number of 0 or more.")
            }
        }
        var target: SetTarget?
        if item.targetRepsMin != nil || item.targetRPE != nil {
            var reps: RepRange?
            if let min = item.targetRepsMin {
                let max = item.targetRepsMax ?? min
                guard min >= 0, min <= max else { throw ImportError("\(place): the target reps \(min)-\(max) are not a range.") }
                reps = RepRange(min, max)
            }
            target = SetTarget(reps: reps, rpe: item.targetRPE)
        }
        return WorkoutSet(
            id: id, kind: item.kind, reps: item.reps, weight: try mass(item.weight, item.unit, place: place),
            durationSeconds: item.durationSeconds, distanceMeters: item.distanceMeters, rpe: item.rpe, done: item.done,
            note: item.note,
            loggedAt: item.loggedAt, updatedAt: item.updatedAt, target: target)
    }
}
