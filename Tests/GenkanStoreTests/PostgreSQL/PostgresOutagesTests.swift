import Foundation
import Testing
@testable import GenkanStore
@testable import GenkanPostgreSQL

/// What the connections of one process share about an unreachable server: after a failed attempt
/// the others fail at once for a second; then one of them (only one) tries again while the rest
/// keep failing at once; a success ends the outage for all. No server needed.
@Suite struct PostgresOutagesTests {
    let outages = PostgresOutages()
    let url = "postgresql://genkan@192.0.2.1/genkan"

    @Test func oneAttemptAtATimeWhileTheServerIsDown() throws {
        // Nothing known: every connection may try (a restart closes them all at once, and each
        // reopens its own at once).
        #expect(outages.retryDelay(for: url, attemptLength: .seconds(6)) == nil)
        #expect(outages.retryDelay(for: url, attemptLength: .seconds(6)) == nil)
        outages.failed(url)
        let wait = try #require(outages.retryDelay(for: url, attemptLength: .seconds(6)))
        #expect(wait > 0 && wait <= 1001)
        #expect(outages.retryDelay(for: "postgresql://genkan@192.0.2.2/genkan", attemptLength: .seconds(6)) == nil)
        usleep(1_050_000)
        // One caller takes the attempt; while it runs, the others fail at once.
        #expect(outages.retryDelay(for: url, attemptLength: .seconds(6)) == nil)
        let during = try #require(outages.retryDelay(for: url, attemptLength: .seconds(6)))
        #expect(during > 4000)
        outages.failed(url)
        #expect(try #require(outages.retryDelay(for: url, attemptLength: .seconds(6))) <= 1001)
        outages.reached(url)
        #expect(outages.retryDelay(for: url, attemptLength: .seconds(6)) == nil)
    }
}
