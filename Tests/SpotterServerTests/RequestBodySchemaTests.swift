import Foundation
import HTTPTypes
import Hummingbird
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

@testable import SpotterServer

/// The messages about malformed bodies read what a field takes from the served
/// `openapi.yaml` (`RequestBodySchemas`): the document must be readable, every JSON
/// body of it found from the router's route, and its bounds those of the validators.
@Suite("Request body schemas read from the API document")
struct RequestBodySchemaTests {
    static func served() throws -> RequestBodySchemas {
        try #require(RequestBodySchemas.served, "openapi.yaml is read")
    }

    @Test(
        "the YAML the document uses, read through Yams: nested maps and lists, `- key:` items, quotes, flow lists and block text")
    func yaml() throws {
        let text = """
            # a comment
            info:
              title: "Spotter \\"API\\""
              note: 'it''s'
              description: |
                Line one.

                Line three: with a colon.
            required:
              [id, name]
            list:
              - $ref: "#/components/schemas/A"
              - type: "null"
                nested:
                  - 1
                  - {"a": [x, "y"], b: 2}
            types: [integer, "null"]
            empty:
            """
        let value = try YAMLDocument.parse(text)
        #expect(value["info"]?["title"]?.text == #"Spotter "API""#)
        #expect(value["info"]?["note"]?.text == "it's")
        #expect(value["info"]?["description"]?.text == "Line one.\n\nLine three: with a colon.\n")
        #expect(value["required"]?.texts == ["id", "name"])
        #expect(value["list"]?.list?.count == 2)
        #expect(value["list"]?.list?[0]["$ref"]?.text == "#/components/schemas/A")
        #expect(value["list"]?.list?[1]["nested"]?.list?[1] == .map(["a": .list([.text("x"), .text("y")]), "b": .text("2")]))
        #expect(value["types"]?.texts == ["integer", "null"])
        #expect(value["empty"]?.text == "null", "YAML's null, as JSON's")
        #expect(throws: YAMLDocument.Unreadable.self) { try YAMLDocument.parse("a: [1, 2") }
    }

    @Test("every operation of the router that the document gives a JSON body finds its schema by the route's own path")
    func everyBodyIsFound() async throws {
        let schemas = try Self.served()
        #expect(schemas.operationKeys.count > 40, "\(schemas.operationKeys.count) bodies")
        try await TestEnvironment.with(.sqlite) { env in
            let configuration = AppConfiguration(
                dataDirectory: env.dataDirectory, database: env.location, logLevel: .warning, passwordCost: 4, clock: { testNow })
            let services = try await buildServices(configuration: configuration)
            let routes = Set(
                buildRouter(services: services).routes.map {
                    RequestBodySchemas.operationKey(method: $0.method.rawValue, route: $0.path.description)
                })
            await services.store.shutdown()
            for operation in schemas.operationKeys {
                #expect(routes.contains(operation), "\(operation) of the document is a route")
            }
        }
        let set = try #require(schemas.body(method: .put, route: "/api/v1/workouts/{id}/entries/{entryId}/sets/{setId}"))
        #expect(set.at([.key("reps")])?.allowed == "a whole number from 0 to 1000")
        #expect(set.at([.key("kind")])?.allowed == "one of: warmup, working, drop, failure")
        #expect(set.at([.key("rpe")])?.allowed == "a number from 6 to 10 in steps of 0.5")
        let template = try #require(schemas.body(method: .put, route: "/api/v1/templates/:id"))
        #expect(template.at([.key("exercises"), .index(3), .key("exerciseId")])?.allowed == JSONDecodingIssue.ValueKind.id.words)
        #expect(template.at([.key("nothing")]) == nil)
        let created = try #require(schemas.body(method: .post, route: "/api/v1/exercises"))
        #expect(created.at([.key("name")])?.types == ["string"], "allOf: the create body's name is not nullable")
    }

    @Test("the document's bounds are the validators' (a message quotes the document)")
    func boundsAreTheValidators() throws {
        let schemas = try Self.served()
        func bounds(_ method: HTTPRequest.Method, _ route: String, _ path: [JSONDecodingIssue.Step]) -> ClosedRange<Double>? {
            guard let keywords = schemas.body(method: method, route: route)?.at(path)?.keywords,
                let low = keywords["minimum"]?.text.flatMap(Double.init),
                let high = keywords["maximum"]?.text.flatMap(Double.init)
            else { return nil }
            return low...high
        }
        func range(_ range: ClosedRange<Int>) -> ClosedRange<Double> { Double(range.lowerBound)...Double(range.upperBound) }
        let set = "/api/v1/workouts/{id}/entries/{entryId}/sets/{setId}"
        #expect(bounds(.put, set, [.key("reps")]) == range(SetDraft.repsRange))
        #expect(bounds(.put, set, [.key("durationSeconds")]) == range(0...SetDraft.maxDurationSeconds))
        #expect(bounds(.put, set, [.key("distanceMeters")]) == 0...SetDraft.maxDistanceMeters)
        #expect(bounds(.patch, "/api/v1/settings", [.key("defaultRestSeconds")]) == range(UserSettings.restSecondsRange))
        #expect(bounds(.put, "/api/v1/body-metrics/{id}", [.key("bodyFatPercent")]) == BodyMetricDraft.bodyFatRange)
        #expect(bounds(.put, "/api/v1/programs/{id}", [.key("weeks")]) == range(TrainingProgram.weekLimits))
    }
}
