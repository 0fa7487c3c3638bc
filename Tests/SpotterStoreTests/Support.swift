import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

extension TestDatabase: CustomTestStringConvertible {}

let now = Date(timeIntervalSince1970: 1_790_000_000)

/// Makes an account straight in the store (cheap bcrypt), for tests that need owners.
func makeUser(_ name: String, in store: SpotterStore) async throws -> User {
    try await AccountService(store: store, hasher: PasswordHasher(cost: 4))
        .register(username: name, password: "correct horse battery", now: now)
}

func benchDraft(_ name: String = "Cable Fly (Low to High)") -> ExerciseDraft {
    ExerciseDraft(
        name: name, description: "Press the handles up and together.", muscleGroups: [.chest, .shoulders], equipment: .cable,
        kind: .weightReps)
}
