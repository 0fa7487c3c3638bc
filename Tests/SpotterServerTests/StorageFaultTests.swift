import Foundation
import Hummingbird
import HummingbirdTesting
import SQLKit
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// A database that cannot be written (a full disk, a read-only file) is the
/// machine's fault, not the request's: every write answers 503 with Retry-After and
/// changes nothing, reads go on, `/ready` says 503 until writes go through again.
/// The faults are real ones: on SQLite the app's writer connection is made
/// read-only (SQLITE_READONLY, as a file gone read-only answers), on PostgreSQL a
/// trigger raises disk_full (53100), as a full tablespace answers.
@Suite("Storage faults")
struct StorageFaultTests {
    @Test(
        "a write on a database that cannot be written answers 503 with Retry-After and changes nothing",
        arguments: TestDatabase.all)
    func writesAnswer503(engine: TestDatabase) async throws {
        try await withFaultyApp(engine) { client, app in
            let api = WorkoutCalls(client: client, token: app.token)
            let bench = try await api.exercise("Bench Press (Barbell)")
            let (workout, entries) = try await api.logWorkout(exercises: [bench], sets: [(5, 100)])
            let setsBefore = try await app.count("workout_sets")

            try await app.fault.break(app.store)
            let answer = try await api.set(workout, entries[0], wkID(), ["reps": 5, "weight": 100, "done": true])
            #expect(answer.status == .serviceUnavailable)
            #expect(answer.headers[.retryAfter] == "30")
            let error = try answer.error()
            #expect(error.code == "storage_unavailable")
            #expect(error.message == app.fault.message)
            #expect(error.field == nil)
            let started = try await client.api(.post, "/api/v1/exercises", token: app.token, json: customExerciseJSON)
            #expect(started.status == .serviceUnavailable)

            try await app.fault.mend(app.store)
            #expect(try await app.count("workout_sets") == setsBefore, "the refused set was not written")
            #expect(try await app.count("exercises WHERE user_id IS NOT NULL") == 0)
        }
    }

    @Test("/ready answers 503 while writes fail and 200 once they go through, without a restart", arguments: TestDatabase.all)
    func readyFollowsWrites(engine: TestDatabase) async throws {
        try await withFaultyApp(engine) { client, app in
            let api = WorkoutCalls(client: client, token: app.token)
            let bench = try await api.exercise("Bench Press (Barbell)")
            let (workout, entries) = try await api.logWorkout(exercises: [bench], sets: [])
            #expect(try await client.api(.get, "/ready", token: nil).status == .ok)

            try await app.fault.break(app.store)
            #expect(try await api.set(workout, entries[0], wkID(), ["reps": 5, "done": true]).status == .serviceUnavailable)
            let notReady = try await client.api(.get, "/ready", token: nil)
            #expect(notReady.status == .serviceUnavailable)
            #expect(notReady.headers[.retryAfter] != nil)
            #expect(
                try notReady.object()["reason"] as? String
                    == "The database cannot be written: \(app.fault.reason). Reads still work; writes answer 503 until it is mended."
            )
            app.clock.advance(by: 10)
            #expect(
                try await client.api(.get, "/ready", token: nil).status == .serviceUnavailable,
                "still not ready 10 s on: the probe's write fails too")

            try await app.fault.mend(app.store)
            app.clock.advance(by: 9)
            #expect(
                try await client.api(.get, "/ready", token: nil).status == .serviceUnavailable,
                "faults came 9 s ago: a probe's write that fits says little")
            app.clock.advance(by: 1)
            #expect(
                try await client.api(.get, "/ready", token: nil).status == .ok,
                "10 s without a fault, and the probe's write went through")
            let logged = try await api.set(workout, entries[0], wkID(), ["reps": 5, "done": true])
            #expect(logged.status == .ok, "writes work again: \(logged.text)")
            #expect(try await client.api(.get, "/ready", token: nil).status == .ok)
        }
    }

    @Test("reads with a bearer token answer 200 when the token's last use cannot be noted", arguments: TestDatabase.all)
    func bearerReadsGoOn(engine: TestDatabase) async throws {
        try await withFaultyApp(engine) { client, app in
            let api = WorkoutCalls(client: client, token: app.token)
            let bench = try await api.exercise("Bench Press (Barbell)")
            let (workout, _) = try await api.logWorkout(exercises: [bench], sets: [(5, 100)])
            #expect(try await api.finish(workout).status == .ok)
            try await app.fault.break(app.store)
            for minute in 1...3 {
                // Past the minute after which a token's use is noted again.
                app.clock.advance(by: 61)
                let history = try await api.history()
                #expect(history.status == .ok, "minute \(minute): \(history.text)")
                #expect(try history.items().count == 1)
                #expect(try await client.api(.get, "/api/v1/exercises?search=bench", token: app.token).status == .ok)
            }
            try await app.fault.mend(app.store)
        }
    }

    @Test("a page's form on a database that cannot be written says to send it again, and keeps nothing")
    func pagesSayWhatHappened() async throws {
        try await withFaultyApp(.sqlite) { client, app in
            var browser = try await Browser.signedIn(client, as: "ana")
            _ = try await browser.get("/settings/workout-types")
            try await app.fault.break(app.store)
            let refused = try await browser.post(
                "/settings/workout-types", [("name", "Grip"), ("colorHex", "#336699"), ("icon", "dumbbell")])
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "30")
            #expect(refused.text.contains("so this was not saved. Go back and send it again in a few minutes."))
            try await app.fault.mend(app.store)
            #expect(try await app.count("workout_types WHERE name = 'Grip'") == 0)
        }
    }
}

