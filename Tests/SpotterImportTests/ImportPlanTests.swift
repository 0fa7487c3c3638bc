import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// The plan between reading a file and writing it: names to exercises, guesses for
/// new ones, times in the lifter's zone, keys, and the preview's words.
@Suite("Import plan")
struct ImportPlanTests {
    static let epoch = Date(timeIntervalSince1970: 0)
    static let owner = UUID()

    static func exercise(_ name: String, aliases: [String] = [], custom: Bool = false, archived: Bool = false) -> Exercise {
        Exercise(
            id: UUID(), ownerID: custom ? owner : nil, name: name, description: "", primaryMuscles: [.chest], equipment: .barbell,
            kind: .weightReps, aliases: aliases, archived: archived, createdAt: epoch, updatedAt: epoch)
    }

    static let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    static func plan(
        _ rows: [String], library: [Exercise], chosen: [String: UUID] = [:], existing: Set<String> = [], zone: String = "UTC"
    ) throws -> ImportPlan {
        try planned(rows, library: library, chosen: chosen, existing: existing, zone: zone).plan
    }

    /// The plan and the workouts it makes of the file's, with their import keys.
    static func planned(
        _ rows: [String], library: [Exercise], chosen: [String: UUID] = [:], existing: Set<String> = [], zone: String = "UTC"
    ) throws -> (plan: ImportPlan, workouts: [(workout: Workout, importKey: String)]) {
        let file = try importText(([header] + rows).joined(separator: "\n"), source: .strong)
        let plan = ImportPlan.make(
            file: file.outline, library: library, chosen: chosen, existing: existing, ownerID: owner,
            zone: TimeZone(identifier: zone)!,
            makeID: UUID.init)
        return (plan, try file.workouts.compactMap { try plan.workout(from: $0, now: epoch, makeID: UUID.init) })
    }

    @Test("names match by name or alias ignoring case and spaces, and with the equipment moved in either direction")
    func matching() {
        let bench = Self.exercise("Bench Press (Barbell)")
        let curl = Self.exercise("Bicep Curl (Barbell)", aliases: ["Barbell Curl"])
        let press = Self.exercise("Dumbbell Shoulder Press")
        let matcher = ExerciseMatcher(library: [bench, curl, press])
        #expect(matcher.match("bench  press (BARBELL)")?.id == bench.id)
        #expect(matcher.match("Barbell Bench Press")?.id == bench.id, "equipment moved into brackets")
        #expect(matcher.match("Shoulder Press (Dumbbell)")?.id == press.id, "equipment moved to the front")
        #expect(matcher.match("barbell curl")?.id == curl.id, "an alias")
        #expect(matcher.match("Cable Crossover") == nil)
    }

    @Test("the lifter's own exercise wins over a built-in one of the same name, a live one over an archived one")
    func ownFirst() {
        let builtIn = Self.exercise("Hack Squat")
        let archived = Self.exercise("Hack Squat", custom: true, archived: true)
        let own = Self.exercise("Hack Squat", custom: true)
        #expect(ExerciseMatcher(library: [builtIn, archived, own]).match("Hack Squat")?.id == own.id)
        #expect(ExerciseMatcher(library: [builtIn, archived]).match("Hack Squat")?.id == archived.id)
    }

