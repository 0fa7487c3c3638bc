import CoreMetrics
import Foundation
import HTTPTypes
import Hummingbird
import SpotterStore

/// What a load balancer, a supervisor and a metrics scraper ask: `GET /health`
/// (the process answers), `GET /ready` (the database answers and its schema is this
/// program's: send traffic here) and `GET /metrics` (Prometheus text, only with
/// `--metrics-token` and that token).
struct OperationsController {
    let services: AppServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("health") { _, _ in ["status": "ok"] }
        router.get("ready", use: ready)
        router.get("metrics", use: metrics)
    }

    /// 200 when this instance can serve: the database answers, its schema is this
    /// program's, and writes go through (after a full disk, until a write succeeds again).
    @Sendable func ready(_ request: Request, context: AppRequestContext) async throws -> Response {
        var reason: String?
        if !(await services.store.schemaIsCurrent()) {
            reason = "The database does not answer, or its schema is not this version's: see the server's log."
        } else if let fault = await services.store.writeFault(now: services.clock()) {
            reason = "The database cannot be written: \(fault.reason). Reads still work; writes answer 503 until it is mended."
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        guard let reason else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ready"}"#)))
        }
        headers[.retryAfter] = "5"
        let body = try JSONCoding.encoder.encode(["status": "unavailable", "reason": reason])
        return Response(status: .serviceUnavailable, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    @Sendable func metrics(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let export = services.metrics else {
            throw APIProblem(
                status: .notFound, code: "not_found",
                message: "Metrics are off: start the server with --metrics-token to turn them on.")
        }
        guard export.accepts(request.headers[.authorization]) else {
            var problem = APIProblem(
                status: .unauthorized, code: "unauthorized", message: "Send the metrics token as Authorization: Bearer <token>.")
            problem.headers[.wwwAuthenticate] = "Bearer"
            throw problem
        }
        // Read at the moment of the scrape.
        let factory = export.factory()
        if let active = try? await services.workouts.activeCount() {
            Gauge(label: "spotter_active_workouts", factory: factory).record(active)
        }
        if let resident = ProcessMemory.residentBytes() {
            Gauge(label: "spotter_process_resident_memory_bytes", factory: factory).record(resident)
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: export.registry.emitToBuffer())))
    }
}
