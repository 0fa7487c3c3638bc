import Foundation
import HTTPTypes
import Hummingbird

/// Finds the client's address and whether it reached us over HTTPS. A request that
/// comes straight from a client is counted by its peer address and taken as plain
/// HTTP (Spotter itself speaks no TLS); only a request from a trusted proxy
/// (`spotter serve --trusted-proxy`) has its `X-Forwarded-For`, `X-Forwarded-Proto`
/// or `Forwarded` headers read, since anyone else could write anything there.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let trustedProxies: Set<String>

    /// The proxies as `--trusted-proxy` wrote them, read as addresses are read from
    /// headers ("[::1]" is "::1").
    init(trustedProxies: Set<String>) {
        self.trustedProxies = Set(trustedProxies.map { Self.normalized($0) })
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        guard trustedProxies.contains(context.peerAddress) else { return try await next(request, context) }
        var context = context
        context.clientAddress = Self.client(
            peer: context.peerAddress, forwardedFor: request.headers[values: .forwardedFor],
            forwarded: request.headers[values: .forwarded], trusted: trustedProxies)
        let scheme = Self.scheme(
            forwardedProto: request.headers[values: .forwardedProto], forwarded: request.headers[values: .forwarded])
        context.viaHTTPS = scheme == "https"
        return try await next(request, context)
    }

    /// The scheme the nearest proxy says the client used: the last `X-Forwarded-Proto`
    /// value (a proxy appends its own), else the last `proto=` of `Forwarded`.
    static func scheme(forwardedProto: [String], forwarded: [String]) -> String? {
        let said =
            forwardedProto.flatMap { $0.split(separator: ",") }.last
            ?? forwarded.flatMap { $0.split(separator: ",") }.last?.split(separator: ";")
            .first { $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("proto=") }
            .map { $0.trimmingCharacters(in: .whitespaces).dropFirst(6) }
        return said.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")).lowercased() }
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