    @Test("an unknown name becomes a custom exercise measured as its sets were; a chosen mapping overrides the match")
    func newAndChosen() throws {
        let bench = Self.exercise("Bench Press (Barbell)")
        let floor = Self.exercise("Floor Press (Barbell)")
        let rows = [
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,",
            "2024-06-18 11:04:00,Push,1h,Spoto Bench Press (Barbell),1,80,5,0,0,,,",
            "2024-06-18 11:04:00,Push,1h,Dead Hang,1,0,0,0,45,,,",
            "2024-06-18 11:04:00,Push,1h,Lying Leg Curl (Machine),1,40,10,0,0,,,",
        ]
        let (plan, workouts) = try Self.planned(rows, library: [bench, floor], chosen: ["Bench Press (Barbell)": floor.id])
        #expect(
            plan.matches.map(\.name) == [
                "Bench Press (Barbell)", "Spoto Bench Press (Barbell)", "Dead Hang", "Lying Leg Curl (Machine)",
            ])
        #expect(plan.matches[0].exercise?.id == floor.id)
        #expect(plan.matches[0].chosen)
        let larsen = try #require(plan.matches[1].newExercise)
        #expect((larsen.kind, larsen.equipment, larsen.muscleGroups) == (.weightReps, .barbell, [.chest]))
        let hang = try #require(plan.matches[2].newExercise)
        #expect((hang.kind, hang.equipment, hang.muscleGroups) == (.duration, .other, [.fullBody]))
        let legCurl = try #require(plan.matches[3].newExercise)
        #expect((legCurl.equipment, legCurl.muscleGroups) == (.machine, [.legs]), "a leg curl is legs, not biceps")
        #expect(plan.newExercises.count == 3)
        // The workout uses the chosen exercise and the new ids.
        let entries = try #require(workouts.first?.workout.entries)
        #expect(entries[0].exerciseID == floor.id)
        #expect(Set(entries.dropFirst().map(\.exerciseID)) == Set(plan.newExercises.keys))
    }

    @Test("words match from their start: \"Ball Side Throw\" is no row, FitNotes categories come first")
    func guesses() {
        func guess(_ name: String, _ sets: [ImportedSet], category: String = "") -> ValidExerciseDraft {
            var tally = ExerciseTally(name: name)
            for set in sets { tally.count(set) }
            tally.category = category
            return ExerciseGuess.draft(tally)
        }
        #expect(guess("Ball Side Throw", [ImportedSet(reps: 10)]).muscleGroups == [.fullBody])
        #expect(guess("Seal Rows", [ImportedSet(reps: 10, weight: Mass(20, .kg))]).muscleGroups == [.back])
        #expect(guess("Seal Rows", [ImportedSet(reps: 10)], category: "Shoulders").muscleGroups == [.shoulders])
        let run = guess("Treadmill", [ImportedSet(durationSeconds: 600, distanceMeters: 2000)])
        #expect((run.kind, run.equipment) == (.distanceDuration, .cardio))
    }

    @Test("common names get the equipment and muscles they are done with, not Other, Chest or Biceps by accident")
    func commonGuesses() {
        func guess(_ name: String, weighted: Bool = true) -> (Equipment, [MuscleGroup]) {
            var tally = ExerciseTally(name: name)
            tally.count(weighted ? ImportedSet(reps: 8, weight: Mass(40, .kg)) : ImportedSet(reps: 8))
            let draft = ExerciseGuess.draft(tally)
            return (draft.equipment, draft.muscleGroups)
        }
        #expect(guess("Sumo Squat") == (.barbell, [.legs]))
        #expect(guess("Snatch Grip Deadlift") == (.barbell, [.back]))
        #expect(guess("Reverse Fly") == (.dumbbell, [.shoulders]))
        #expect(guess("Rear Delt Fly (Cable)") == (.cable, [.shoulders]))
        #expect(guess("Neck Curl").1 == [.back])
        #expect(guess("Wrist Roller Curl").1 == [.forearms])
        #expect(guess("Glute Kickback (Band)") == (.band, [.glutes]))
        #expect(guess("Hanging Leg Raises", weighted: false) == (.bodyweight, [.core]))
        #expect(guess("Chest Supported T-Bar Row").1 == [.back])
        #expect(guess("Pendulum Squat (Machine)") == (.machine, [.legs]))
        #expect(guess("Landmine Pulldown") == (.cable, [.back]))
        #expect(guess("Incline Smith Machine Press").0 == .machine)
    }

    @Test("times are the lifter's local times; the duration gives the end; a workout already imported is left out")
    func timesAndKeys() throws {
        let rows = [
            "2024-06-18 11:04:00,Push,1h 3m,Bench Press (Barbell),1,100,5,0,0,,,",
            "2024-06-19 18:30:00,Pull,,Bench Press (Barbell),1,100,5,0,0,,,",
        ]
        let bench = Self.exercise("Bench Press (Barbell)")
        let (plan, workouts) = try Self.planned(
            rows, library: [bench], existing: ["strong|2024-06-19 18:30:00|Pull"], zone: "America/New_York")
        #expect(plan.alreadyImported == 1)
        let (push, key) = try #require(workouts.first)
        #expect(workouts.count == 1)
        #expect(plan.workoutCount == 1)
        // 11:04 in New York in June (UTC-4) is 15:04 UTC.
        #expect(push.startedAt == Date(timeIntervalSince1970: 1_718_723_040))
        #expect(push.endedAt == push.startedAt.addingTimeInterval(3780))
        #expect(push.allSets.allSatisfy { $0.done })
        #expect(key == "strong|2024-06-18 11:04:00|Push")
    }

    @Test("two workouts of one file with the same start and name get their own keys, the same on every read")
    func repeatedKeys() throws {
        let text =
            "\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";\"Weight (kg)\";\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\"\n"
            + "\"1\";\"2025-01-05 09:30:00\";\"Push\";\"600\";\"Bench Press (Barbell)\";\"1\";\"60\";\"5\";\"\";\"\";\"\";\"\";\"\"\n"
            + "\"2\";\"2025-01-05 09:30:00\";\"Push\";\"900\";\"Bench Press (Barbell)\";\"1\";\"70\";\"5\";\"\";\"\";\"\";\"\";\"\"\n"
        let file = try importText(text)
        #expect(file.importKeys == ["strong|2025-01-05 09:30:00|Push", "strong|2025-01-05 09:30:00|Push|2"])
        // A second import sees both as imported, in its preview too.
        let plan = ImportPlan.make(
            file: file.outline, library: [], existing: Set(file.importKeys), ownerID: Self.owner, zone: .gmt, makeID: UUID.init)
        #expect(plan.workoutCount == 0)
        #expect(try file.workouts.allSatisfy { try plan.workout(from: $0, now: Self.epoch, makeID: UUID.init) == nil })
        #expect(plan.alreadyImported == 2)
    }

    @Test("the preview says what will be added, the unit and whether the file states it, the mapping and the rows left out")
    func summary() throws {
        let rows = [
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,",
            "2024-06-20 11:04:00,Push,1h,Spoto Bench Press (Barbell),1,80,5,0,0,,,",
            "2024-06-20 11:04:00,Push,1h,Spoto Bench Press (Barbell),X,80,5,0,0,,,",
        ]
        let plan = try Self.plan(rows, library: [Self.exercise("Bench Press (Barbell)")])
        let summary = ImportSummary(plan: plan)
        #expect(summary.headline == "Strong export: 2 workouts with 2 sets, 2024-06-18 to 2024-06-20.")
        #expect(summary.unitLine == "Weights: kg, assumed (the file does not say; choose the unit if that is wrong).")
        #expect(summary.alreadyLine == nil)
        #expect(summary.lines.contains("  1 name is spelt as in your library."), "listed by name only when spelt otherwise")
        #expect(summary.lines.contains("  Spoto Bench Press (Barbell) (Weight × reps, Barbell, Chest)"))
        #expect(
            summary.lines.contains(
                "  line 4: Set Order \"X\" is neither a set number nor a marker Spotter knows (W, D, F, Rest Timer, Note)."))
        let stated = try importText(
            "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration\n2024-06-18 11:04:00;Push;Bench Press (Barbell);1;225;lbs;5;;;;;;;1h\n"
        )
        let statedPlan = ImportPlan.make(file: stated.outline, library: [], ownerID: Self.owner, zone: .gmt, makeID: UUID.init)
        #expect(ImportSummary(plan: statedPlan).unitLine == "Weights: lb, as the file says.")
    }

    @Test("nothing to import says why: every workout imported before, or no row that makes a workout; the count is said once")
    func nothingToImport() throws {
        let rows = [
            "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,",
            "2024-06-20 11:04:00,Push,1h,Bench Press (Barbell),1,80,5,0,0,,,",
        ]
        let library = [Self.exercise("Bench Press (Barbell)")]
        let keys = try importText(([Self.header] + rows).joined(separator: "\n"), source: .strong).importKeys
        let some = ImportSummary(plan: try Self.plan(rows, library: library, existing: [keys[0]]))
        #expect(some.nothingToImport == nil)
        #expect(some.alreadyLine == "1 workout of this file is already in your history and will be left out.")

        let all = ImportSummary(plan: try Self.plan(rows, library: library, existing: Set(keys)))
        #expect(all.headline == "Nothing to import")
        #expect(all.nothingToImport == "Every workout of this Strong export (2 workouts) is already in your history.")
        #expect(all.alreadyLine == nil)
        #expect(
            all.lines.prefix(2) == [
                "Nothing to import", "Every workout of this Strong export (2 workouts) is already in your history.",
            ])

        let none = ImportSummary(
            plan: try Self.plan(["2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),X,100,5,0,0,,,"], library: library))
        #expect(none.nothingToImport == "No row of this Strong export makes a workout. The rows left out say why.")

        let joined = (1...501).map { "2024-06-18 11:04:00,Push,1h,Bench Press (Barbell),\($0),100,5,0,0,,," }
        let tooLarge = ImportSummary(plan: try Self.plan(joined, library: library))
        #expect(tooLarge.nothingToImport == "No workout of this Strong export can be imported. The notes say why.")
    }
}
