import ArgumentParser

/// `spotter`: the strength-training log, its server and its maintenance commands.
@main
struct Spotter: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spotter",
        abstract: "A self-hosted strength-training log.",
        discussion: """
            Start the server with `spotter serve` and open the address it prints on your phone.
            Data lives in ./spotter-data (SQLite) unless --data-dir, SPOTTER_DATA_DIR or
            --database-url / SPOTTER_DATABASE_URL (PostgreSQL) say otherwise.
            """,
        subcommands: [
            Serve.self, Migrate.self, UserCommand.self, ImportCommand.self, ExportCommand.self, BackupCommand.self,
            RestoreCommand.self, DemoHistoryCommand.self,
        ])
}
