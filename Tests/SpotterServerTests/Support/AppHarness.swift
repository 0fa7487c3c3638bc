import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterCore
import SpotterServer
import SpotterStore
import SpotterTestSupport
import Testing

extension TestDatabase: CustomTestStringConvertible {}

let testNow = Date(timeIntervalSince1970: 1_790_000_000)
let testPassword = "correct horse battery"

/// Two lifters with an API token each, on a fresh app over a fresh database.
struct Harness: Sendable {
    let store: SpotterStore
    let ana: User
    let anaToken: String
    let ben: User
    let benToken: String
    let dataDirectory: URL
    /// The client of the app's router (the one `withApp` passes too).
    let client: any TestClientProtocol
    /// The app's clock, at `testNow` until a test moves it (unless `configure` sets another).
    let clock: WorkoutTestClock

    func count(_ table: String) async throws -> Int {
        try await TestEnvironment.count(table, in: store)
    }
}

/// Builds the real application (the same composition root `spotter serve` uses)
/// on a new database of the given engine and runs `body` against its router.
func withApp(
    _ engine: TestDatabase,
    configure: @Sendable (inout AppConfiguration) -> Void = { _ in },
    _ body: @escaping @Sendable (any TestClientProtocol, Harness) async throws -> Void
) async throws {
    try await TestEnvironment.with(engine) { env in
        let clock = WorkoutTestClock()
        var configuration = AppConfiguration(
            dataDirectory: env.dataDirectory, database: env.location, logLevel: .warning, passwordCost: 4,
            clock: { clock.now })
        configure(&configuration)
        try await env.withStore(migrate: true) { store in
            let accounts = AccountService(store: store, hasher: PasswordHasher(cost: 4))
            let ana = try await accounts.register(username: "ana", password: testPassword, now: testNow)
            let ben = try await accounts.register(username: "ben", password: testPassword, now: testNow)
            let anaToken = try await accounts.createToken(userID: ana.id, name: "tests", now: testNow).secret
            let benToken = try await accounts.createToken(userID: ben.id, name: "tests", now: testNow).secret
            // Built last and run at once: an app that is built but never run would
            // leave its database pool open when a step before failed (AsyncKit
            // asserts on that, taking every other test down with it).
            let app = try await buildApplication(configuration: configuration)
            try await app.test(.router) { client in
                let harness = Harness(
                    store: store, ana: ana, anaToken: anaToken, ben: ben, benToken: benToken,
                    dataDirectory: env.dataDirectory, client: client, clock: clock)
                try await body(client, harness)
            }
        }
    }
}

extension TestClientProtocol {
    /// An API call with a bearer token and an optional JSON body given as text.
    func api(
        _ method: HTTPRequest.Method, _ path: String, token: String?, json: String? = nil,
        body: ByteBuffer? = nil, headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var payload = body
        if let json {
            headers[.contentType] = "application/json"
            payload = ByteBuffer(string: json)
        }
        return try await executeRequest(uri: path, method: method, headers: headers, body: payload)
    }
}

extension TestResponse {
    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any])
    }

    /// The `items` of a list answer.
    func items() throws -> [[String: Any]] {
        try #require(try object()["items"] as? [[String: Any]])
    }

    var text: String { String(buffer: body) }

    /// The `error` object of an error answer.
    func error() throws -> (code: String, message: String, field: String?) {
        let error = try #require(try object()["error"] as? [String: Any])
        return (error["code"] as? String ?? "", error["message"] as? String ?? "", error["field"] as? String)
    }
}

/// A tiny valid PNG (1x1 pixel).
let pngBytes: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
    0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41,
    0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
]

let customExerciseJSON = """
    {"name": "Cable Fly (Low to High)", "description": "Press the handles up and together.",
     "muscleGroups": ["chest", "shoulders"], "equipment": "cable", "kind": "weightReps",
     "videoURL": "https://youtu.be/dQw4w9WgXcQ"}
    """
