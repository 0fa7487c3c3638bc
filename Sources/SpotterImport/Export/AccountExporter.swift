import Foundation
import NIOPosix
import SpotterCore
import SpotterStore

/// Everything of one account written out as a file, the same for the command line
/// and the web.
public struct AccountExporter: Sendable {
    let users: UserRepository
    let exercises: ExerciseRepository
    let workouts: WorkoutRepository
    let accounts: AccountRepository
    let images: ImageStore

    public init(store: SpotterStore, images: ImageStore) {
        users = UserRepository(store: store)
        exercises = ExerciseRepository(store: store)
        workouts = WorkoutRepository(store: store)
        accounts = AccountRepository(store: store)
        self.images = images
    }

    /// Every done set of the account's finished workouts in Strong's CSV layout,
    /// oldest first, in the account's unit and time zone.
    public func strongCSV(userID: UUID) async throws -> String {
        guard let account = try await users.find(id: userID) else { throw SpotterError.notFound("The account") }
        let history = try await workouts.history(userID: userID, filter: HistoryFilter(limit: Int(Int32.max)))
        let ids = Set(history.flatMap { $0.entries.map(\.exerciseID) })
        let names = try await exercises.exercises(ids: ids, userID: userID).mapValues(\.name)
        let writer = StrongCSVWriter(unit: account.settings.unit, zone: account.settings.zone)
        return StrongCSVWriter.header + "\r\n" + history.reversed().map { writer.rows(of: $0, names: names) }.joined()
    }

    /// Everything the account owns as Spotter's full export (see `AccountDocument`).
    public func document(userID: UUID, now: Date) async throws -> AccountDocument {
        guard let account = try await users.find(id: userID) else { throw SpotterError.notFound("The account") }
        let content = try await accounts.content(userID: userID)
        // The lifter's own exercises are named as the same read has them; built-in ones by the catalog.
        var names = Dictionary(
            uniqueKeysWithValues: content.exercises.map {
                ($0.id, AccountDocument.ExerciseName(exercise: $0.name, catalogKey: nil))
            })
        let used = Set(
            content.workouts.flatMap { $0.entries.map(\.exerciseID) }
                + content.templates.flatMap { $0.exercises.map(\.exerciseID) } + content.trainingMaxes.map(\.exerciseID))
        for (id, exercise) in try await exercises.exercises(ids: used.subtracting(names.keys), userID: userID) {
            names[id] = AccountDocument.ExerciseName(exercise: exercise.name, catalogKey: exercise.catalogKey)
        }
        let pictures = try await images.contents(of: content.exercises.compactMap(\.image), userID: userID)
        return AccountDocument(
            content: content, username: account.username, exportedAt: now, exerciseNames: names,
            presetIDs: Set(TemplatePresets.all.map(\.id))
        ) { image in
            pictures[image.fileName]
        }
    }

    /// The full export as JSON text.
    public func json(userID: UUID, now: Date) async throws -> Data {
        try await document(userID: userID, now: now).encoded()
    }
}

/// What a full import added.
public struct AccountImportOutcome: Sendable, Equatable {
    public var workouts: Int
    public var sets: Int
    public var exercises: Int
    public var templates: Int
    public var bodyMetrics: Int
    public var trainingMaxes: Int = 0

    /// "Imported 29 workouts with 592 sets, 2 custom exercises, 3 templates and 40 body
    /// measurements."; the training maxes too when the file had some.
    public var summary: String {
        var parts = [
            counted(exercises, "custom exercise"), counted(templates, "template"), counted(bodyMetrics, "body measurement"),
        ]
        if trainingMaxes > 0 { parts.append(counted(trainingMaxes, "training max")) }
        let listed = parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        return "Imported \(counted(workouts, "workout")) with \(counted(sets, "set")), \(listed)."
    }
}

/// Reads a full export into an empty account: settings, exercises and their images,
/// workout types, workouts, templates and body measurements, all or nothing.
public struct AccountImporter: Sendable {
    let exercises: ExerciseRepository
    let types: WorkoutTypeRepository
    let accounts: AccountRepository
    let images: ImageStore
    let store: SpotterStore

    public init(store: SpotterStore, images: ImageStore) {
        self.store = store
        exercises = ExerciseRepository(store: store)
        types = WorkoutTypeRepository(store: store)
        accounts = AccountRepository(store: store)
        self.images = images
    }

    /// The largest full export read (a decade of daily training is well under it).
    public static let sizeLimit = 256 * 1024 * 1024

    /// Reads and checks a full export against the account without writing
    /// anything: what a dry run shows, and the first step of `restore`.
    public func check(_ data: Data, userID: UUID) async throws -> (document: AccountDocument, restoration: AccountRestoration) {
        guard data.count <= Self.sizeLimit else {
            throw ImportError(
                "The file is \(data.count / 1_048_576) MB; a full export is read up to \(Self.sizeLimit / 1_048_576) MB.")
        }
        // On a thread of its own: decoding a large export takes seconds of CPU, which on
        // the tasks' shared threads (one per core) would hold up every other request.
        let document = try await NIOThreadPool.singleton.runIfActive { try AccountDocument.decode(data) }
        if let held = try await accounts.holdings(userID: userID) { throw AccountRepository.notEmpty(held) }
        let builtIns = try await exercises.list(userID: userID, filter: ExerciseFilter(custom: false, includeArchived: true))
        let seeded = try await types.list(userID: userID, includeArchived: true)
        let names = AccountDocument.Names(
            builtIns: Dictionary(
                builtIns.compactMap { exercise in exercise.catalogKey.map { ($0, exercise.id) } }, uniquingKeysWith: { a, _ in a }
            ),
            seededTypes: Dictionary(
                seeded.compactMap { type in type.seedKey.map { ($0, type.id) } }, uniquingKeysWith: { a, _ in a }),
            presetIDs: Set(TemplatePresets.all.map(\.id)))
        return (document, try document.restoration(userID: userID, names: names, makeID: UUID.init))
    }

    public func restore(_ data: Data, userID: UUID, now: Date) async throws -> AccountImportOutcome {
        var restoration = try await check(data, userID: userID).restoration
        var stored: [StoredImage] = []
        do {
            for index in restoration.content.exercises.indices {
                let exercise = restoration.content.exercises[index]
                guard let bytes = restoration.images[exercise.id] else { continue }
                do {
                    let image = try await images.save(bytes, userID: userID, now: now)
                    stored.append(image)
                    restoration.content.exercises[index].image = image
                } catch let error as SpotterError {
                    throw ImportError("The image of the exercise \"\(exercise.name)\" is not usable: \(error.message)")
                }
            }
            try await accounts.fill(restoration.content, userID: userID, now: now)
        } catch {
            for image in stored { await images.remove(image, userID: userID) }
            throw error
        }
        let content = restoration.content
        let sets = content.workouts.reduce(0) { $0 + $1.allSets.count }
        await store.refreshPlannerStatistics(afterAdding: sets)
        return AccountImportOutcome(
            workouts: content.workouts.count, sets: sets, exercises: content.exercises.count,
            templates: content.templates.count, bodyMetrics: content.bodyMetrics.count,
            trainingMaxes: content.trainingMaxes.count)
    }
}
