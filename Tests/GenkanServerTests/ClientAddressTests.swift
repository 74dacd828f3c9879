import GenkanHTTPTesting
import GenkanTestSupport
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

#if canImport(Glibc)
import Glibc
#endif

/// Addresses, networks and who the client is behind `--trust-proxy` (a client must not choose the address it is counted under).
@Suite struct ClientAddressTests {
    @Test(arguments: [
        ("192.0.2.7", "192.0.2.7"), ("192.0.2.7:4711", "192.0.2.7"), ("::ffff:192.0.2.7", "192.0.2.7"),
        ("2001:DB8:0:0:0:0:0:7", "2001:db8::7"), ("[2001:db8::7]", "2001:db8::7"), ("[2001:db8::7]:443", "2001:db8::7"),
        ("::1", "::1"),
    ])
    func addressesAreReadAsProxiesWriteThem(text: String, canonical: String) throws {
        #expect(try #require(IPAddress(text)).description == canonical)
    }

    @Test(arguments: ["", "unknown", "example.com", "192.0.2", "192.0.2.256", "fe80::1%eth0", "[::1", "[192.0.2.7]", "1.2.3.4:", "1.2.3.4:x", " 1.2.3.4"])
    func otherTextIsNotAnAddress(text: String) {
        #expect(IPAddress(text) == nil)
    }

