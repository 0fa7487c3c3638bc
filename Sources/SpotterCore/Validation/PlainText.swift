import Foundation

/// The rule for every piece of text a lifter can send: no control characters but
/// tab, line feed and carriage return, and no direction controls. PostgreSQL refuses
/// NUL outright and SQLite would keep only the text before it, so such text is
/// refused with a message instead of failing later or being cut without a word.
///
/// The direction controls (embeddings and overrides U+202A-U+202E, isolates
/// U+2066-U+2069) make the text after them show in another order than it is
/// stored: "\u{202E}tfel" shows as "left", so a name or a note from a shared file
/// could pass for another. Right-to-left text needs none of them (the letters carry
/// their direction), and the marks U+200E/U+200F stay allowed. Zero-width
/// characters stay allowed in text too: emoji are joined with U+200D, and Persian
/// needs U+200C; a name must hold more than them (`PlainText.name`).
public enum PlainText {
    /// Whether a character may be stored: everything but the C0 and C1 controls
    /// (tab, line feed and carriage return allowed) and the direction controls.
    public static func allows(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F, 0x7F...0x9F: false
        case 0x202A...0x202E, 0x2066...0x2069: false
        default: true
        }
    }

    /// The first character of `text` that may not be stored, if any. Inlinable, so
    /// the byte scan is specialized where it is called (an import checks every field).
    @inlinable
    public static func firstForbidden(in text: some StringProtocol) -> Unicode.Scalar? {
        // Every forbidden character starts with a byte below 0x20, 0x7F, 0xC2 (C1) or 0xE2 (direction) in UTF-8.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return nil }
        return text.unicodeScalars.first { !allows($0) }
    }

    /// What to tell the lifter about a forbidden character in `field`.
    public static func message(field: String, scalar: Unicode.Scalar) -> String {
        if isDirectionControl(scalar) {
            return "\"\(field)\" holds a direction control (\(code(scalar))), which shows the text after it in another order "
                + "than it is written. Remove it: right-to-left text needs none."
        }
        return "\"\(field)\" holds a control character (\(code(scalar))). Remove it: text may hold letters, digits, "
            + "punctuation, tabs and line breaks, nothing else."
    }

    static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The problem with `text`, or nil when it may be stored.
    public static func issue(field: String, in text: some StringProtocol) -> FieldIssue? {
        firstForbidden(in: text).map { FieldIssue(field: field, message: message(field: field, scalar: $0)) }
    }

    /// Throws when `text` holds a character that may not be stored.
    public static func check(_ text: some StringProtocol, field: String) throws(ValidationFailure) {
        if let issue = issue(field: field, in: text) { throw ValidationFailure([issue]) }
    }

    /// "U+0000".
    public static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension PlainText {
    /// The first string (a key or a value) of a JSON document that holds a forbidden
    /// character, named by its path (`entries[2].notes`); nil when there is none.
    ///
    /// Finding it does not rely on a parser: the bytes are scanned, and a forbidden
    /// character can only stand in a JSON text as a `\uXXXX` escape, as the byte 7F (DEL
    /// may stand unescaped), as the two bytes C2 80...C2 9F (a C1 control) or as the
    /// three bytes of a direction control (E2 80 AA...AE, E2 81 A6...A9). Only to
    /// name the field is the document parsed; when that cannot tell (a key given twice,
    /// which one parser keeps first and another last, or text no parser takes), the body
    /// as a whole is refused.
    public static func firstForbiddenString(inJSON data: some Collection<UInt8>) -> FieldIssue? {
        guard let scalar = firstForbiddenByte(json: data) else { return nil }
        if let object = try? JSONSerialization.jsonObject(with: Data(data), options: [.fragmentsAllowed]),
            let issue = firstForbidden(in: object, path: "")
        {
            return issue
        }
        return FieldIssue(field: "body", message: message(field: "body", scalar: scalar))
    }

    /// The first forbidden character written anywhere in the bytes of a JSON text.
    private static func firstForbiddenByte(json data: some Collection<UInt8>) -> Unicode.Scalar? {
        let bytes = Array(data)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F { return Unicode.Scalar(byte) }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                return Unicode.Scalar(bytes[index + 1])
            }
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] & 0xFE == 0x80 {
                let scalar = Unicode.Scalar(0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F))!
                if !allows(scalar) { return scalar }
            }
            if byte == 0x5C, index + 1 < bytes.count {  // a backslash escape: skip it whole
                if bytes[index + 1] == 0x75, index + 5 < bytes.count,
                    let value = UInt32(String(decoding: bytes[index + 2...index + 5], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value), !allows(scalar)
                {
                    return scalar
                }
                index += 2
                continue
            }
            index += 1
        }
        return nil
    }

    private static func firstForbidden(in value: Any, path: String) -> FieldIssue? {
        switch value {
        case let text as String:
            return issue(field: path.isEmpty ? "body" : path, in: text)
        case let list as [Any]:
            for (index, element) in list.enumerated() {
                if let found = firstForbidden(in: element, path: "\(path)[\(index)]") { return found }
            }
            return nil
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                let keyPath = path.isEmpty ? key : "\(path).\(key)"
                if let scalar = firstForbidden(in: key) {
                    let place = path.isEmpty ? "the body" : "\"\(path)\""
                    return FieldIssue(
                        field: path.isEmpty ? "body" : path,
                        message: "A field name in \(place) holds a control character (\(code(scalar))). Remove it.")
                }
                if let found = firstForbidden(in: object[key]!, path: keyPath) { return found }
            }
            return nil
        default:
            return nil
        }
    }
}
