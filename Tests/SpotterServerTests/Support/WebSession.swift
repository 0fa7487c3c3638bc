import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// A browser stand-in for page tests: keeps cookies and sends forms with the
/// form token the page gave it.
struct Browser: Sendable {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    /// Headers sent with every request (a proxy's X-Forwarded-For).
    var extraHeaders = HTTPFields()

    init(_ client: any TestClientProtocol) {
        self.client = client
    }

    /// A browser signed in as `username` of the harness, past onboarding (kg, 120 s, UTC).
    static func signedIn(_ client: any TestClientProtocol, as username: String = "ben") async throws -> Browser {
        var browser = Browser(client)
        _ = try await browser.get("/login")
        _ = try await browser.post("/login", [("username", username), ("password", testPassword)])
        _ = try await browser.get("/onboarding")
        let done = try await browser.post("/onboarding", [("unit", "kg"), ("defaultRestSeconds", "120"), ("timeZone", "UTC")])
        #expect(done.location == "/")
        _ = try await browser.get("/settings")
        return browser
    }

    mutating func get(_ path: String) async throws -> TestResponse {
        try await send(.get, path, body: nil, contentType: nil)
    }

    /// Posts a url-encoded form; `_csrf` is added from the last page's cookie or session unless given.
    mutating func post(_ path: String, _ fields: [(String, String)], csrf: String? = nil) async throws -> TestResponse {
        let token = csrf ?? lastFormToken ?? ""
        let body = ([("_csrf", token)] + fields).map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(.post, path, body: ByteBuffer(string: body), contentType: "application/x-www-form-urlencoded")
    }

    /// Posts a multipart form with an optional file, as a browser sends the exercise form.
    mutating func postMultipart(
        _ path: String, _ fields: [(String, String)], file: (name: String, filename: String, bytes: [UInt8])? = nil
    ) async throws -> TestResponse {
        let boundary = "----spotter-test-boundary"
        var body: [UInt8] = []
        for (name, value) in [("_csrf", lastFormToken ?? "")] + fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let file {
            body += Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    .utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try await send(
            .post, path, body: ByteBuffer(bytes: body), contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// The form token printed in the last page that had one.
    private(set) var lastFormToken: String?

    private mutating func send(_ method: HTTPRequest.Method, _ path: String, body: ByteBuffer?, contentType: String?) async throws
        -> TestResponse
    {
        var headers = extraHeaders
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        }
        if let contentType { headers[.contentType] = contentType }
        let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: body)
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let value = String(pair[1])
            if value.isEmpty { cookies[String(pair[0])] = nil } else { cookies[String(pair[0])] = value }
        }
        if let token = Self.formToken(in: String(buffer: response.body)) { lastFormToken = token }
        return response
    }

    static func formToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="_csrf" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension TestResponse {
    var location: String? { headers[.location] }
}
