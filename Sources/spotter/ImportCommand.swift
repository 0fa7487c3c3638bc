import ArgumentParser
import Foundation
import SpotterCore
import SpotterImport
import SpotterStore

extension MassUnit: ExpressibleByArgument {}

/// `spotter import strong|hevy|fitnotes|json FILE --user NAME`: reads another app's
/// export (or Spotter's own full export), prints what it will add, and adds it
/// (unless --dry-run).
struct ImportCommand: AsyncParsableCommand {
    /// Where a file comes from: another app's CSV, or Spotter's full export.
    enum App: String, ExpressibleByArgument, CaseIterable {
        case strong, hevy, fitnotes, json
    }

    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import workout history from a Strong, Hevy or FitNotes CSV export, or a Spotter full export (json).",
        discussion: """
            CSV: prints a preview (workouts, sets, dates, the weight unit, exercises matched to the library and those \
            that become custom exercises, and every row left out with its line and reason), then imports it in short \
            transactions, all of it or nothing. Importing the same file again adds nothing. Times are read in the \
            account's time zone.

            json: a file written by `spotter export --format json` (or Settings -> Export) fills an empty account with \
            everything it holds: settings, exercises, workout types, workouts, templates, programs, body measurements and training maxes.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Where the file comes from: strong, hevy, fitnotes, or json for a Spotter full export.") var app: App
    @Argument(help: "The file.") var file: String
    @Option(help: "The account to import into.") var user: String
    @Option(help: "The weight unit of a file that does not say (Strong's comma layout): kg or lb. Default: the account's unit.")
    var unit: MassUnit?
    @Flag(name: .customLong("dry-run"), help: "Only print the preview; change nothing.") var dryRun = false

    func run() async throws {
        guard let source = ImportSource(rawValue: app.rawValue) else { return try await restore() }
        try await database.withStore { store in
            guard let account = try await UserRepository(store: store).find(username: user) else {
                throw CLIError("No account named \(user). See `spotter user list`.")
            }
            let input: ImportInput
            let outline: ImportOutline
            do {
                input = try .file(path: file)
                outline = try ImportReader.outline(input, source: source, assumedUnit: unit ?? account.settings.unit)
            } catch let error as ImportError {
                throw CLIError(error.message)
            }
            // An import of this account cut short before its marks were judged is judged first.
            try await WorkoutRepository(store: store).finishInterruptedLoads()
            let importer = HistoryImporter(store: store)
            let plan = try await importer.plan(outline, userID: account.id)
            print(ImportSummary(plan: plan).lines.joined(separator: "\n"))
            guard !dryRun else {
                print("\nDry run: nothing was imported.")
                return
            }
            guard plan.workoutCount > 0 else { return }
            let outcome: ImportOutcome
            do {
                outcome = try await importer.commit(plan, from: input, userID: account.id, now: Date())
            } catch let error as ImportError {
                throw CLIError(error.message)
            }
            print(
                "\nImported \(counted(outcome.workouts, "workout")) (\(counted(outcome.sets, "set"))) into \(account.username)'s history"
                    + (outcome.newExercises == 0 ? "." : ", with \(counted(outcome.newExercises, "new custom exercise"))."))
        }
    }

    /// A full export into an empty account.
    private func restore() async throws {
        if unit != nil { throw ValidationError("A full export states its units itself; leave out --unit.") }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw CLIError("\(file) cannot be read: it does not exist or is not a file.")
        }
        try await database.withStore { store in
            guard let account = try await UserRepository(store: store).find(username: user) else {
                throw CLIError("No account named \(user). See `spotter user list`.")
            }
            do {
                let importer = AccountImporter(
                    store: store, images: ImageStore(store: store, dataDirectory: database.dataDirectory))
                print(try await importer.check(data, userID: account.id).document.summary)
                guard !dryRun else {
                    print("\nDry run: nothing was imported.")
                    return
                }
                let outcome = try await importer.restore(data, userID: account.id, now: Date())
                print("\n\(outcome.summary.dropLast()) into \(account.username)'s account.")
            } catch let error as ImportError {
                throw CLIError(error.message)
            } catch let error as SpotterError {
                throw CLIError(error.message)
            }
        }
    }
}
