import Foundation
import GenkanHTTPTesting
import Testing
@testable import GenkanHTTP

/// Inputs the fuzz targets (Fuzz/, `make fuzz`) found, each kept as a test of the behaviour that
/// was wrong.
@Suite struct ServerFuzzRegressionTests {
    /// fuzz-cookies: the Cookie header was split into pairs by `Character`, and a `;` after a
    /// prepended concatenation mark (U+0600, as a cookie value another site set may end) is one
    /// grapheme with it, so the next cookie (the session) was not read.
    @Test(arguments: ["x=\u{600}; genkan_session=abc", "x=\"\u{600}\"; genkan_session=abc", "x=\u{600};genkan_session=abc",
                      "genkan_session=abc\u{600}; x=1"])
    func aCookieAfterAPrependedMarkIsRead(_ header: String) {
        let cookies = Cookies(headers: ["cookie": header])
        let expected = header.hasPrefix("genkan_session") ? "abc\u{600}" : "abc"
        #expect(cookies["genkan_session"].map { Array($0.unicodeScalars) } == Array(expected.unicodeScalars))
    }

    /// ch2o-head, ch2o-connection: picohttpparser (libh2o 2.2.5) reads a request line that starts
    /// with a space as an empty method, and CH2O handed the request on; RFC 9110 §9.1 makes the
    /// method a token, so the request is malformed: 400.
    @Test(arguments: [" / HTTP/1.1\r\nHost: a\r\n\r\n", "  /x HTTP/1.1\r\nHost: a\r\n\r\n", "GE(T / HTTP/1.1\r\nHost: a\r\n\r\n",
                      "G\u{C4}T / HTTP/1.1\r\nHost: a\r\n\r\n"])
    func aRequestWithoutAMethodTokenIs400(_ request: String) throws {
        let fixture = try EngineFixture()
        let client = try RawClient(port: fixture.port)
        client.send(request)
        let answer = client.readAll()
        #expect(RawClient.status(of: answer) == 400, "\(answer.prefix(80))")
        #expect(answer.contains("Connection: close"))
    }

    /// Found while fixing the cookies above (the same mistake): X-Forwarded-For was split into hops
    /// by `Character`, so a client that ends its own value with U+0600 joined it to the hop the
    /// trusted proxy appended, the walk stopped there, and the request counted as the proxy's.
    @Test(arguments: ["198.51.100.7\u{600}, 203.0.113.9", "x\u{600},203.0.113.9", "203.0.113.9"])
    func aForwardedForHopAfterAPrependedMarkIsRead(_ header: String) {
        let client = TrustedProxies.loopback.client(peer: "127.0.0.1", headers: ["x-forwarded-for": header, "x-forwarded-proto": "x\u{600},https"])
        #expect(client.text == "203.0.113.9")
        #expect(client.isSecure)
    }
}
