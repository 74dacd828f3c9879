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
}
