import Foundation
import Hummingbird
import Logging
import SpotterCore
import SpotterImport
import SpotterStore

/// The composition root: the services (`buildServices`) and the router over them.
/// Tests build the very same application. Every connection is watched by a
/// `ConnectionGuard` (head and idle timeouts, the connection budget) and the listening
/// socket by an `AcceptGuard`.
public func buildApplication(configuration: AppConfiguration) async throws -> some ApplicationProtocol {
    let services = try await buildServices(configuration: configuration)
    let store = services.store
    let limits = configuration.connections
    // Counted once the store is open, so that its files are in `openNow`.
    let budget =
        limits.budget
        ?? ConnectionLimits.budget(
            openFiles: ConnectionLimits.openFileLimit(), openNow: ConnectionLimits.openDescriptors(),
            processors: ProcessInfo.processInfo.activeProcessorCount)
    let connections = ConnectionRegistry(budget: budget, logger: store.logger)
    var app = Application(
        responder: HeadResponder(buildRouter(services: services).buildResponder()),
        server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionGuard(limits: limits, registry: connections)])),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Spotter"),
        onServerRunning: { channel in
            do {
                try await AcceptGuard.install(on: channel, registry: connections)
            } catch {
                store.logger.error("Could not guard the listening socket against running out of file descriptors: \(error)")
            }
            let port = channel.localAddress?.port ?? configuration.port
            // Straight to standard output (not buffered), so scripts and supervisors
            // that read the address see it at once; never fatal when it cannot be written.
            LogLineWriter.standardOutput.write(
                "Spotter is running at http://\(configuration.host):\(port) (data: \(store.location))\n")
            store.logger.info(
                "Connections: at most \(budget) at once; a request's head within \(limits.header), \(limits.idle) idle between requests"
            )
        },
        logger: store.logger)
    app.addServices(store)
    return app
}

/// Opens and migrates the store, seeds the catalog, judges what an import cut short
/// left unjudged, and makes the services every route uses. The caller owns the store
/// (`buildApplication` hands it to the application, which shuts it down).
func buildServices(configuration: AppConfiguration) async throws -> AppServices {
    var logger = Logger(label: "spotter")
    logger.logLevel = configuration.logLevel
    let store = try await SpotterStore.open(configuration.database, logger: logger)
    let catalog: ExerciseCatalog
    let views: ViewRenderer
    let assets = AssetCatalog.shared
    let images = ImageStore(store: store, dataDirectory: configuration.dataDirectory)
    do {
        let bundled = try CatalogSeeder.bundledCatalog()
        catalog = bundled
        try await store.migrate {
            try await CatalogSeeder(store: store).seed(bundled, now: configuration.clock())
            try await images.moveFilesIntoDatabase(now: configuration.clock())
            try await WorkoutRepository(store: store).finishInterruptedLoads()
        }
        views = try await ViewRenderer.load(assets: assets)
    } catch {
        await store.shutdown()
        throw error
    }
    return AppServices(
        store: store,
        accounts: AccountService(store: store, hasher: PasswordHasher(cost: configuration.passwordCost)),
        images: images,
        imports: ImportUploads(
            store: store, dataDirectory: configuration.dataDirectory, fileLimit: configuration.importFileLimit,
            room: configuration.importRoom),
        restores: RestoreGate(most: configuration.restoresAtOnce),
        views: views,
        assets: assets,
        limiter: AbuseLimiter(
            accounts: configuration.accountThrottle, addresses: configuration.addressThrottle,
            anonymousPosts: configuration.anonymousPosts),
        trustedProxies: configuration.trustedProxies,
        registrationOpen: configuration.registrationOpen,
        catalogSize: catalog.exercises.count,
        clock: configuration.clock,
        metrics: configuration.metrics,
        logLevel: configuration.logLevel)
}

/// Every route, API and pages, behind the shared middleware.
func buildRouter(services: AppServices) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    // Outermost, so every answer carries its headers, errors' answers too.
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: UnreadBodyMiddleware(limit: 4 * ImportRules.largestFileBytes))
    router.add(middleware: RequestLogMiddleware(metrics: services.metrics?.factory(), logsRequests: services.logLevel <= .info))
    router.add(middleware: ClientAddressMiddleware(trustedProxies: services.trustedProxies))
    router.add(middleware: CompressionMiddleware())
    router.add(middleware: ErrorMiddleware(views: services.views))
    router.add(middleware: StorageFaultMiddleware(status: services.store.storageStatus, clock: services.clock))
    router.add(middleware: HostHeaderMiddleware())
    router.add(middleware: QueryTextMiddleware())
    router.add(middleware: AuthMiddleware(services: services))
    router.add(middleware: CSRFMiddleware(services: services))

    // Public: the probes and metrics, the assets, the API's document, and the pages for signing in.
    // Everything else is in the signed-in groups, which refuse a request without a
    // session or token before any handler runs (`SignedInContext`).
    OperationsController(services: services).addRoutes(to: router)
    AssetsController(assets: services.assets).addRoutes(to: router)
    let api = router.group("api/v1")
    OpenAPIController().addRoutes(to: api)
    HomePageController(services: services).addRoutes(to: router)

    let signedInAPI = api.group(context: SignedInContext.self)
    AccountAPIController(services: services).addRoutes(to: signedInAPI)
    ExercisesAPIController(services: services).addRoutes(to: signedInAPI)
    WorkoutTypesAPIController(services: services).addRoutes(to: signedInAPI)
    WorkoutsAPIController(services: services).addRoutes(to: signedInAPI)
    TemplatesAPIController(services: services).addRoutes(to: signedInAPI)
    ProgramsAPIController(services: services).addRoutes(to: signedInAPI)
    GuidedAPIController(services: services).addRoutes(to: signedInAPI)
    ProgressAPIController(services: services).addRoutes(to: signedInAPI)
    TrainingMaxAPIController(services: services).addRoutes(to: signedInAPI)
    PlatesAPIController(services: services).addRoutes(to: signedInAPI)
    ImportsAPIController(services: services).addRoutes(to: signedInAPI)

    let pages = router.group(context: SignedInContext.self)
    AuthPagesController(services: services).addRoutes(public: router, signedIn: pages)
    ExercisePagesController(services: services).addRoutes(to: pages)
    WorkoutTypePagesController(services: services).addRoutes(to: pages)
    SettingsPagesController(services: services).addRoutes(to: pages)
    MorePageController(services: services).addRoutes(to: pages)
    ImportPagesController(services: services).addRoutes(to: pages)
    ExportPagesController(services: services).addRoutes(to: pages)
    WorkoutPagesController(services: services).addRoutes(to: pages)
    WarmUpPagesController(services: services).addRoutes(to: pages)
    HistoryPagesController(services: services).addRoutes(to: pages)
    FinishSummaryPagesController(services: services).addRoutes(to: pages)
    TemplatePagesController(services: services).addRoutes(to: pages)
    TemplateFormPagesController(services: services).addRoutes(to: pages)
    TemplateStartPagesController(services: services).addRoutes(to: pages)
    TemplateFinishPagesController(services: services).addRoutes(to: pages)
    ProgramPagesController(services: services).addRoutes(to: pages)
    GuidedPagesController(services: services).addRoutes(to: pages)
    ProgressPagesController(services: services).addRoutes(to: pages)
    TrainingMaxPagesController(services: services).addRoutes(to: pages)
    // Last: it sees only the requests no route took (a middleware applies to the routes
    // added after it, and to the router's not-found answer).
    router.add(middleware: MethodNotAllowedMiddleware(routes: router.routes))
    return router
}
