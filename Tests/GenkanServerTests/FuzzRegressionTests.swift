import Foundation
import Testing
@testable import GenkanServer

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
}
