import GenkanWebAuthn
import Testing

@Suite struct RelyingPartyTests {
    @Test(arguments: [
        ("https://example.com", nil, "example.com", "https://example.com"),
        ("https://Example.COM:443/some/path?x#y", nil, "example.com", "https://example.com"),
        ("https://login.example.com:8443", "example.com", "example.com", "https://login.example.com:8443"),
        ("http://localhost:8080", nil, "localhost", "http://localhost:8080"),
        ("http://localhost", nil, "localhost", "http://localhost"),
        ("http://genkan.localhost:8080/", nil, "genkan.localhost", "http://genkan.localhost:8080"),
        ("https://xn--r8jz45g.jp", nil, "xn--r8jz45g.jp", "https://xn--r8jz45g.jp"),
    ] as [(String, String?, String, String)])
    func accepted(url: String, id: String?, expectedID: String, expectedOrigin: String) throws {
        let party = try RelyingParty(url: url, id: id, name: "Genkan")
        #expect(party.id == expectedID)
        #expect(party.origin == expectedOrigin)
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", nil),  // the server's default: an IP address is no RP ID
        ("https://192.168.1.20", nil),
        ("http://[::1]:8080", nil),
        ("https://[2001:db8::1]", nil),
        ("https://0x7f.1", nil),  // a URL parser's IPv4
        ("http://example.com", nil),  // plain http away from localhost
        ("https://login.example.com", "ample.com"),  // a suffix, but not at a dot
        ("https://example.com", "login.example.com"),  // a subdomain of the host, not a suffix
        ("https://example.com", "127.0.0.1"),
        ("https://exämple.com", nil),  // Unicode: the browser serializes xn--
        ("https://example.com.", nil),
        ("https://user@example.com", nil),
        ("https://example.com:0", nil),
        ("https://example.com:99999", nil),
        ("ftp://example.com", nil),
        ("example.com", nil),
        ("https://-bad-.com", nil),
    ] as [(String, String?)])
    func refused(url: String, id: String?) {
        #expect(throws: WebAuthnFailure.self, "\(url) \(id ?? "")") { try RelyingParty(url: url, id: id, name: "Genkan") }
    }

    @Test func anIPAddressIsRefusedWithAHint() {
        let failure = try? #require(throws: WebAuthnFailure.self) { try RelyingParty(url: "http://127.0.0.1:8080", name: "Genkan") }
        #expect(failure?.reason == .invalidRelyingParty)
        #expect(failure?.detail.contains("http://localhost:PORT") == true)
    }

    @Test func theIDHashIsSHA256OfTheID() throws {
        // SHA-256("example.com"), computed independently (sha256sum).
        let party = try RelyingParty(url: "https://example.com", name: "Example")
        let hex = party.idHash.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(hex == "a379a6f6eeafb9a55e378c118034e2751e682fab9f2d30ab13d2125586ce1947")
    }
}
