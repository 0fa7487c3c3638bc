import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Prometheus
import SQLKit
import SpotterServer
import SpotterTestSupport
import Synchronization
import Testing

/// What a load balancer, a supervisor, a scraper and a log shipper read: `/health`,
/// `/ready`, `/metrics` and the request id on every answer and log line.
@Suite("Operations: readiness, metrics, request ids, JSON logs")
struct OperationsTests {
    static let metricsToken = "scraper-secret-0123456789"

    @Test(
        "/ready answers 200 on a current schema and 503 with Retry-After when a migration is missing; /health answers either way",
        arguments: TestDatabase.all)
    func readiness(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let ready = try await client.api(.get, "/ready", token: nil)
            #expect(ready.status == .ok && ready.text == #"{"status":"ready"}"#)
            #expect(ready.headers[.cacheControl] == "no-store")
            try await h.store.sql.raw("DELETE FROM _fluent_migrations WHERE name = 'M016MoveFilesIntoDatabase'").run()
            let behind = try await client.api(.get, "/ready", token: nil)
            #expect(behind.status == .serviceUnavailable)
            #expect(behind.headers[.retryAfter] == "5")
            #expect(try behind.object()["status"] as? String == "unavailable")
            #expect(try await client.api(.get, "/health", token: nil).status == .ok, "alive, only not ready")
        }
    }

    @Test("/metrics is 404 unless turned on, 401 without its token or with an API token, and counts requests by route template")
    func metrics() async throws {
        let registry = PrometheusCollectorRegistry()
        let export = MetricsExport(registry: registry, token: Self.metricsToken)
        try await withApp(.sqlite, configure: { $0.metrics = export }) { client, h in
            #expect(try await client.api(.get, "/metrics", token: nil).status == .unauthorized)
            let wrong = try await client.api(.get, "/metrics", token: h.anaToken)
            #expect(wrong.status == .unauthorized, "an API token is not the metrics token")
            #expect(wrong.headers[.wwwAuthenticate] == "Bearer")
            #expect(try await client.api(.get, "/metrics", token: Self.metricsToken + "x").status == .unauthorized)

            for _ in 0..<3 { _ = try await client.api(.get, "/api/v1/workouts/\(UUID().text)", token: h.anaToken) }
            let scraped = try await client.api(.get, "/metrics", token: Self.metricsToken)
            #expect(scraped.status == .ok)
            #expect(scraped.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = scraped.text
            #expect(
                text.contains(#"spotter_http_requests_total{method="GET",route="/api/v1/workouts/{id}",status="404"} 3"#),
                "\(text)")
            #expect(!text.contains("/api/v1/workouts/0"), "ids never become series")
            #expect(text.contains("spotter_http_request_duration_seconds_bucket"))
            #expect(text.contains("spotter_active_workouts 0"))
            #expect(text.contains("spotter_process_resident_memory_bytes"))
        }
        try await withApp(.sqlite) { client, _ in
            let off = try await client.api(.get, "/metrics", token: Self.metricsToken)
            #expect(off.status == .notFound)
            #expect(try off.error().message == "Metrics are off: start the server with --metrics-token to turn them on.")
        }
    }

    @Test("every answer carries X-Request-Id: a plain one sent by the proxy is kept, anything else is replaced")
    func requestIDs() async throws {
        try await withApp(.sqlite) { client, h in
            let fresh = try await client.api(.get, "/api/v1/workouts", token: h.anaToken)
            let id = try #require(fresh.headers[.init("X-Request-Id")!])
            #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
            let other = try await client.api(.get, "/api/v1/workouts", token: h.anaToken)
            #expect(other.headers[.init("X-Request-Id")!] != id)

            let kept = try await client.api(
                .get, "/health", token: nil, headers: [.init("X-Request-Id")!: "0f3a9c2e7b1d4f6a8c0e2b4d6f8a0c1e"])
            #expect(kept.headers[.init("X-Request-Id")!] == "0f3a9c2e7b1d4f6a8c0e2b4d6f8a0c1e")
            for odd in ["two words", String(repeating: "a", count: 129), "line\u{0B}break", "<script>"] {
                let replaced = try await client.api(.get, "/health", token: nil, headers: [.init("X-Request-Id")!: odd])
                let answered = try #require(replaced.headers[.init("X-Request-Id")!])
                #expect(answered != odd && answered.count == 16)
            }
            let missing = try await client.api(.get, "/no-such-page", token: nil)
            #expect(missing.status == .notFound && missing.headers[.init("X-Request-Id")!] != nil, "error answers too")
        }
    }

    @Test("--log-format json writes one JSON object per line with time, level, message, request_id and the metadata")
    func jsonLines() throws {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "spotter") { label in
            JSONLogHandler(label: label) { line in lines.withLock { $0.append(line) } }
        }
        logger[metadataKey: "hb.request.id"] = "abc123"
        logger.info("request", metadata: ["status": "201", "path": "/api/v1/workouts"])
        logger.debug("not written at info")
        logger.warning("quote \" and newline\n inside")
        let written = lines.withLock { $0 }
        #expect(written.count == 2 && written.allSatisfy { $0.hasSuffix("}\n") && $0.filter { $0 == "\n" }.count == 1 })
        let first = try #require(try JSONSerialization.jsonObject(with: Data(written[0].utf8)) as? [String: String])
        #expect(first["request_id"] == "abc123" && first["hb.request.id"] == nil)
        #expect(first["level"] == "info" && first["message"] == "request" && first["label"] == "spotter")
        #expect(first["status"] == "201" && first["path"] == "/api/v1/workouts")
        let time = try #require(first["time"])
        #expect(time.hasSuffix("Z") && time.contains("T") && time.contains("."), "UTC with milliseconds: \(time)")
        let second = try #require(try JSONSerialization.jsonObject(with: Data(written[1].utf8)) as? [String: String])
        #expect(second["message"] == "quote \" and newline\n inside" && second["level"] == "warning")
    }
}
