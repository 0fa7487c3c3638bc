import SpotterCore
import Testing

@Suite("Credentials: user names and passwords")
struct CredentialsTests {
    static let lengthMessage = "A user name has 3 to 32 characters."
    static let charactersMessage = "Use only letters a-z, digits, dots, dashes and underscores in a user name."

    @Test(
        "User names are trimmed and lower-cased",
        arguments: [
            ("alice", "alice"), ("Alice", "alice"), ("  BOB  ", "bob"), ("\tcarol\n", "carol"),
            ("j.doe-2_x", "j.doe-2_x"), ("A.B", "a.b"), ("007", "007"), ("___", "___"),
        ])
    func goodUsernames(_ raw: String, _ stored: String) throws {
        #expect(try Credentials.validUsername(raw) == stored)
    }

    @Test("User names of 3 and 32 characters are accepted")
    func usernameLengthBounds() throws {
        #expect(try Credentials.validUsername("abc") == "abc")
        let thirtyTwo = String(repeating: "a", count: 32)
        #expect(try Credentials.validUsername(thirtyTwo) == thirtyTwo)
        #expect(Credentials.usernameLengths == 3...32)
    }

    @Test(
        "User names shorter than 3 or longer than 32 characters are refused",
        arguments: ["", "ab", "  ab  ", String(repeating: "a", count: 33), String(repeating: "a", count: 100)])
    func badLength(_ raw: String) throws {
        let failure = try #require(throws: ValidationFailure.self) { try Credentials.validUsername(raw) }
        #expect(failure.issues == [FieldIssue(field: "username", message: Self.lengthMessage)])
    }

    @Test(
        "User names with other characters are refused",
        arguments: ["john doe", "jane@home", "émile", "jürgen", "name!", "a/b", "tab\tname", "user+1", "日本語"])
    func badCharacters(_ raw: String) throws {
        let failure = try #require(throws: ValidationFailure.self) { try Credentials.validUsername(raw) }
        #expect(failure.issues == [FieldIssue(field: "username", message: Self.charactersMessage)])
    }

    @Test("A password of 9 characters is refused, 10 is accepted")
    func passwordMinimum() throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try Credentials.checkNewPassword("123456789")
        }
        #expect(failure.issues == [FieldIssue(field: "password", message: "Use a password of at least 10 characters.")])
        #expect(throws: Never.self) { try Credentials.checkNewPassword("1234567890") }
    }

    @Test("The empty password is refused")
    func emptyPassword() {
        #expect(throws: ValidationFailure.self) { try Credentials.checkNewPassword("") }
    }

    @Test("72 bytes are accepted, 73 refused")
    func passwordMaximum() throws {
        #expect(throws: Never.self) { try Credentials.checkNewPassword(String(repeating: "p", count: 72)) }
        let failure = try #require(throws: ValidationFailure.self) {
            try Credentials.checkNewPassword(String(repeating: "p", count: 73))
        }
        #expect(
            failure.issues == [
                FieldIssue(field: "password", message: "The password is too long: at most 72 bytes.")
            ])
    }

    @Test("The minimum counts characters, the maximum counts UTF-8 bytes")
    func multibyte() throws {
        // "é" is one character of two bytes.
        #expect(throws: Never.self) { try Credentials.checkNewPassword(String(repeating: "é", count: 10)) }  // 20 bytes
        #expect(throws: Never.self) { try Credentials.checkNewPassword(String(repeating: "é", count: 36)) }  // 72 bytes
        #expect(throws: ValidationFailure.self) {
            try Credentials.checkNewPassword(String(repeating: "é", count: 37))  // 74 bytes, only 37 characters
        }
        // "💪" is one character of four bytes: 9 of them are 36 bytes, still too few characters.
        #expect(throws: ValidationFailure.self) { try Credentials.checkNewPassword(String(repeating: "💪", count: 9)) }
        #expect(throws: Never.self) { try Credentials.checkNewPassword(String(repeating: "💪", count: 18)) }  // 72 bytes
        let failure = try #require(throws: ValidationFailure.self) {
            try Credentials.checkNewPassword(String(repeating: "💪", count: 18) + "x")  // 73 bytes
        }
        #expect(failure.message(for: "password") == "The password is too long: at most 72 bytes.")
    }

    @Test("The issue is filed under the field the caller names")
    func customField() throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try Credentials.checkNewPassword("short", field: "newPassword")
        }
        #expect(failure.issues.map(\.field) == ["newPassword"])
    }
}
