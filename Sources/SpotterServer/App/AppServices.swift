import Foundation
import Logging
import Mustache
import SpotterCore
import SpotterStore
import Synchronization

/// The dependencies controllers share, made once at start.
struct AppServices: Sendable {
    let store: SpotterStore
    let accounts: AccountService
    let images: ImageStore
    let imports: ImportUploads
    /// Restores let in one per lifter and a few at once (`RestoreGate`).
    let restores: RestoreGate
    let views: ViewRenderer
    let assets: AssetCatalog
    let limiter: AbuseLimiter
    /// Proxies whose X-Forwarded-For and Forwarded headers name the client.
    let trustedProxies: Set<String>
    let registrationOpen: Bool
    /// How many exercises the built-in library holds, for the welcome screen.
    let catalogSize: Int
    let clock: @Sendable () -> Date
    /// `GET /metrics`, when turned on.
    let metrics: MetricsExport?
    /// The server's log level: each request is logged on a line of its own at info.
    let logLevel: Logger.Level

    /// The exercise library (`ExerciseService`).
    var exercises: ExerciseService { ExerciseService(store: store, images: images, clock: clock) }
    var exerciseMerges: ExerciseMergeService { ExerciseMergeService(store: store) }
    /// The lifter's workout types (`WorkoutTypeService`).
    var workoutTypes: WorkoutTypeService { WorkoutTypeService(store: store, clock: clock) }
    /// The template use cases (`TemplateService`), for the API and the pages alike.
    var templates: TemplateService { TemplateService(store: store, clock: clock) }
    /// The program use cases (`ProgramService`), for the API and the pages alike.
    var programs: ProgramService { ProgramService(store: store, clock: clock) }
    /// The workout use cases (`WorkoutService`), for the API and the pages alike.
    var workouts: WorkoutService { WorkoutService(store: store, clock: clock) }
    /// Warm-up sets before a working set (`WarmUpService`).
    var warmUps: WarmUpService { WarmUpService(store: store) }
    /// The guided player's use cases (`GuidedService`), for the API and the pages alike.
    var guided: GuidedService { GuidedService(store: store, clock: clock) }
    /// The dashboard and the progress reports (`ProgressService`).
    var progress: ProgressService { ProgressService(store: store, clock: clock) }
    /// The lifter's body measurements (`BodyMetricService`).
    var bodyMetrics: BodyMetricService { BodyMetricService(store: store, clock: clock) }
    var trainingMaxes: TrainingMaxService { TrainingMaxService(store: store, clock: clock) }
    /// A custom exercise's image file and record together (`ExerciseImageService`).
    var exerciseImages: ExerciseImageService { ExerciseImageService(store: store, images: images, clock: clock) }
}
