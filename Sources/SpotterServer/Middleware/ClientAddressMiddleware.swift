import Foundation
import Hummingbird
import HTTPTypes

/// Finds the client's address. A request that comes straight from a client is
/// counted by its peer address; only a request from a trusted proxy
/// (`spotter serve --trusted-proxy`) has its `X-Forwarded-For` or `Forwarded`
/// header read, since anyone else could write any address there.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let trustedProxies: Set<String>

    /// The proxies as `--trusted-proxy` wrote them, read as addresses are read from
    /// headers ("[::1]" is "::1").
    init(trustedProxies: Set<String>) {
        self.trustedProxies = Set(trustedProxies.map { Self.normalized($0) })
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwarded = HTTPField.Name("Forwarded")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard trustedProxies.contains(context.peerAddress) else { return try await next(request, context) }
        var context = context
        context.clientAddress = Self.client(
            peer: context.peerAddress, forwardedFor: request.headers[values: Self.forwardedFor],
            forwarded: request.headers[values: Self.forwarded], trusted: trustedProxies)
        return try await next(request, context)
    }

    /// The nearest address in the chain that is not one of our proxies: each proxy
    /// appends the address it heard from, so the entries left of the last trusted one
    /// are the client's word and are not believed.
    static func client(peer: String, forwardedFor: [String], forwarded: [String], trusted: Set<String>) -> String {
        var chain = forwardedFor.flatMap { $0.split(separator: ",") }.map { normalized($0) }
        if chain.isEmpty {
            chain = forwarded.flatMap { $0.split(separator: ",") }.compactMap { element in
                element.split(separator: ";").lazy
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .first { $0.lowercased().hasPrefix("for=") }
                    .map { normalized($0.dropFirst(4)) }
            }
        }
        for address in chain.reversed() where !address.isEmpty && !trusted.contains(address) {
            return address
        }
        return chain.first(where: { !$0.isEmpty }) ?? peer
    }

    /// "192.0.2.1", "[2001:db8::1]:4711" -> "2001:db8::1", "\"192.0.2.1:80\"" -> "192.0.2.1".
    static func normalized(_ raw: some StringProtocol) -> String {
        var text = raw.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        // An IPv4 address with a port; a bare IPv6 address has several colons.
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") { return String(text[..<colon]) }
        return text
    }
}
