import Foundation
import Logging
import Mustache
import SpotterCore
import SpotterStore
import Synchronization

extension AppServices {
    /// Changes a password after checking the current one, for the API and the page alike;
    /// wrong current passwords slow down per account and address like sign-ins (429).
    /// With `revokeTokens`, every API token of the lifter stops working at once.
    func changePassword(userID: UUID, current: String, new: String, revokeTokens: Bool, context: SignedInContext) async throws {
        let now = clock()
        let guess = AbuseLimiter.Guess.currentPassword(userID: userID)
        if let wait = limiter.admit(guess, address: context.clientAddress, now: now) {
            throw APIProblem.rateLimited(
                "Too many wrong passwords. Try again in \(AbuseLimiter.waitText(wait)).", retryAfter: wait, field: "currentPassword")
        }
        do {
            try await accounts.changePassword(
                userID: userID, current: current, new: new, keepingSession: context.authentication?.webSession?.id,
                revokingTokens: revokeTokens)
        } catch SpotterError.invalid(let failure) where failure.first.field != "currentPassword" {
            // The new password was refused: the current one was right.
            limiter.recordSuccess(guess, address: context.clientAddress, now: now)
            throw SpotterError.invalid(failure)
        }
        limiter.recordSuccess(guess, address: context.clientAddress, now: now)
    }
}
