import ArgumentParser
import CoreMetrics
import Foundation
import Hummingbird
import Logging
import Prometheus
import SpotterImport
import SpotterServer
import SpotterStore

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the web app and JSON API.",
        discussion: "Migrations run at start. Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.")

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Address to listen on. Use 0.0.0.0 to reach it from your phone on the same network.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @Option(help: ArgumentHelp("Log detail: trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    @Option(
        help: ArgumentHelp(
            "open: anyone who reaches the server can register; closed: only `spotter user create` makes accounts.",
            valueName: "open|closed"))
    var registration = "open"

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "Address of a proxy in front of Spotter (repeat for several). Only requests from it have X-Forwarded-For / Forwarded read for the client's address, which limits on sign-in guesses count by.",
            valueName: "address"))
    var trustedProxies: [String] = []

    @Option(
        help: ArgumentHelp(
            "text: one readable line per event; json: one JSON object per line, for log shippers.", valueName: "text|json"))
    var logFormat = "text"

    @Option(
        help: ArgumentHelp(
            "Seconds a request's head may take to arrive, from the connection's opening or from the first byte after the previous answer. A client that sends nothing, or drips its head, is closed.",
            valueName: "seconds"))
    var headerTimeout = 20

    @Option(
        help: ArgumentHelp(
            "Seconds a kept-alive connection may wait for its next request. Keep it above a proxy's idle keep-alive to Spotter (nginx: 60).",
            valueName: "seconds"))
    var idleTimeout = 75

    @Option(
        name: .customLong("metrics-token"),
        help: ArgumentHelp(
            "Turns on GET /metrics (Prometheus text) for scrapers that send Authorization: Bearer <token> (env: SPOTTER_METRICS_TOKEN). Without it /metrics answers 404.",
            valueName: "token"))
    var metricsToken: String?

    func validate() throws {
        guard ["text", "json"].contains(logFormat) else { throw ValidationError("--log-format takes text or json.") }
        if let token = metricsToken ?? ProcessInfo.processInfo.environment["SPOTTER_METRICS_TOKEN"], !token.isEmpty,
            token.utf8.count < 16
        {
            throw ValidationError(
                "--metrics-token must be at least 16 characters: anyone who guesses it reads the server's figures.")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("Unknown log level \(logLevel): use trace, debug, info, notice, warning, error or critical.")
        }
        guard ["open", "closed"].contains(registration) else {
            throw ValidationError("--registration takes open or closed.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard (1...3600).contains(headerTimeout) else { throw ValidationError("--header-timeout takes 1 to 3600 seconds.") }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout takes 1 to 3600 seconds.") }
    }

    func run() async throws {
        // A log line written to a pipe nobody reads any more must fail (EPIPE) and be
        // dropped, not end the process (SIGPIPE's default).
        signal(SIGPIPE, SIG_IGN)
        ConnectionLimits.raiseOpenFileLimit()
        // Both are process-wide and set once, before anything logs or counts.
        if logFormat == "json" {
            LoggingSystem.bootstrap { label in JSONLogHandler(label: label) }
        }
        var metrics: MetricsExport?
        if let token = metricsToken ?? ProcessInfo.processInfo.environment["SPOTTER_METRICS_TOKEN"], !token.isEmpty {
            let export = MetricsExport(registry: PrometheusCollectorRegistry(), token: token)
            MetricsSystem.bootstrap(export.factory())
            StoreMetrics.declare()
            _ = HistoryImporter.duration
            metrics = export
        }
        let configuration = AppConfiguration(
            host: host, port: port, dataDirectory: database.dataDirectory, database: try database.location(),
            registrationOpen: registration == "open", logLevel: Logger.Level(rawValue: logLevel) ?? .info,
            trustedProxies: Set(trustedProxies), metrics: metrics,
            connections: ConnectionLimits(header: .seconds(headerTimeout), idle: .seconds(idleTimeout)))
        let app = try await buildApplication(configuration: configuration)
        try await app.runService()
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring the database schema up to date (serve does this too) and report what ran.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let ran = try await database.withStore(migrating: false) { store in
            try await DatabaseOptions.migrateAndSeed(store, dataDirectory: database.dataDirectory)
        }
        for name in ran { print("Applied \(name)") }
        print(
            ran.isEmpty
                ? "Already up to date: \(try database.location())." : "The database is up to date: \(try database.location()).")
    }
}