    /// The IPv4 reader agrees with glibc's `inet_pton(AF_INET)` (the reference it replaced) on
    /// every text made of digits and dots up to 16 bytes that a generator with a fixed seed makes,
    /// and on the edge cases by hand.
    @Test func theIPv4ReaderAgreesWithInetPton() {
        var generator = SplitMix64(seed: 0x1e4a_dd2e_55)
        let alphabet = Array("0123456789.".utf8) + Array("0125.".utf8)
        var texts = ["0.0.0.0", "255.255.255.255", "256.0.0.0", "01.2.3.4", "1.2.3.04", "0.0.0.00", "1.2.3", "1.2.3.4.", ".1.2.3.4",
                     "1..2.3", "1.2.3.4.5", "999.1.1.1", "1.2.3.255", "1.2.3.256", "10.0.0.1", "1.2.3.-4", "1.2.3.a"]
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 16) + 1
            texts.append(String(decoding: (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }, as: UTF8.self))
        }
        for text in texts {
            var reference = in_addr()
            let expected = inet_pton(AF_INET, text, &reference) == 1 ? UInt32(bigEndian: reference.s_addr) : nil
            #expect(IPAddress.ipv4(Substring(text).utf8) == expected, "\(text)")
            if let expected {
                let dotted = "\(expected >> 24).\(expected >> 16 & 0xff).\(expected >> 8 & 0xff).\(expected & 0xff)"
                #expect(IPAddress(text)?.description == dotted)
            }
        }
    }

    @Test func anIPv6ClientIsCountedByItsSlash64() throws {
        #expect(try #require(IPAddress("2001:db8:1:2:3:4:5:6")).clientKey == "2001:db8:1:2::/64")
        #expect(try #require(IPAddress("2001:db8:1:2:ffff::1")).clientKey == "2001:db8:1:2::/64")
        #expect(try #require(IPAddress("192.0.2.7")).clientKey == "192.0.2.7")
    }

    @Test(arguments: [
        ("10.0.0.0/8", "10.255.1.2", true), ("10.0.0.0/8", "11.0.0.1", false), ("10.0.0.0/8", "::ffff:10.1.2.3", true),
        ("192.168.1.7", "192.168.1.7", true), ("192.168.1.7", "192.168.1.8", false), ("0.0.0.0/0", "203.0.113.9", true),
        ("0.0.0.0/0", "2001:db8::1", false), ("::/0", "192.0.2.1", false), ("::/0", "2001:db8::1", true),
        ("2001:db8::/32", "2001:db8:ffff::1", true), ("2001:db8::/32", "2001:db9::1", false), ("::1", "::1", true),
        ("fe80::/10", "febf::1", true), ("fe80::/10", "fec0::1", false), ("172.16.0.0/12", "172.31.255.255", true),
        ("172.16.0.0/12", "172.32.0.0", false), ("203.0.113.128/25", "203.0.113.127", false),
    ])
    func networksContainTheirAddresses(network: String, address: String, contained: Bool) throws {
        #expect(try IPNetwork(network).contains(try #require(IPAddress(address))) == contained)
    }

    @Test(arguments: [
        ("10.0.0.0/33", "from 0 to 32"), ("2001:db8::/129", "from 0 to 128"), ("10.0.0.0/", "from 0 to 32"),
        ("10.0.0.0/-1", "from 0 to 32"), ("10.1.0.0/8", "did you mean 10.0.0.0/8?"), ("2001:db8::1/32", "did you mean 2001:db8::/32?"),
        ("proxy.local", "is not an IPv4 or IPv6 address"), ("10.0.0.1:80", "is not an IPv4 or IPv6 address"),
        ("[::1]", "is not an IPv4 or IPv6 address"),
    ])
    func badNetworksSayWhatIsWrong(text: String, message: String) {
        #expect(throws: IPNetwork.ParseError.self) { try IPNetwork(text) }
        do {
            _ = try IPNetwork(text)
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func aListOfNetworksIsReadWithSpaces() throws {
        let proxies = try TrustedProxies(parsing: "10.0.0.0/8, 2001:db8::/32,192.0.2.7")
        #expect(proxies.networks.map(\.description) == ["10.0.0.0/8", "2001:db8::/32", "192.0.2.7/32"])
        #expect(throws: IPNetwork.ParseError.self) { try TrustedProxies(parsing: " , ") }
        #expect(TrustedProxies.loopback.networks.map(\.description) == ["127.0.0.0/8", "::1/128"])
    }

    static let proxies = try! TrustedProxies(parsing: "127.0.0.0/8,10.0.0.0/8,2001:db8:ff::/48")

    @Test(arguments: [
        // An untrusted peer: its headers are ignored.
        ("203.0.113.9", "198.51.100.7", "https", "203.0.113.9", false),
        // The trusted proxy's view.
        ("127.0.0.1", "198.51.100.7", "https", "198.51.100.7", true),
        // What the client wrote itself is left of what the proxy appended.
        ("127.0.0.1", "6.6.6.6, 198.51.100.7", "http", "198.51.100.7", false),
        // A chain of trusted proxies: the right-most address that is not one.
        ("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.5", "", "198.51.100.7", false),
        ("10.1.1.1", "6.6.6.6,198.51.100.7 ,10.0.0.5,10.0.0.6", "http, https", "198.51.100.7", true),
        // Every hop trusted: the furthest one.
        ("127.0.0.1", "10.0.0.9", "", "10.0.0.9", false),
        // No header: the proxy itself.
        ("127.0.0.1", "", "", "127.0.0.1", false),
        // Something not an address where a trusted proxy should have written one: stop there.
        ("127.0.0.1", "198.51.100.7, unknown", "", "127.0.0.1", false),
        ("127.0.0.1", "unknown, 198.51.100.7", "", "198.51.100.7", false),
        // Ports and IPv6, and an IPv6 proxy.
        ("127.0.0.1", "198.51.100.7:4711", "", "198.51.100.7", false),
        ("2001:db8:ff::2", "[2001:db8:1:2::7]:443", "https", "2001:db8:1:2::7", true),
        ("::ffff:127.0.0.1", "198.51.100.7", "", "198.51.100.7", false),
    ])
    func theClientIsTheRightMostUntrustedForwardedAddress(
        peer: String, forwardedFor: String, proto: String, client: String, secure: Bool
    ) {
        var headers = HTTPHeaders()
        if !forwardedFor.isEmpty { headers.add("x-forwarded-for", forwardedFor) }
        if !proto.isEmpty { headers.add("x-forwarded-proto", proto) }
        let found = Self.proxies.client(peer: peer, headers: headers)
        #expect(found.text == client)
        #expect(found.isSecure == secure)
    }

    @Test func withoutTrustedProxiesForwardedHeadersAreIgnored() {
        let headers: HTTPHeaders = ["x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https"]
        let found = TrustedProxies.none.client(peer: "127.0.0.1", headers: headers)
        #expect(found.text == "127.0.0.1" && !found.isSecure)
    }
}

@Suite struct AccessLogClientTests {
    /// Behind a trusted proxy the access log names the client it forwarded for; from any other
    /// peer, the peer, whatever X-Forwarded-For says.
    @Test func theAccessLogNamesTheForwardedClientOnlyBehindATrustedProxy() async throws {
        let pipe = try TestPipe()
        let fixture = try AppFixture(accessLog: AccessLog(format: .text, descriptor: pipe.writeEnd, loops: 1)) {
            $0.trustedProxies = .loopback
        }
        let proxied = fixture.client(language: "en")
        proxied.peerAddress = "127.0.0.1"
        #expect(await proxied.get("/signin", headers: ["x-forwarded-for": "198.51.100.7"]).status == 200)
        let direct = fixture.client(language: "en")
        direct.peerAddress = "203.0.113.5"
        #expect(await direct.get("/signin", headers: ["x-forwarded-for": "198.51.100.7"]).status == 200)
        let lines = pipe.read(untilLines: 2, within: .seconds(2)).split(separator: "\n")
        try #require(lines.count == 2)
        #expect(lines[0].contains(" 198.51.100.7 GET /signin 200 "), "\(lines[0])")
        #expect(lines[1].contains(" 203.0.113.5 GET /signin 200 "), "\(lines[1])")
    }
}
