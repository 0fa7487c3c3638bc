import Crypto
import Foundation

/// Random secrets (session cookies, API tokens) and the hashes they are stored under.
/// Only the hash reaches the database, so a copied database yields no usable token.
enum Secrets {
    /// 32 random bytes, base64url without padding, behind a readable prefix.
    static func make(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let text = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + text
    }

    static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
