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
    /// Failed sign-in and password limits per name and address, and per address.
    public var accountThrottle: LoginThrottle
    public var addressThrottle: LoginThrottle
    /// How many form posts one address may send without signing in.
    public var anonymousPosts: RequestBudget
    /// Addresses of the proxies in front of the server: only requests from them have
    /// their X-Forwarded-For / Forwarded headers read for the client's address.
    public var trustedProxies: Set<String>
    /// The largest export Settings -> Import takes; tests lower it to stay fast.
    public var importFileLimit: Int
    /// `GET /metrics` and its token (`--metrics-token`); nil answers 404 there.
    public var metrics: MetricsExport?
    /// How many uploaded exports may wait for their import (`ImportRoom`); tests lower it.
    public var importRoom = ImportRoom()
    /// How many restores run at once on this instance (`RestoreGate`).
    public var restoresAtOnce = 1
    /// Head and idle timeouts of connections (`--header-timeout`, `--idle-timeout`) and their budget.
    public var connections: ConnectionLimits

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL, database: DatabaseLocation? = nil,
        registrationOpen: Bool = true, logLevel: Logger.Level = .info, passwordCost: UInt8 = 12,
        clock: @escaping @Sendable () -> Date = { Date() }, accountThrottle: LoginThrottle = .perAccount,
        addressThrottle: LoginThrottle = .perAddress, anonymousPosts: RequestBudget = RequestBudget(),
        trustedProxies: Set<String> = [],
        importFileLimit: Int = ImportRules.largestFileBytes, metrics: MetricsExport? = nil,
        connections: ConnectionLimits = ConnectionLimits()
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.database = database ?? .sqlite(dataDirectory: dataDirectory)
        self.registrationOpen = registrationOpen
        self.logLevel = logLevel
        self.passwordCost = passwordCost
        self.clock = clock
        self.accountThrottle = accountThrottle
        self.addressThrottle = addressThrottle
        self.anonymousPosts = anonymousPosts
        self.trustedProxies = trustedProxies
        self.importFileLimit = importFileLimit
        self.metrics = metrics
        self.connections = connections
    }
}
