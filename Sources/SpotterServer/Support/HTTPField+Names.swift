import HTTPTypes

/// The header fields Spotter reads or writes that HTTPTypes does not name, each
/// spelled once. `HTTPField.Name(_:)` is nil only for a name with characters a
/// header name cannot hold; these are constants, so a mistyped one stops the
/// first request that touches it in every test run, with its name in the message.
extension HTTPField.Name {
    /// The CSRF token a page's script sends with a form it posts (`CSRFMiddleware`).
    public static let csrfToken = constant("X-CSRF-Token")
    /// The request's id, taken from the proxy or made here, and sent back (`RequestLogMiddleware`).
    public static let requestID = constant("X-Request-Id")
    /// The client address a trusted proxy passes on (`ClientAddressMiddleware`).
    public static let forwardedFor = constant("X-Forwarded-For")
    public static let forwarded = constant("Forwarded")
    public static let forwardedProto = constant("X-Forwarded-Proto")
    /// HTTP/1.1's Host (HTTPTypes keeps it as the `:authority` pseudo-field; `HostHeaderMiddleware`).
    public static let hostField = constant("Host")
    /// The next page of a list (RFC 8288), as `ListPage` writes it.
    public static let link = constant("Link")

    private static func constant(_ name: String) -> HTTPField.Name {
        guard let field = HTTPField.Name(name) else { preconditionFailure("\(name) is not a valid header field name.") }
        return field
    }
}
