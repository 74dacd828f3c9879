import Foundation
@testable import GenkanStore
import Testing
@testable import GenkanHTTP
import GenkanHTTPTesting

/// Password-reset requests are recorded before the page answers and turned into a code and a mail
/// afterwards; those a crash left in between are processed at the next start.
@Suite struct ResetRequestTests {
    /// A crash during a flood can leave more requests than one batch (`pendingResetRequests` reads
    /// 100 at a time): the start must process them all, not only the first batch, or an answered
    /// request waits for some later visitor's request to be mailed.
    @Test func everyRequestLeftBehindIsProcessedAtTheNextStart() async throws {
        let fixture = try AppFixture()
        _ = await fixture.client(language: "en").submit("/signup", taro)
        let store = try AccountStore(location: fixture.configuration.database)
        for n in 0..<150 { try store.recordResetRequest(email: "nobody\(n)@example.com", locale: "en") }
        try store.recordResetRequest(email: "taro@example.com", locale: "en")

        try fixture.restart()

        let deadline = Date().addingTimeInterval(15)
        var mailed = false
        while Date() < deadline {
            mailed = try fixture.mails.all.contains { $0.recipient == "taro@example.com" && $0.link("/password/reset") != nil }
            if try mailed && store.pendingResetRequests().isEmpty { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try store.pendingResetRequests().isEmpty)
        #expect(mailed, "no reset mail for the request recorded after the first 100")
    }
}
