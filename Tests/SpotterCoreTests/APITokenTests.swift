import SpotterCore
import Testing

@Suite("APIToken names")
struct APITokenTests {
    @Test("Names are cleaned like other names")
    func cleaned() throws {
        #expect(try APIToken.validName("  Laptop   script \n") == "Laptop script")
    }

    @Test("A blank name is refused", arguments: ["", "   ", "\n\t"])
    func blank(_ raw: String) throws {
        let failure = try #require(throws: ValidationFailure.self) { try APIToken.validName(raw) }
        #expect(failure.issues == [FieldIssue(field: "name", message: "Name the token, e.g. \"Laptop script\".")])
    }

    @Test("60 characters are accepted, 61 refused")
    func limit() throws {
        #expect(APIToken.nameLimit == 60)
        let sixty = String(repeating: "t", count: 60)
        #expect(try APIToken.validName(sixty) == sixty)
        let failure = try #require(throws: ValidationFailure.self) { try APIToken.validName(sixty + "t") }
        #expect(failure.issues == [FieldIssue(field: "name", message: "The name is too long: at most 60 characters.")])
    }
}
