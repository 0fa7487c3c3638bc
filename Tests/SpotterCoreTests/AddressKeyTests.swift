import SpotterCore
import Testing

@Suite("AddressKey: IPv4 by address, IPv6 by /64")
struct AddressKeyTests {
    @Test(
        "the key of an address",
        arguments: [
            ("192.0.2.7", "192.0.2.7"),
            ("2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3::/64"),
            ("2001:db8:85a3:8d3::1", "2001:db8:85a3:8d3::/64"),
            ("2001:DB8:85A3:08D3:ffff::", "2001:db8:85a3:8d3::/64"),
            ("2001:db8::1", "2001:db8:0:0::/64"),
            ("::1", "0:0:0:0::/64"),
            ("fe80::1%eth0", "fe80:0:0:0::/64"),
            ("::ffff:198.51.100.20", "198.51.100.20"),
            ("::ffff:c633:6414", "198.51.100.20"),
            ("local", "local"),
        ])
    func key(address: String, expected: String) {
        #expect(AddressKey.of(address) == expected)
    }

    @Test("two addresses of one /64 share a key; the next /64 does not")
    func sameNetwork() {
        #expect(AddressKey.of("2001:db8:1:2::a") == AddressKey.of("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        #expect(AddressKey.of("2001:db8:1:2::a") != AddressKey.of("2001:db8:1:3::a"))
    }

    @Test(
        "text that is no IPv6 address is its own key",
        arguments: ["1:2:3", "1::2::3", "2001:db8::g", "1:2:3:4:5:6:7:8:9", "12345::1", "::ffff:1.2.3"])
    func notAnAddress(text: String) {
        #expect(AddressKey.of(text) == text)
    }
}
