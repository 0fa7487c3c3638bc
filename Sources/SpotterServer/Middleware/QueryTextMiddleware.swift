import Hummingbird
import SpotterCore

/// Refuses a query string whose values hold control characters (a search for
/// "a%00b") or direction controls (`PlainText`), before any handler takes them to
/// the database, for pages and the API alike.
struct QueryTextMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        if let query = request.uri.query, Self.mayHoldControl(Substring(query)) {
            for (name, value) in request.uri.queryParameters {
                let field = String(name)
                if let scalar = PlainText.firstForbidden(in: field + String(value)) {
                    throw APIProblem(
                        status: .badRequest, code: "bad_request", message: PlainText.message(field: field, scalar: scalar),
                        field: field)
                }
            }
        }
        return try await next(request, context)
    }

    /// A control character comes as a percent escape (%00-%1F, %7F, %C2 before a C1
    /// control, %E2 before a direction control) or as raw bytes; other queries pass
    /// without decoding.
    static func mayHoldControl(_ query: Substring) -> Bool {
        let bytes = Array(query.utf8)
        // Raw bytes too: the HTTP parser lets a C1 control (C2 80...C2 9F) through.
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) { return true }
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2) where bytes[index] == UInt8(ascii: "%") {
            let high = bytes[index + 1] | 0x20, low = bytes[index + 2] | 0x20
            if high == UInt8(ascii: "0") || high == UInt8(ascii: "1") { return true }
            if high == UInt8(ascii: "7"), low == UInt8(ascii: "f") { return true }
            if high == UInt8(ascii: "c"), low == UInt8(ascii: "2") { return true }
            if high == UInt8(ascii: "e"), low == UInt8(ascii: "2") { return true }
        }
        return false
    }
}
