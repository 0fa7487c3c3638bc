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

    /// SHA-256 in lowercase hex. Every signed-in request hashes its secret, so the
    /// digits are written directly rather than formatted byte by byte.
    static func hash(_ secret: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Array(secret.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
