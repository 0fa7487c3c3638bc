import FluentKit
import Foundation
import Logging
import NIOPosix
import PostgresKit
import SQLKit

/// What every instance's sign-in cache (`SignInCache`) must forget at once.
enum SignInChange: Sendable, Equatable {
    /// All of a lifter's tokens and sessions: a password changed, settings saved.
    case user(UUID)
    /// One token or session: revoked, signed out.
    case credential(UUID)

    var payload: String {
        switch self {
        case .user(let id): "user:\(id.text)"
        case .credential(let id): "credential:\(id.text)"
        }
    }

    init?(payload: String) {
        let parts = payload.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let id = UUID(uuidString: parts[1]) else { return nil }
        switch parts[0] {
        case "user": self = .user(id)
        case "credential": self = .credential(id)
        default: return nil
        }
    }
}

extension SpotterStore {
    /// The PostgreSQL channel sign-in changes are announced on.
    static let signInChannel = "spotter_sign_in"

    /// Forgets a changed sign-in in this process, and on PostgreSQL tells every other
    /// process on the database (`NOTIFY`): other instances, and servers beside the CLI.
    /// Called once the change is committed. If the notice cannot be sent, the others
    /// still drop the entry within the cache's lifetime (10 s).
    func signInChanged(_ change: SignInChange) async {
        forget(change)
        guard !isSQLite else { return }
        do {
            try await database.sql.raw("SELECT pg_notify(\(bind: Self.signInChannel), \(bind: change.payload))").run()
        } catch {
            logger.warning("Could not tell other instances of a sign-in change: \(String(reflecting: error))")
        }
    }

    func forget(_ change: SignInChange) {
        switch change {
        case .user(let id):
            tokenOwners.forget(userID: id)
            sessionOwners.forget(userID: id)
        case .credential(let id):
            tokenOwners.forget(credentialID: id)
            sessionOwners.forget(credentialID: id)
        }
    }

    /// On PostgreSQL, listens for the sign-in changes other processes announce and
    /// forgets them here, until the task is cancelled (the server runs it beside
    /// itself). A lost connection is made again, waiting up to 30 s between tries;
    /// what changed meanwhile is unknown, so the cache starts over each time it
    /// listens again. `onListening` and `onNotice` (each notice's `user:<id>` or
    /// `credential:<id>`) let tests follow it, and `firstRetry` shortens the first wait.
    /// On SQLite it returns at once: one server per database file, and the CLI's changes
    /// reach it within the cache's lifetime.
    public func listenForSignInChanges(
        firstRetry: Duration = .seconds(1),
        onListening: @escaping @Sendable () -> Void = {}, onNotice: @escaping @Sendable (String) -> Void = { _ in }
    ) async {
        guard case .postgres(let url, let schema) = location, var configuration = try? SQLPostgresConfiguration(url: url) else {
            return
        }
        // Named in pg_stat_activity, so an operator (and a test) can tell it from the pool.
        configuration.coreConfiguration.options.additionalStartupParameters.append(
            ("application_name", Self.listenerName(schema: schema))
        )
        var pause = firstRetry
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration.coreConfiguration, id: 0,
                    logger: logger
                ).get()
                // The connection is closed however listening ends, a lost connection
                // included: PostgresNIO traps on a connection released unclosed.
                do {
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: Self.signInChannel) { notices in
                            forgetAllSignIns()
                            pause = firstRetry
                            onListening()
                            for try await notice in notices {
                                if let change = SignInChange(payload: notice.payload) { forget(change) }
                                onNotice(notice.payload)
                            }
                        }
                    } onCancel: {
                        let closing: EventLoopFuture<Void> = connection.close()
                        _ = closing
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch  where !Task.isCancelled {
                logger.warning(
                    "Not listening for sign-in changes of other instances (retrying in \(pause)): \(String(reflecting: error))")
            } catch {}
            forgetAllSignIns()
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(30))
        }
    }

    /// The listening connection's `application_name`: `spotter listener`, and the schema
    /// when the store has one.
    public static func listenerName(schema: String?) -> String {
        ["spotter listener", schema].compactMap(\.self).joined(separator: " ")
    }

    private func forgetAllSignIns() {
        tokenOwners.forgetAll()
        sessionOwners.forgetAll()
    }
}
