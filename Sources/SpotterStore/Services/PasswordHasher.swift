import HummingbirdBcrypt
import NIOPosix

/// bcrypt, run off the event loops because each hash takes a noticeable time by design.
public struct PasswordHasher: Sendable {
    public var cost: UInt8

    /// Cost 12 in production; tests pass a low cost to stay fast.
    public init(cost: UInt8 = 12) {
        self.cost = cost
    }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
