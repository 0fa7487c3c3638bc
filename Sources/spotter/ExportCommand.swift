import ArgumentParser
import Foundation
import SpotterCore
import SpotterImport
import SpotterStore

/// `spotter export --user NAME --format csv`: every finished workout of an account
/// as CSV in Strong's layout, oldest first.
struct ExportCommand: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write an account's workouts as CSV in Strong's layout (other tools read it; spotter import strong reads it back).",
        discussion: """
            One row per done set: local date and time, workout name, duration, exercise, set order (W, D, F for \
            warm-up, drop and failure sets), weight in the account's unit, reps, distance (km, or miles for an account \
            in pounds), seconds, notes, workout notes, RPE; an exercise's rest time as Strong's Rest Timer row.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The account to export.") var user: String
    @Option(help: "The file format: csv.") var format: Format = .csv
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
    @Flag(help: "Replace the output file if it exists.") var force = false

    func run() async throws {
        if let output, FileManager.default.fileExists(atPath: output), !force {
            throw CLIError("\(output) exists. Choose another file, or add --force to replace it.")
        }
        let text = try await database.withStore { store in
            guard let account = try await UserRepository(store: store).find(username: user) else {
                throw CLIError("No account named \(user). See `spotter user list`.")
            }
            return try await AccountExporter(store: store).strongCSV(userID: account.id)
        }
        if let output {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
