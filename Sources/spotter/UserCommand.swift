import ArgumentParser
import Foundation
import SpotterCore
import SpotterStore

#if canImport(Glibc)
    import Glibc
#endif

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage accounts: create, list, reset a password, make an API token.",
        discussion:
            "Passwords are read from standard input when it is not a terminal, or asked for at a prompt; never from the command line.",
        subcommands: [Create.self, List.self, ResetPassword.self, Token.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account (works while the server runs, and when registration is closed).")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The user name: 3-32 characters, a-z, digits, dot, dash, underscore.") var username: String
        @Option(help: "Weight unit: kg or lb.") var unit = "kg"

        func run() async throws {
            let password = try PasswordInput.read(confirm: true)
            let user = try await database.withStore { store in
                let settings = try SettingsChange(unit: unit).applied(to: UserSettings())
                return try await AccountService(store: store, hasher: PasswordHasher()).register(
                    username: username, password: password, settings: settings, now: Date())
            }
            print("Created user \(user.username).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts.")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let users = try await database.withStore { store in try await UserRepository(store: store).list() }
            if users.isEmpty { print("No accounts yet. Create one with `spotter user create NAME`.") }
            let formatter = ISO8601DateFormatter()
            for user in users {
                print("\(user.username)\t\(user.settings.unit.rawValue)\tcreated \(formatter.string(from: user.createdAt))")
            }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a new password for an account and sign it out everywhere.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The user name.") var username: String

        func run() async throws {
            let password = try PasswordInput.read(confirm: true)
            try await database.withStore { store in
                try await AccountService(store: store, hasher: PasswordHasher()).resetPassword(username: username, new: password)
            }
            print("Password of \(username.lowercased()) changed; every web session was ended.")
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a new API token for an account, for scripts.",
            discussion:
                "Only the token is printed, so `TOKEN=$(spotter user token NAME)` works. Revoke it in Settings → API tokens.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The user name.") var username: String
        @Option(help: "A label for the token, shown in Settings.") var name = "Command line"

        func run() async throws {
            let secret = try await database.withStore { store in
                guard let user = try await UserRepository(store: store).find(username: username) else {
                    throw CLIError("There is no user \(username.lowercased()). `spotter user list` shows the accounts.")
                }
                return try await AccountService(store: store, hasher: PasswordHasher()).createToken(
                    userID: user.id, name: name, now: Date()
                ).secret
            }
            print(secret)
        }
    }
}

/// Reads a password without it ever appearing on the command line.
enum PasswordInput {
    static func read(confirm: Bool) throws -> String {
        if isatty(STDIN_FILENO) == 0 {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw CLIError(
                    "Pass the password on standard input, e.g. `printf '%s\\n' \"$PASSWORD\" | spotter user create NAME`.")
            }
            return line
        }
        guard let first = prompt("Password (at least \(Credentials.passwordMinLength) characters): ") else {
            throw CLIError("No password given.")
        }
        if confirm {
            guard prompt("Same password again: ") == first else {
                throw CLIError("The two passwords differ; nothing was changed.")
            }
        }
        return first
    }

    private static func prompt(_ text: String) -> String? {
        guard let pointer = getpass(text) else { return nil }
        return String(cString: pointer)
    }
}

/// A failure while a command runs (not a misuse of its arguments, so no usage text follows).
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
