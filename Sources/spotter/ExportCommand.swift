import ArgumentParser
import Foundation
import SpotterCore
import SpotterImport
import SpotterStore

/// `spotter export --user NAME --format csv`: every finished workout of an account
/// as CSV in Strong's layout, oldest first.
struct ExportCommand: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything an account owns as JSON, or its workouts as CSV in Strong's layout.",
        discussion: """
            json (the default): settings, custom exercises with their images, workout types, workouts (the one in \
            progress too), templates, programs, body measurements and training maxes; `spotter import json FILE --user NAME` reads it back into \
            an empty account on this or another server, with nothing lost or changed.

            csv: one row per done set: local date and time, workout name, duration, exercise, set order (W, D, F for \
            warm-up, drop and failure sets), weight in the account's unit, reps, distance (km, or miles for an account \
            in pounds), seconds, notes, workout notes, RPE; an exercise's rest time as Strong's Rest Timer row.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The account to export.") var user: String
    @Option(help: "The file format: json (everything) or csv (the sets, for other tools).") var format: Format = .json
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?
    @Flag(help: "Replace the output file if it exists.") var force = false

    func run() async throws {
        if let output, FileManager.default.fileExists(atPath: output), !force {
            throw CLIError("\(output) exists. Choose another file, or add --force to replace it.")
        }
        let data = try await database.withStore { store in
            guard let account = try await UserRepository(store: store).find(username: user) else {
                throw CLIError("No account named \(user). See `spotter user list`.")
            }
            let exporter = AccountExporter(store: store, images: ImageStore(store: store, dataDirectory: database.dataDirectory))
            switch format {
            case .csv: return Data(try await exporter.strongCSV(userID: account.id).utf8)
            case .json: return try await exporter.json(userID: account.id, now: Date())
            }
        }
        if let output {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
