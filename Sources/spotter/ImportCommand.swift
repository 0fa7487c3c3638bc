import ArgumentParser
import Foundation
import SpotterCore
import SpotterImport
import SpotterStore

extension ImportSource: ExpressibleByArgument {}
extension MassUnit: ExpressibleByArgument {}

/// `spotter import strong|hevy|fitnotes FILE --user NAME`: reads another app's
/// export, prints what it will add, and adds it (unless --dry-run).
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import workout history from a Strong, Hevy or FitNotes CSV export.",
        discussion: """
            Prints a preview (workouts, sets, dates, the weight unit, exercises matched to the library and those that \
            become custom exercises, and every row left out with its line and reason), then imports it in one \
            transaction: all of it or nothing. Importing the same file again adds nothing. Times are read in the \
            account's time zone.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The app the file comes from: strong, hevy or fitnotes.") var app: ImportSource
    @Argument(help: "The CSV file.") var file: String
    @Option(help: "The account to import into.") var user: String
    @Option(help: "The weight unit of a file that does not say (Strong's comma layout): kg or lb. Default: the account's unit.")
    var unit: MassUnit?
    @Flag(name: .customLong("dry-run"), help: "Only print the preview; change nothing.") var dryRun = false

    func run() async throws {
        try await database.withStore { store in
            guard let account = try await UserRepository(store: store).find(username: user) else {
                throw CLIError("No account named \(user). See `spotter user list`.")
            }
            let read: ImportFile
            do {
                read = try ImportReader.read(path: file, source: app, assumedUnit: unit ?? account.settings.unit)
            } catch let error as ImportError {
                throw CLIError(error.message)
            }
            let importer = HistoryImporter(store: store)
            let plan = try await importer.plan(read, userID: account.id, now: Date())
            print(ImportSummary(plan: plan).lines.joined(separator: "\n"))
            guard !dryRun else {
                print("\nDry run: nothing was imported.")
                return
            }
            guard !plan.workouts.isEmpty else {
                print(plan.alreadyImported > 0 ? "\nNothing to import: every workout of this file is already in \(account.username)'s history." : "\nNothing to import.")
                return
            }
            let outcome = try await importer.commit(plan, userID: account.id, now: Date())
            print("\nImported \(counted(outcome.workouts, "workout")) (\(counted(outcome.sets, "set"))) into \(account.username)'s history"
                + (outcome.newExercises == 0 ? "." : ", with \(counted(outcome.newExercises, "new custom exercise"))."))
        }
    }
}
