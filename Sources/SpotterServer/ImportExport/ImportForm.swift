import Foundation
import Hummingbird
import SpotterCore
import SpotterImport
import SpotterStore

/// The upload form's answer read into a file, or the words that say what to fix.
enum ImportUploadCheck {
    /// `source` is the form's choice: an app, or `detect` (or nothing) to read it
    /// from the header.
    static func read(_ upload: StreamedUpload, at path: URL, source: String, unit: MassUnit) throws -> ImportOutline {
        let app: ImportSource?
        if source.isEmpty || source == detect {
            app = nil
        } else if let known = ImportSource(rawValue: source) {
            app = known
        } else {
            throw ImportError("Choose the app the file comes from, or let Spotter detect it.")
        }
        guard upload.fileName != nil else { throw ImportError("Choose the CSV file you exported from Strong, Hevy or FitNotes.") }
        guard !upload.tooLarge else { throw ImportReader.tooLarge(limit: upload.limit) }
        return try ImportReader.outline(.file(path: path.path), source: app, assumedUnit: unit)
    }

    static let detect = "detect"
}

/// The lifter's choices on the preview: the unit of a file that does not state
/// it, and names of the file mapped to exercises of their library instead of
/// becoming new custom exercises.
struct ImportChoices: Equatable {
    var unit: MassUnit
    /// A name of the file -> the library exercise chosen for it.
    var mapping: [String: UUID]

    init(unit: MassUnit, mapping: [String: UUID] = [:]) {
        self.unit = unit
        self.mapping = mapping
    }

    /// Reads the confirm form: `unit`, and for each new exercise a hidden `newName`
    /// with its `mapTo` select (an exercise id, or empty to create it) and its
    /// `mapToName` field (the name of any exercise of the library, which wins over
    /// the select; a form without these fields maps by the selects alone), in order.
    init(form: SubmittedForm, library: [Exercise], defaultUnit: MassUnit) throws {
        let rawUnit = form["unit"]
        if rawUnit.isEmpty {
            unit = defaultUnit
        } else if let chosen = MassUnit(rawValue: rawUnit) {
            unit = chosen
        } else {
            throw ValidationFailure(field: "unit", message: "Choose kg or lb for the weights of this file.")
        }
        let names = form.values("newName")
        let targets = form.values("mapTo")
        let typed = form.values("mapToName")
        guard names.count == targets.count, typed.isEmpty || typed.count == names.count else {
            throw ValidationFailure(field: "mapTo", message: "The page was cut off. Choose the exercises again, then import.")
        }
        let known = Set(library.map(\.id))
        let byName = Self.byName(library)
        var mapping: [String: UUID] = [:]
        for (index, (name, target)) in zip(names, targets).enumerated() {
            let typedName = typed.isEmpty ? "" : NameKey.displayForm(of: typed[index])
            if !typedName.isEmpty {
                guard let exercise = byName[NameKey(typedName)] else {
                    throw ValidationFailure(
                        field: "mapToName",
                        message: "There is no exercise \"\(typedName)\" in your library to import \"\(name)\" as. "
                            + "Pick a name from the list, or clear the field.")
                }
                mapping[name] = exercise.id
            } else if !target.isEmpty {
                guard let id = UUID(uuidString: target), known.contains(id) else {
                    throw ValidationFailure(
                        field: "mapTo",
                        message: "\"\(name)\" is mapped to an exercise that is not in your library. Choose one from the list.")
                }
                mapping[name] = id
            }
        }
        self.mapping = mapping
    }

    /// The library's exercises by name, case and spaces aside: the lifter's own before
    /// built-in ones of the same name, as the import's matching has it.
    private static func byName(_ library: [Exercise]) -> [NameKey: Exercise] {
        var found: [NameKey: Exercise] = [:]
        for exercise in library.sorted(by: { ($0.isCustom ? 0 : 1) < ($1.isCustom ? 0 : 1) }) where !exercise.archived {
            let key = NameKey(exercise.name)
            if found[key] == nil { found[key] = exercise }
        }
        return found
    }
}

/// The notice on History after an import, from the counts in its address: numbers
/// only, so nobody can put words of their own on the page.
struct ImportedNotice: Equatable {
    let workouts: Int
    let sets: Int
    let newExercises: Int

    init(_ outcome: ImportOutcome) {
        workouts = outcome.workouts
        sets = outcome.sets
        newExercises = outcome.newExercises
    }

    init?(_ query: Parameters) {
        guard let workouts = query.get("imported").flatMap(Int.init), let sets = query.get("sets").flatMap(Int.init),
            let newExercises = query.get("newExercises").flatMap(Int.init), workouts >= 0, sets >= 0, newExercises >= 0
        else { return nil }
        (self.workouts, self.sets, self.newExercises) = (workouts, sets, newExercises)
    }

    static func from(_ request: Request) -> String? {
        ImportedNotice(request.uri.queryParameters)?.text
    }

    var path: String { "/history?imported=\(workouts)&sets=\(sets)&newExercises=\(newExercises)" }

    var text: String {
        guard workouts > 0 else { return "Nothing new was imported: every workout of the file is already in your history." }
        let made = newExercises == 0 ? "." : "; \(counted(newExercises, "new exercise"))."
        return "Imported \(counted(workouts, "workout")) with \(counted(sets, "set"))" + made
    }
}

extension AppServices {
    /// A kept upload read again and planned against the lifter's library with their
    /// choices: what the preview shows and the import writes (pages and API alike).
    /// `body` gets the file and the plan; the file is there for `body` alone.
    func withPlannedImport<T>(
        _ upload: ImportUploads.Upload, unit: MassUnit, userID: UUID, chosen: [String: UUID] = [:],
        _ body: (ImportInput, ImportPlan) async throws -> T
    ) async throws -> T {
        try await imports.withFile(of: upload, userID: userID) { url in
            // It read well when it was uploaded; a file changed since is an error of the
            // server, not of the lifter.
            let input = try ImportInput.file(path: url.path)
            let file = try ImportReader.outline(input, source: upload.source, assumedUnit: unit)
            return try await body(input, try await HistoryImporter(store: store).plan(file, userID: userID, chosen: chosen))
        }
    }

    /// The plan alone, for a preview.
    func plannedImport(_ upload: ImportUploads.Upload, unit: MassUnit, userID: UUID) async throws -> ImportPlan {
        try await withPlannedImport(upload, unit: unit, userID: userID) { _, plan in plan }
    }
}
