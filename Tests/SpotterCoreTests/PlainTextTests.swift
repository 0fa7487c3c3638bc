import Foundation
import SpotterCore
import Testing

@Suite("PlainText: text without control characters")
struct PlainTextTests {
    @Test("Tab, line feed and carriage return are allowed; the C0 and C1 controls and DEL are not")
    func rule() {
        for allowed: UInt32 in [0x09, 0x0A, 0x0D, 0x20, 0x41, 0xA0, 0xE9, 0x1F3CB] {
            #expect(PlainText.allows(Unicode.Scalar(allowed)!), "U+\(String(allowed, radix: 16))")
        }
        for refused: UInt32 in [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x0E, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9F] {
            #expect(!PlainText.allows(Unicode.Scalar(refused)!), "U+\(String(refused, radix: 16))")
        }
    }

    @Test("The first forbidden character is found, and named in the message with the field")
    func message() throws {
        #expect(PlainText.firstForbidden(in: "Back squat\tdeep\r\nfelt good 💪") == nil)
        #expect(PlainText.firstForbidden(in: "a\u{0}b") == "\u{0}")
        #expect(PlainText.firstForbidden(in: "ok\u{85}") == "\u{85}")
        let issue = try #require(PlainText.issue(field: "notes", in: "a\u{1B}b"))
        #expect(issue.field == "notes")
        #expect(issue.message.hasPrefix("\"notes\" holds a control character (U+001B). Remove it"))
        #expect(throws: ValidationFailure.self) { try PlainText.check("x\u{7F}", field: "name") }
    }

    @Test("JSON: every string and key is checked, and the path names the field")
    func json() throws {
        func issue(_ json: String) -> FieldIssue? { PlainText.firstForbiddenString(inJSON: Array(json.utf8)) }
        #expect(issue(#"{"name": "Squat", "notes": "line\nbreak\ttab"}"#) == nil)
        #expect(issue(#"{"name": "back\\u0000slash"}"#) == nil, "an escaped backslash before u0000 is text, not a control")
        #expect(issue(#"{"name": "a\u0000b"}"#)?.field == "name")
        #expect(issue(#"{"entries": [{"notes": "ok"}, {"notes": "bad\u001f"}]}"#)?.field == "entries[1].notes")
        #expect(issue("{\"note\": \"c1 \u{85}\"}")?.field == "note", "a raw C1 control (bytes C2 85)")
        #expect(issue(#"["fine", "\u0007"]"#)?.field == "[1]")
        #expect(issue("{\"note\": \"raw \u{7F} DEL\"}")?.field == "note", "DEL needs no escape in JSON")
        #expect(issue(#""\u0000""#)?.field == "body")
        let key = try #require(issue(#"{"a": {"b\u0001": 1}}"#))
        #expect(key.field == "a")
        #expect(key.message.contains("A field name in \"a\" holds a control character (U+0001)"))
        #expect(issue("not json at all") == nil)
        // Found without a parser: a key given twice (one decoder keeps the first, another
        // the last), or a document a parser refuses, is refused as a whole.
        let twice = try #require(issue(#"{"name": "a\u0000b", "name": "x"}"#))
        #expect(twice.field == "body")
        #expect(twice.message.hasPrefix("\"body\" holds a control character (U+0000)."))
        #expect(issue(#"{"big": 1e999, "name": "\u0001"}"#)?.field == "body")
        #expect(issue(#"{"name": "\u00e9t\u00E9 \ud83d\ude00"}"#) == nil, "other escapes are text")
    }
}
