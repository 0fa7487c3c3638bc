import Foundation
import Hummingbird
import SpotterCore
import SpotterImport
import SpotterStore

/// Settings -> Export: the lifter's history as files to download, one route each.
struct ExportPagesController {
    let services: AppServices

    /// The formats the page offers, in its order; each is a row here and a route in
    /// `addRoutes`.
    static let formats = [
        ExportFormatView(
            title: "Everything (JSON)",
            detail:
                "Your settings, exercises, workout types, workouts, templates, programs, body measurements and training maxes in one file. "
                + "Another Spotter server reads it back into a new, empty account with nothing lost (spotter import json).",
            path: "/settings/export/spotter.json", button: "Download everything (JSON)"),
        ExportFormatView(
            title: "CSV (Strong layout)",
            detail: "Every set you logged, one row each, in the columns Strong uses: spreadsheets read it, and so do "
                + "apps that import Strong files, Spotter included. Weights in your unit, times in your time zone.",
            path: "/settings/export/strong.csv", button: "Download CSV (Strong layout)"),
    ]

    func addRoutes(to router: RouterGroup<SignedInContext>) {
        router.get("settings/export", use: page)
        router.get("settings/export/strong.csv", use: strongCSV)
        router.get("settings/export/spotter.json", use: everything)
    }

    @Sendable func page(_ request: Request, context: SignedInContext) async throws -> Response {
        let model = ExportPage(
            page: PageChrome(title: "Export", context: context, section: .settings, backLink: "/settings"), formats: Self.formats)
        return try services.views.render(model)
    }

    @Sendable func strongCSV(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let csv = try await exporter.strongCSV(userID: user.id)
        return download(ByteBuffer(string: csv), type: "text/csv; charset=utf-8", name: fileName(for: user, ending: "csv"))
    }

    @Sendable func everything(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = context.user
        let json = try await exporter.json(userID: user.id, now: services.clock())
        return download(ByteBuffer(data: json), type: "application/json", name: fileName(for: user, ending: "json"))
    }

    private var exporter: AccountExporter { AccountExporter(store: services.store, images: services.images) }

    /// "spotter-ana-2026-11-22.csv": the account and the lifter's today.
    func fileName(for user: User, ending: String) -> String {
        "spotter-\(user.username)-\(CalendarDay.string(of: services.clock(), timeZone: user.settings.zone)).\(ending)"
    }

    private func download(_ body: ByteBuffer, type: String, name: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}
