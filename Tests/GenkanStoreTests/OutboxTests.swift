import Foundation
import Testing
@testable import GenkanStore

@Suite struct OutboxTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    func store() throws -> AccountStore {
        try AccountStore(path: directory.database, clock: clock.storeClock)
    }

    func count(_ table: String) throws -> String {
        try run("sqlite3", [directory.database, "SELECT count(*) FROM \(table)"])
    }

    @Test func aCodeAndItsMailCommitTogether() throws {
        let store = try store()
        let account = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "x"))
        let issued = try store.issueCode(.verifyEmail, accountID: account.id) { testMail(to: account.email, token: $0) }
        let queued = try #require(try store.dueMail(limit: 10).first)
        #expect(queued.id == issued.mailID && queued.attempts == 0 && queued.lastError == nil)
        #expect(queued.mail.recipient == "taro@example.com" && token(in: queued.mail) == issued.token)
    }

    @Test func theMailRollsBackWithTheCodeWhenTheTransactionFails() throws {
        let store = try store()
        let account = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "x"))
        let older = try store.issueCode(.resetPassword, accountID: account.id)
        #expect(throws: StoreError.self) {
            try store.transaction { () throws(StoreError) in
                _ = try store.issueCode(.resetPassword, accountID: account.id) { testMail(to: account.email, token: $0) }
                throw StoreError(.database, "the enclosing work failed")
            }
        }
        #expect(try count("outbox") == "0" && count("action_codes") == "1")
        // The older code, which the new one would have ended, is still good.
        #expect(try store.inspectCode(older.token, purpose: .resetPassword).map(\.account.id) == .success(account.id))
    }

    @Test func aMailThatCannotBeQueuedTakesItsCodeWithIt() throws {
        let store = try store()
        let account = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "x"))
        for recipient in ["", "taro@example.com\r\nRCPT TO:<other@example.com>"] {
            do {
                _ = try store.issueCode(.verifyEmail, accountID: account.id) { testMail(to: recipient, token: $0) }
                Issue.record("queued a mail to \(recipient.debugDescription)")
            } catch {
                #expect(error.code == .constraint)
            }
        }
        #expect(try count("outbox") == "0" && count("action_codes") == "0")
    }

    @Test func dueMailComesEarliestFirstAndFailuresWaitTheirTurn() throws {
        let store = try store()
        let start = clock.now
        let ids = try (0..<3).map { index in
            try store.enqueueMail(testMail(to: "user\(index)@example.com", token: "t\(index)"))
        }
        #expect(try store.nextMailAttempt() == start)
        #expect(try store.dueMail(limit: 10).map(\.id) == ids)
        #expect(try store.dueMail(limit: 2).map(\.id) == Array(ids.prefix(2)))

        try store.markFailed(id: ids[0], retryAt: start + 60, error: "421 4.7.0 Try again later")
        #expect(try store.dueMail(limit: 10).map(\.id) == [ids[1], ids[2]])
        try store.markSent(id: ids[1])
        #expect(try store.dueMail(limit: 10).map(\.id) == [ids[2]])
        try store.markFailed(id: ids[2], retryAt: start + 30, error: "connection refused")
        #expect(try store.dueMail(limit: 10).isEmpty)
        #expect(try store.nextMailAttempt() == start + 30)

        clock.advance(by: 60)
        let due = try store.dueMail(limit: 10)
        #expect(due.map(\.id) == [ids[2], ids[0]])  // by next attempt, not by queueing order
        #expect(due[1].attempts == 1 && due[1].lastError == "421 4.7.0 Try again later" && due[1].nextAttemptAt == start + 60)
        #expect(try store.dueMail(now: start, limit: 10).isEmpty)  // an explicit time wins over the clock

        try store.markFailed(id: ids[0], retryAt: start + 120, error: String(repeating: "x", count: 5000))
        let failedAgain = try #require(try store.dueMail(now: start + 120, limit: 10).first { $0.id == ids[0] })
        #expect(failedAgain.attempts == 2 && failedAgain.lastError?.count == AccountStore.maximumErrorLength)
    }

    @Test func aSentMessageLeavesNoTrace() throws {
        let store = try store()
        let id = try store.enqueueMail(testMail(to: "taro@example.com", token: "secret-token"))
        try store.markSent(id: id)
        #expect(try count("outbox") == "0")
        #expect(try store.nextMailAttempt() == nil)
    }

    @Test func givingUpKeepsTheEnvelopeAndErrorButNotTheMessage() throws {
        let store = try store()
        let id = try store.enqueueMail(testMail(to: "taro@example.com", token: "secret-token"))
        let other = try store.enqueueMail(testMail(to: "hanako@example.com", token: "t"))
        try store.giveUp(id: id, error: "550 5.1.1 No such user")
        #expect(try store.dueMail(limit: 10).map(\.id) == [other])
        let failed = try #require(try store.undeliverableMail().first)
        #expect(failed.id == id && failed.mail.recipient == "taro@example.com" && failed.attempts == 1)
        #expect(failed.lastError == "550 5.1.1 No such user" && failed.mail.message.isEmpty)
        #expect(try run("sqlite3", [directory.database, "SELECT length(message) FROM outbox WHERE id = \(id)"]) == "0")
        try store.markSent(id: other)
        #expect(try store.nextMailAttempt() == nil)  // what was given up on is not waited for
    }

    @Test func theOutboxSurvivesReopening() throws {
        do {
            _ = try store().enqueueMail(testMail(to: "taro@example.com", token: "t"))
        }
        #expect(try store().dueMail(limit: 10).map(\.mail.recipient) == ["taro@example.com"])
    }
}
