import Foundation
import Hummingbird

/// Where a browser goes once it has signed in (or registered): the page it asked
/// for before, carried as `next` through the sign-in address, the form's hidden
/// field and the redirect after it. Every place that reads `next` goes through
/// `safe`, so a link made elsewhere cannot send a lifter off the site.
enum ReturnPath {
    /// `raw` when it is a path of this site, else Home.
    ///
    /// Only printable ASCII without a backslash: browsers drop tabs and line breaks
    /// from a URL and read `\` as `/`, so `/\t/evil.com` or `/\/evil.com` would land
    /// on `//evil.com`, another host. Every address this site makes is printable
    /// ASCII (a page's own address is sent percent-encoded), so nothing real is lost.
    static func safe(_ raw: String?) -> String {
        guard let raw, raw.hasPrefix("/"), !raw.hasPrefix("//"),
            raw.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") })
        else { return "/" }
        return raw
    }

    /// The sign-in page, with the address a browser asked for when it was sent there
    /// (path and query as it sent them) as `next`. Only a page read (GET) is kept: a
    /// form sent without a session cannot be sent again by going to its address.
    static func signIn(returningFrom request: Request) -> String {
        guard request.method == .get || request.method == .head else { return "/login" }
        let target = request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
        return address("/login", next: safe(target))
    }

    /// `page` carrying `next` on (`/login?next=%2Fhistory%3Fsearch%3Dx`); just `page` for Home.
    static func address(_ page: String, next: String) -> String {
        guard next != "/", let value = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { return page }
        return page + "?next=" + value
    }
}
