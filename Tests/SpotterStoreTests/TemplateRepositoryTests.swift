import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@Suite("Template repository")
struct TemplateRepositoryTests {
    /// A template of `user` called `name`, with one exercise from the catalog.
    func template(
        _ name: String, user: User, store: SpotterStore, exercise: UUID, createdAt: Date, pinned: Bool = false,
        usedAt: Date? = nil, archived: Bool = false
    ) async throws -> WorkoutTemplate {
        let template = WorkoutTemplate(
            id: UUID(), ownerID: user.id, name: name, category: .strength,
            exercises: [TemplateExercise(id: UUID(), exerciseID: exercise)],
            pinned: pinned, archivedAt: archived ? createdAt : nil, createdAt: createdAt, lastUsedAt: usedAt)
        return try await TemplateRepository(store: store).save(template, userID: user.id)
    }

    @Test(
        "Home's quick start: pinned first, then most recently used, then the newest never used; archived ones left out; at most the limit",
        arguments: TestDatabase.all)
    func quickStart(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let ben = try await makeUser("ben", in: store)
                let squat = try await ExerciseService.stopped(at: now, store: store).create(draft: benchDraft(), userID: ana.id)
                    .id
                let day = { (n: Double) in now.addingTimeInterval(n * 86_400) }
                _ = try await template("Never used", user: ana, store: store, exercise: squat, createdAt: day(5))
                _ = try await template(
                    "Used long ago", user: ana, store: store, exercise: squat, createdAt: day(0), usedAt: day(1))
                _ = try await template("Used lately", user: ana, store: store, exercise: squat, createdAt: day(0), usedAt: day(4))
                _ = try await template(
                    "Pinned, never used", user: ana, store: store, exercise: squat, createdAt: day(0), pinned: true)
                _ = try await template(
                    "Archived but used", user: ana, store: store, exercise: squat, createdAt: day(0), usedAt: day(6),
                    archived: true)
                let bensSquat = try await ExerciseService.stopped(at: now, store: store).create(
                    draft: benchDraft(), userID: ben.id
                )
                .id
                _ = try await template(
                    "Ben's", user: ben, store: store, exercise: bensSquat, createdAt: day(0), pinned: true, usedAt: day(9))
                let repository = TemplateRepository(store: store)

                let names = try await repository.quickStart(userID: ana.id, limit: 4).map(\.name)
                #expect(names == ["Pinned, never used", "Used lately", "Used long ago", "Never used"])
                #expect(
                    try await repository.quickStart(userID: ana.id, limit: 2).map(\.name) == [
                        "Pinned, never used", "Used lately",
                    ])
                #expect(try await repository.quickStart(userID: ana.id, limit: 4).allSatisfy { $0.exercises.count == 1 })
            }
        }
    }

    @Test(
        "With nothing pinned or used yet (made, copied or imported), quick start offers the newest templates",
        arguments: TestDatabase.all)
    func quickStartFallback(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let squat = try await ExerciseService.stopped(at: now, store: store).create(draft: benchDraft(), userID: ana.id)
                    .id
                for (n, name) in ["Oldest", "Middle", "Newest"].enumerated() {
                    _ = try await template(
                        name, user: ana, store: store, exercise: squat, createdAt: now.addingTimeInterval(Double(n) * 60))
                }
                #expect(
                    try await TemplateRepository(store: store).quickStart(userID: ana.id, limit: 2).map(\.name) == [
                        "Newest", "Middle",
                    ])
            }
        }
    }
}
