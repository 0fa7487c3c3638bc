/// The key under which guesses and anonymous posts from an address are counted.
/// An IPv4 address is its own key. An IPv6 address counts by its /64 network: one
/// home or phone is given a whole /64 and may use any address in it, so counting
/// single addresses would let one client spread its guesses over billions of keys.
/// An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 one.
public enum AddressKey {
    public static func of(_ address: String) -> String {
        guard address.contains(":"), let groups = ipv6Groups(address) else { return address }
        if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
            return "\(groups[6] >> 8).\(groups[6] & 0xFF).\(groups[7] >> 8).\(groups[7] & 0xFF)"
        }
        return groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The eight 16-bit groups of an IPv6 address (`::` expanded, a zone and a
    /// trailing dotted IPv4 part read), or nil when it is not one.
    static func ipv6Groups(_ text: String) -> [UInt16]? {
        var text = Substring(text)
        if let percent = text.firstIndex(of: "%") { text = text[..<percent] }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
                    guard octets.count == 4 else { return nil }
                    result += [UInt16(octets[0]) << 8 | UInt16(octets[1]), UInt16(octets[2]) << 8 | UInt16(octets[3])]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
