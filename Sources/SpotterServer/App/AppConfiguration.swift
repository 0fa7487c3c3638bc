import Foundation
import Logging
import SpotterCore
import SpotterImport
import SpotterStore

/// Everything the server needs to start; the `spotter serve` flags fill it in.
public struct AppConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Holds the SQLite file (unless a database URL says otherwise) and uploaded images.
    public var dataDirectory: URL
    public var database: DatabaseLocation
    /// Whether anyone may register from the web page; when closed, `spotter user create` makes accounts.
    public var registrationOpen: Bool
    public var logLevel: Logger.Level
    /// bcrypt cost; tests lower it to stay fast.
    public var passwordCost: UInt8
    /// The time source; tests pass a fixed or stepping clock.
    public var clock: @Sendable () -> Date
    /// Failed-login limits.
    public var loginThrottle: LoginThrottle
    /// The largest export Settings -> Import takes; tests lower it to stay fast.
    public var importFileLimit: Int

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL, database: DatabaseLocation? = nil,
        registrationOpen: Bool = true, logLevel: Logger.Level = .info, passwordCost: UInt8 = 12,
        clock: @escaping @Sendable () -> Date = { Date() }, loginThrottle: LoginThrottle = LoginThrottle(),
        importFileLimit: Int = ImportRules.largestFileBytes
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.database = database ?? .sqlite(dataDirectory: dataDirectory)
        self.registrationOpen = registrationOpen
        self.logLevel = logLevel
        self.passwordCost = passwordCost
        self.clock = clock
        self.loginThrottle = loginThrottle
        self.importFileLimit = importFileLimit
    }
}
