import Foundation
import Hummingbird
import NIOCore

extension Parameters {
    /// A query value as a browser's form meant it: `+` stands for a space in
    /// url-encoded queries, which the router leaves as it is.
    func formText(_ name: String) -> String? {
        get(name)?.replacingOccurrences(of: "+", with: " ")
    }
}

/// The fields of an `application/x-www-form-urlencoded` body or query string,
/// keeping repeated names (checkbox groups) in order.
struct URLEncodedForm: Sendable {
    private(set) var fields: [(name: String, value: String)] = []

    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    init(buffer: ByteBuffer) {
        self.init(bytes: buffer.readableBytesView)
    }

    /// One pass over the bytes: `&` splits fields, the first `=` splits name from value,
    /// `+` is a space and `%XX` a byte (a malformed escape is kept as written).
    init(bytes: some Collection<UInt8>) {
        var name: [UInt8] = [], value: [UInt8] = []
        var inValue = false
        var pending: [UInt8] = []  // a % escape being read
        func flushPending() {
            if inValue { value += pending } else { name += pending }
            pending.removeAll(keepingCapacity: true)
        }
        func append(_ byte: UInt8) {
            if inValue { value.append(byte) } else { name.append(byte) }
        }
        func endField() {
            flushPending()
            if !name.isEmpty || inValue {
                fields.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
            }
            name.removeAll(keepingCapacity: true)
            value.removeAll(keepingCapacity: true)
            inValue = false
        }
        for byte in bytes {
            if !pending.isEmpty {
                if let digit = Self.hexValue(byte) {
                    if pending.count == 2, let high = Self.hexValue(pending[1]) {
                        pending.removeAll(keepingCapacity: true)
                        append(high << 4 | digit)
                    } else {
                        pending.append(byte)
                    }
                    continue
                }
                // Not an escape after all: keep what was read as written, and read this byte as usual.
                flushPending()
            }
            switch byte {
            case UInt8(ascii: "&"): endField()
            case UInt8(ascii: "=") where !inValue: inValue = true
            case UInt8(ascii: "+"): append(UInt8(ascii: " "))
            case UInt8(ascii: "%"): pending.append(byte)
            default: append(byte)
            }
        }
        endField()
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The first value of a field.
    func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of a repeated field.
    func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }
}