/// How a test makes the app's database refuse writes, and mends it again.
enum StorageFaultInjection: Sendable {
    /// SQLite: the app's one writer connection turns read-only (SQLITE_READONLY).
    case readOnlyFile
    /// PostgreSQL: triggers on the tables written raise disk_full (SQLSTATE 53100).
    case fullTablespace

    static func of(_ engine: TestDatabase) -> Self {
        if case .sqlite = engine { return .readOnlyFile }
        return .fullTablespace
    }

    static let tables = [
        "workout_sets", "exercise_entries", "workouts", "exercises", "workout_types", "api_tokens", "store_metadata",
    ]

    var message: String { fault.message }
    var reason: String { fault.reason }
    private var fault: StorageFault { self == .readOnlyFile ? .readOnly : .full }

    func `break`(_ store: SpotterStore) async throws {
        switch self {
        case .readOnlyFile:
            try await store.sql.raw("PRAGMA query_only = ON").run()
        case .fullTablespace:
            try await store.sql.raw(
                """
                CREATE FUNCTION spotter_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$
                """
            ).run()
            for table in Self.tables {
                try await store.sql.raw(
                    """
                    CREATE TRIGGER spotter_test_full BEFORE INSERT OR UPDATE OR DELETE ON \(unsafeRaw: table)
                    FOR EACH ROW EXECUTE FUNCTION spotter_test_disk_full()
                    """
                ).run()
            }
        }
    }

    func mend(_ store: SpotterStore) async throws {
        switch self {
        case .readOnlyFile:
            try await store.sql.raw("PRAGMA query_only = OFF").run()
        case .fullTablespace:
            for table in Self.tables {
                try await store.sql.raw("DROP TRIGGER spotter_test_full ON \(unsafeRaw: table)").run()
            }
            try await store.sql.raw("DROP FUNCTION spotter_test_disk_full()").run()
        }
    }
}

/// The app of `withFaultyApp`: its own store (the one its routes write through), Ana's token and the clock.
struct FaultyApp: Sendable {
    let store: SpotterStore
    let token: String
    let clock: WorkoutTestClock
    let fault: StorageFaultInjection

    func count(_ table: String) async throws -> Int {
        try await TestEnvironment.count(table, in: store)
    }
}

/// The real services and router, with a handle on the store the routes use (a fault
/// must reach the app's own connections; `withApp`'s harness has a store of its own).
func withFaultyApp(
    _ engine: TestDatabase, _ body: @escaping @Sendable (any TestClientProtocol, FaultyApp) async throws -> Void
) async throws {
    try await TestEnvironment.with(engine) { env in
        let clock = WorkoutTestClock()
        let configuration = AppConfiguration(
            dataDirectory: env.dataDirectory, database: env.location, logLevel: .critical, passwordCost: 4, clock: { clock.now })
        let services = try await buildServices(configuration: configuration)
        do {
            let ana = try await services.accounts.register(username: "ana", password: testPassword, now: testNow)
            let token = try await services.accounts.createToken(userID: ana.id, name: "tests", now: testNow).secret
            let app = Application(router: buildRouter(services: services))
            try await app.test(.router) { client in
                try await body(client, FaultyApp(store: services.store, token: token, clock: clock, fault: .of(engine)))
            }
        } catch {
            await services.store.shutdown()
            throw error
        }
        await services.store.shutdown()
    }
}
