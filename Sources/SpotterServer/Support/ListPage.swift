import Foundation
import HTTPTypes
import Hummingbird

/// Every list answer of the API comes a page at a time: at most `limit` items (1 to
/// 200, 50 unless asked) and, when more follow, a `Link: <...>; rel="next"` header
/// whose address carries the next page's `cursor`. History is cut in SQL
/// (`HistoryCursor`); the lists a lifter keeps in the hundreds at most (the library,
/// templates, workout types, tokens, measurements) are read whole and cut here.
struct ListPage {
    static let defaultLimit = 50
    static let maxLimit = 200

    let limit: Int
    /// Where the previous page ended: the position after it, its last item and the
    /// item that came next.
    let after: (position: Int, last: UUID, next: UUID)?

    /// `limit` and `cursor` of the query.
    init(_ query: Parameters) throws {
        limit = try Self.limit(query, default: Self.defaultLimit)
        guard let text = query.get("cursor") else {
            after = nil
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let position = Int(parts[0]), position > 0, let last = UUID(uuidString: String(parts[1])),
            let next = UUID(uuidString: String(parts[2]))
        else { throw Self.badCursor }
        after = (position, last, next)
    }

    /// `limit` (1...200), or `defaultLimit` when the query has none.
    static func limit(_ query: Parameters, default defaultLimit: Int) throws -> Int {
        guard let text = query.get("limit") else { return defaultLimit }
        guard let value = Int(text), (1...maxLimit).contains(value) else {
            throw APIProblem(
                status: .badRequest, code: "bad_request", message: "Use a whole number from 1 to \(maxLimit) for limit.",
                field: "limit")
        }
        return value
    }

    static let badCursor = APIProblem(
        status: .badRequest, code: "bad_request",
        message: "The cursor is not one this server wrote: take it from the previous page's next link.", field: "cursor")

    /// This page of `items` (the whole list, in its order) and the next page's cursor.
    /// The page starts after the previous page's last item wherever it now stands;
    /// when that one is gone (deleted meanwhile), at the item that came after it; when
    /// both are, at the position the page ended.
    func cut<Item>(_ items: [Item], id: (Item) -> UUID) -> (items: ArraySlice<Item>, next: String?) {
        var start = 0
        if let after {
            if after.position <= items.count, id(items[after.position - 1]) == after.last {
                start = after.position
            } else if let index = items.firstIndex(where: { id($0) == after.last }) {
                start = index + 1
            } else if let index = items.firstIndex(where: { id($0) == after.next }) {
                start = index
            } else {
                start = min(after.position, items.count)
            }
        }
        let end = min(start + limit, items.count)
        guard end < items.count else { return (items[start..<end], nil) }
        return (items[start..<end], "\(end).\(id(items[end - 1]).text).\(id(items[end]).text)")
    }

    /// The answer: `{"items": [...]}`, with the next page's link when there is one.
    static func response<Item: Encodable & Sendable>(_ items: [Item], next: String?, request: Request) -> EditedResponse<
        ListResponse<Item>
    > {
        var headers = HTTPFields()
        if let next { headers[.link] = "<\(url(request, cursor: next))>; rel=\"next\"" }
        return EditedResponse(status: .ok, headers: headers, response: ListResponse(items: items))
    }

    /// This request's address and query with `cursor` set to a page's (left out for the first).
    static func url(_ request: Request, cursor: String?) -> String {
        let uri = request.uri
        var pairs = (uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("cursor=") && !$0.hasPrefix("notice=") }.map(
            String.init)
        if let cursor { pairs.append("cursor=" + cursor) }
        return pairs.isEmpty ? uri.path : uri.path + "?" + pairs.joined(separator: "&")
    }
}
