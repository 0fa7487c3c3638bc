import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// Every list answer comes a page at a time (`ListPage`): a Link to the next page,
/// every item once, in the order of the whole list.
@Suite("List answers in pages")
struct ListPagingTests {
    static let ids = (0..<5).map { _ in UUID() }

    static func page(_ query: String) throws -> ListPage {
        try ListPage(URI("/x?\(query)").queryParameters)
    }

    @Test("pages of 2 over 5 items: 2, 2, 1, each cursor naming where the page ended")
    func cutting() throws {
        let (a, b, c, d, e) = (Self.ids[0], Self.ids[1], Self.ids[2], Self.ids[3], Self.ids[4])
        let first = try Self.page("limit=2").cut(Self.ids, id: { $0 })
        #expect(Array(first.items) == [a, b])
        #expect(first.next == "2.\(b.text).\(c.text)")
        let second = try Self.page("limit=2&cursor=\(first.next!)").cut(Self.ids, id: { $0 })
        #expect(Array(second.items) == [c, d])
        let third = try Self.page("limit=2&cursor=\(second.next!)").cut(Self.ids, id: { $0 })
        #expect(Array(third.items) == [e])
        #expect(third.next == nil)
        #expect(try Self.page("").cut(Self.ids, id: { $0 }).next == nil, "5 fit in the default 50")
    }

    @Test("an item deleted between pages neither hides nor repeats another")
    func deletedBetweenPages() throws {
        let (a, b, c, d, e) = (Self.ids[0], Self.ids[1], Self.ids[2], Self.ids[3], Self.ids[4])
        let cursor = try #require(try Self.page("limit=2").cut(Self.ids, id: { $0 }).next)
        // The page's last item is gone: the next page starts at the one after it.
        #expect(Array(try Self.page("limit=2&cursor=\(cursor)").cut([a, c, d, e], id: { $0 }).items) == [c, d])
        // An earlier one is gone: the next page still starts after b.
        #expect(Array(try Self.page("limit=2&cursor=\(cursor)").cut([b, c, d, e], id: { $0 }).items) == [c, d])
        // Both b and c are gone: the page starts where the previous ended, at position 2.
        #expect(Array(try Self.page("limit=2&cursor=\(cursor)").cut([a, d, e], id: { $0 }).items) == [e])
    }

    @Test(
        "a limit out of 1...200 or a cursor this server did not write is refused, naming it",
        arguments: [
            ("limit=0", "limit"), ("limit=201", "limit"), ("limit=x", "limit"), ("cursor=2", "cursor"),
            ("cursor=0.\(UUID()).\(UUID())", "cursor"),
            ("cursor=2.\(UUID())", "cursor"), ("cursor=2.nope.\(UUID())", "cursor"),
        ])
    func refused(query: String, field: String) {
        #expect(throws: APIProblem.self) { try Self.page(query) }
        do { _ = try Self.page(query) } catch let problem as APIProblem { #expect(problem.field == field) } catch {
            Issue.record(error)
        }
    }

    /// The ids of every item, following the Link headers from `path`, with the number of pages.
    static func walk(_ client: any TestClientProtocol, _ path: String, token: String) async throws -> (ids: [String], pages: Int)
    {
        var ids: [String] = []
        var next: String? = path
        var pages = 0
        while let path = next {
            let response = try await client.api(.get, path, token: token)
            try #require(response.status == .ok, "\(path): \(response.text)")
            ids += try response.items().compactMap { $0["id"] as? String }
            next = response.headers[HTTPField.Name.link].map { link in
                #expect(link.hasSuffix(#">; rel="next""#))
                return String(link.dropFirst().prefix { $0 != ">" })
            }
            pages += 1
            try #require(pages < 100, "the pages end")
        }
        return (ids, pages)
    }

    @Test(
        "every list of the API walks page by page to the same items as one large page, only the lifter's own",
        arguments: TestDatabase.all)
    func everyList(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let templates = h.templates()
            let squat = try #require(
                try await client.api(.get, "/api/v1/exercises?search=squat%20barbell", token: h.anaToken).items().first?["id"]
                    as? String)
            for index in 1...5 { try await templates.create("Day \(index)", [tpRow(squat)]) }
            let metrics = h.bodyMetrics()
            for day in 1...5 {
                #expect(try await metrics.put(wkID(), ["day": "2026-09-0\(day)", "bodyWeight": 80 + day]).status == .created)
            }
            for index in 1...4 {
                #expect(
                    try await client.api(.post, "/api/v1/tokens", token: h.anaToken, json: #"{"name": "Script \#(index)"}"#)
                        .status == .created)
            }
            let lists = [
                ("/api/v1/exercises", 50), ("/api/v1/exercises?equipment=barbell", 7), ("/api/v1/exercises?search=press", 7),
                ("/api/v1/templates", 2), ("/api/v1/template-presets", 6),
                ("/api/v1/workout-types", 3), ("/api/v1/tokens", 2), ("/api/v1/body-metrics", 2),
            ]
            for (path, limit) in lists {
                let all = try await Self.walk(client, path + (path.contains("?") ? "&" : "?") + "limit=200", token: h.anaToken)
                    .ids
                #expect(all.count > limit, "\(path) has more than a page of \(limit)")
                #expect(Set(all).count == all.count, "\(path): no item twice")
                let walked = try await Self.walk(
                    client, path + (path.contains("?") ? "&" : "?") + "limit=\(limit)", token: h.anaToken)
                #expect(walked.ids == all, "\(path): every item once, in order")
                #expect(walked.pages == (all.count + limit - 1) / limit, "\(path)")
            }
            // The default page holds 50.
            let library = try await client.api(.get, "/api/v1/exercises", token: h.anaToken)
            #expect(try library.items().count == 50)
            #expect(library.headers[HTTPField.Name.link]?.contains("cursor=50.") == true)
            // Ben's pages hold none of ana's templates, measurements or tokens.
            #expect(try await client.api(.get, "/api/v1/templates?limit=2", token: h.benToken).items().isEmpty)
            #expect(try await client.api(.get, "/api/v1/body-metrics?limit=2", token: h.benToken).items().isEmpty)
            #expect(try await Self.walk(client, "/api/v1/tokens?limit=1", token: h.benToken).ids.count == 1, "only his own token")
            // A bad cursor is refused on every list.
            for (path, _) in lists {
                let bad = try await client.api(
                    .get, path + (path.contains("?") ? "&" : "?") + "cursor=nonsense", token: h.anaToken)
                #expect(bad.status == .badRequest, "\(path)")
                #expect(try bad.error().field == "cursor", "\(path)")
            }
        }
    }
}
