import Foundation
import Hummingbird
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// The API's routes and `openapi.yaml` name the same operations: a route under
/// `/api/v1` the document lacks fails, and so does an operation no route serves.
/// Operations are compared as "METHOD /path/{}" (`RequestBodySchemas.operationKey`),
/// so the router's `{id}` and the document's `{entryId}` or `:id` are the same capture.
@Suite("API routes and the OpenAPI document")
struct APIContractRoutesTests {
    static let apiPrefix = "/api/v1/"
    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    /// Every operation of a document, as "METHOD /path/{}".
    static func operations(document: String) throws -> Set<String> {
        let paths = try #require(YAMLDocument.parse(document)["paths"]?.map, "the document has paths")
        var operations: Set<String> = []
        for (path, item) in paths {
            for method in (item.map ?? [:]).keys where methods.contains(method) {
                operations.insert(RequestBodySchemas.operationKey(method: method, route: path))
            }
        }
        return operations
    }

    /// Every route of the app's router, as "METHOD /path/{}".
    static func routes() async throws -> Set<String> {
        try await TestEnvironment.with(.sqlite) { env in
            let configuration = AppConfiguration(
                dataDirectory: env.dataDirectory, database: env.location, logLevel: .warning, passwordCost: 4, clock: { testNow })
            let services = try await buildServices(configuration: configuration)
            let routes = buildRouter(services: services).routes.map {
                RequestBodySchemas.operationKey(method: $0.method.rawValue, route: $0.path.description)
            }
            await services.store.shutdown()
            return Set(routes)
        }
    }

    /// What does not match: API routes the document lacks, and operations of the
    /// document (under `/api/v1` or not, as `/health`) that no route serves.
    static func mismatches(routes: Set<String>, operations: Set<String>) -> (undocumented: [String], unserved: [String]) {
        let apiRoutes = routes.filter { $0.split(separator: " ", maxSplits: 1).last?.hasPrefix(apiPrefix) == true }
        return (apiRoutes.subtracting(operations).sorted(), operations.subtracting(routes).sorted())
    }

    @Test("every route under /api/v1 is an operation of the document, and every operation of the document is a route")
    func routesMatchTheDocument() async throws {
        let operations = try Self.operations(document: String(buffer: OpenAPIController.document))
        let routes = try await Self.routes()
        #expect(operations.count > 80, "\(operations.count) operations in the document")
        let (undocumented, unserved) = Self.mismatches(routes: routes, operations: operations)
        #expect(undocumented.isEmpty, "routes openapi.yaml lacks: \(undocumented)")
        #expect(unserved.isEmpty, "operations of openapi.yaml no route serves: \(unserved)")
    }

    @Test("the comparison fails both ways: an operation taken out of the document, a route taken out of the router")
    func comparisonCanFail() async throws {
        let document = String(buffer: OpenAPIController.document)
        let routes = try await Self.routes()
        // A copy of the document without the set PUT: the route is then undocumented.
        let setPath = "  /api/v1/workouts/{id}/entries/{entryId}/sets/{setId}:\n    put:\n"
        #expect(document.contains(setPath))
        let shorter = document.replacingOccurrences(
            of: setPath, with: "  /api/v1/workouts/{id}/entries/{entryId}/sets/{setId}:\n    x-removed:\n")
        let lacking = Self.mismatches(routes: routes, operations: try Self.operations(document: shorter))
        #expect(lacking.undocumented == ["PUT /api/v1/workouts/{}/entries/{}/sets/{}"])
        #expect(lacking.unserved.isEmpty)
        // A router without the workout list: the document's operation is unserved.
        let fewer = Self.mismatches(
            routes: routes.subtracting(["GET /api/v1/workouts"]), operations: try Self.operations(document: document))
        #expect(fewer.undocumented.isEmpty)
        #expect(fewer.unserved == ["GET /api/v1/workouts"])
    }
}
