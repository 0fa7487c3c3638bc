import Foundation
import Logging
import Mustache
import SpotterCore
import SpotterStore
import Synchronization

/// The limits on guessing and on anonymous traffic, shared by every request: failed
/// sign-ins, wrong current passwords and registrations slow down per name and
/// address, and anonymous form posts spend a budget per address.
final class AbuseLimiter: Sendable {
    private struct State {
        var accounts: LoginThrottle
        var addresses: LoginThrottle
        var anonymousPosts: RequestBudget
    }

    private let state: Mutex<State>

    init(
        accounts: LoginThrottle = .perAccount, addresses: LoginThrottle = .perAddress,
        anonymousPosts: RequestBudget = RequestBudget()
    ) {
        state = Mutex(State(accounts: accounts, addresses: addresses, anonymousPosts: anonymousPosts))
    }

    /// What a guess is about: signing in as a name, the current password of an
    /// account, or registering; always from one address.
    enum Guess {
        case signIn(username: String)
        case currentPassword(userID: UUID)
        case registration

        var account: String? {
            switch self {
            case .signIn(let name): "sign-in:" + name
            case .currentPassword(let id): "password:" + id.uuidString
            case .registration: nil
            }
        }

        var kind: String {
            switch self {
            case .signIn: "sign-in"
            case .currentPassword: "password"
            case .registration: "register"
            }
        }
    }

    private static func keys(_ guess: Guess, address: String) -> (account: String?, address: String) {
        let address = AddressKey.of(address)
        return (guess.account.map { $0 + "|" + address }, guess.kind + "@" + address)
    }

    /// Lets a guess go ahead (nil) or says how many seconds to wait. Checked and
    /// counted under one lock: the guess counts as wrong until `recordSuccess` says it
    /// was right, so a burst of guesses sent together meets the delays like one sent
    /// after another. A registration always counts.
    func admit(_ guess: Guess, address: String, now: Date) -> Int? {
        let keys = Self.keys(guess, address: address)
        return state.withLock { state in
            let wait = [
                keys.account.flatMap { state.accounts.retryAfter(key: $0, now: now) },
                state.addresses.retryAfter(key: keys.address, now: now),
            ]
            .compactMap { $0 }.max()
            guard wait == nil else { return wait }
            if let account = keys.account { state.accounts.recordFailure(keys: [account], now: now) }
            state.addresses.recordFailure(keys: [keys.address], now: now)
            return nil
        }
    }

    /// A right guess forgets this name's failures from this address and takes back the
    /// address's count of this one (its other failures stay).
    func recordSuccess(_ guess: Guess, address: String, now: Date) {
        let keys = Self.keys(guess, address: address)
        state.withLock { state in
            if let account = keys.account { state.accounts.recordSuccess(key: account) }
            state.addresses.withdraw(key: keys.address, now: now)
        }
    }

    /// Spends one anonymous post from the address's budget (an IPv6 address's /64, see
    /// `AddressKey`): nil to go ahead, else seconds to wait.
    func spendAnonymousPost(address: String, now: Date) -> Int? {
        state.withLock { $0.anonymousPosts.spend(key: AddressKey.of(address), now: now) }
    }

    /// "15 seconds", "3 minutes".
    static func waitText(_ seconds: Int) -> String {
        seconds < 90 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
    }
}

extension AbuseLimiter {
    /// Guesses at one lifter's current password from one address, counted like sign-ins
    /// (`AccountService.changePassword` asks): too many wrong ones answer 429.
    struct CurrentPasswordGuesses: PasswordGuesses {
        let limiter: AbuseLimiter
        let userID: UUID
        let address: String

        func admit(now: Date) throws {
            if let wait = limiter.admit(.currentPassword(userID: userID), address: address, now: now) {
                throw APIProblem.rateLimited(
                    "Too many wrong passwords. Try again in \(AbuseLimiter.waitText(wait)).", retryAfter: wait,
                    field: "currentPassword")
            }
        }

        func right(now: Date) {
            limiter.recordSuccess(.currentPassword(userID: userID), address: address, now: now)
        }
    }

    /// The signed-in lifter's guesses at their current password, from this request's address.
    func currentPasswordGuesses(_ context: SignedInContext) -> CurrentPasswordGuesses {
        CurrentPasswordGuesses(limiter: self, userID: context.user.id, address: context.clientAddress)
    }
}
