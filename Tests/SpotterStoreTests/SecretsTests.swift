import Testing

@testable import SpotterStore

@Suite("Stored secrets")
struct SecretsTests {
    @Test("a secret is stored as its SHA-256 in lowercase hex")
    func hashIsSHA256Hex() {
        // FIPS 180-2 test vectors.
        #expect(Secrets.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Secrets.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("made secrets carry their prefix and differ every time")
    func madeSecretsDiffer() {
        let first = Secrets.make(prefix: "spt_")
        let second = Secrets.make(prefix: "spt_")
        #expect(first.hasPrefix("spt_"))
        #expect(first.count == 4 + 43)
        #expect(first != second)
        #expect(!first.contains("+") && !first.contains("/") && !first.contains("="))
    }
}
