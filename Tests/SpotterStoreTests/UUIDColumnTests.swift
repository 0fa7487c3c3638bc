import Foundation
import Testing

@testable import SpotterStore

/// `UUID(text:)`: the store's parser for ids SQLite keeps as text.
@Suite struct UUIDColumnTests {
    @Test("reads the text form in either case, as Foundation does")
    func readsBothCases() throws {
        let text = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let expected = try #require(UUID(uuidString: text))
        #expect(UUID(text: text) == expected)
        #expect(UUID(text: text.lowercased()) == expected)
        #expect(UUID(text: Substring("x" + text).dropFirst()) == expected)
        for _ in 0..<200 {
            let id = UUID()
            #expect(UUID(text: id.uuidString) == id)
            #expect(UUID(text: id.uuidString.lowercased()) == id)
        }
    }

    @Test(
        "refuses anything but 32 hex digits grouped 8-4-4-4-12",
        arguments: [
            "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0",
            "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G",
            "E621E1F8 C36C-495A-93FC-0C247A3E6E5F",
            "E621E1F8-C36C-495A-93FC0-C247A3E6E5F", "{621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
            "E621E1F8-C36C-495A-93FC-0C247A3E6É5",
        ])
    func refusesMalformed(text: String) {
        #expect(UUID(text: text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
