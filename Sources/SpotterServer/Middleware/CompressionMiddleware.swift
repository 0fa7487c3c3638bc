import Foundation
import Hummingbird

/// Compresses answers with gzip when the request's `Accept-Encoding` allows it:
/// text and JSON of at least `minimumLength` bytes (pages, scripts, the
/// stylesheet, icons, API answers, CSV and JSON exports), never pictures or
/// anything already encoded. Every answer of such a type says
/// `Vary: Accept-Encoding`, compressed or not, so a cache keeps the two apart.
///
/// A body of known length is compressed whole and keeps a `Content-Length`; a
/// streamed body (an export) is compressed as it streams, in chunks of
/// `GzipStream.chunkSize`, and is never held whole.
///
/// The gzip answer is another representation, so its ETag gets `-gzip` added
/// (`"abc"` becomes `"abc-gzip"`). A conditional request naming such a tag is
/// handed on with the suffix taken off, so the route compares the tag it knows
/// and its 304 goes back with the suffix again.
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Smaller bodies gain too little to be worth a gzip header and a CPU's time.
    static let minimumLength = 1024
    /// The media types worth compressing (pictures other than SVG are compressed already).
    static let compressibleTypes: Set<String> = [
        "text/html", "text/css", "text/javascript", "application/javascript", "application/json", "application/problem+json",
        "image/svg+xml", "text/csv", "text/plain", "application/manifest+json", "application/yaml",
    ]
    static let etagSuffix = "-gzip"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        guard AcceptEncoding.allowsGzip(request.headers[.acceptEncoding]) else {
            var response = try await next(request, context)
            if Self.isCompressible(response) { response.headers.addVary("Accept-Encoding") }
            return response
        }
        var request = request
        var askedForGzipTag = false
        if let tags = request.headers[.ifNoneMatch], tags.contains(Self.etagSuffix + "\"") {
            askedForGzipTag = true
            var head = request.head
            head.headerFields[.ifNoneMatch] = tags.replacingOccurrences(of: Self.etagSuffix + "\"", with: "\"")
            request = Request(head: head, body: request.body)
        }
        var response = try await next(request, context)
        guard Self.isCompressible(response) else { return response }
        response.headers.addVary("Accept-Encoding")
        if response.status == .notModified {
            if askedForGzipTag { response.headers[.eTag] = response.headers[.eTag].map(Self.gzipTag) }
            return response
        }
        guard response.headers[.contentEncoding] == nil, response.headers[.contentRange] == nil,
            response.status.code >= 200, response.status != .noContent,
            response.body.contentLength.map({ $0 >= Self.minimumLength }) ?? true
        else { return response }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.eTag] = response.headers[.eTag].map(Self.gzipTag)
        response.body = try await GzipStream.compress(response.body)
        return response
    }

    static func isCompressible(_ response: Response) -> Bool {
        guard let type = response.headers[.contentType] else { return false }
        let mediaType =
            type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return compressibleTypes.contains(mediaType)
    }

    /// `"abc"` -> `"abc-gzip"`, `W/"abc"` -> `W/"abc-gzip"`.
    static func gzipTag(_ tag: String) -> String {
        tag.hasSuffix("\"") ? String(tag.dropLast()) + etagSuffix + "\"" : tag
    }
}

/// What a request's `Accept-Encoding` allows (RFC 9110 12.5.3).
enum AcceptEncoding {
    /// True when gzip is named with a weight above 0, or not named while `*` is.
    /// `gzip;q=0` and `identity` alone refuse it; no header at all means none.
    static func allowsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var wildcard: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { return weight > 0 }
            if coding == "*" { wildcard = weight > 0 }
        }
        return wildcard ?? false
    }
}

extension HTTPFields {
    /// Adds a name to `Vary` unless it is there already.
    mutating func addVary(_ name: String) {
        let present = self[values: .vary].flatMap { $0.split(separator: ",") }
            .contains {
                $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(name) == .orderedSame
                    || $0.trimmingCharacters(in: .whitespaces) == "*"
            }
        if !present { self[values: .vary].append(name) }
    }
}
