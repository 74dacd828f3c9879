import Foundation
import Synchronization
import Testing
@testable import GenkanStore

/// What several servers on one database rely on, for every `Storage`: the outbox's senders racing
/// for the same messages, the emulator's list of codes, and `StoreCopy` between any two kinds.
@Suite struct MultiServerConformanceTests {
    let clock = ManualClock()

    /// Eight senders (each its own connection, as each server's sender has) claim one message at a
    /// time from 60 queued ones as fast as they can: every message is taken exactly once.
    @Test(arguments: StoreKind.available) func racingSendersTakeEachMessageOnce(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let queued = try (0..<60).map { index in try store.enqueueMail(testMail(to: "user\(index)@example.com", token: "\(index)")) }
        let taken = Outcomes<Int64>()
        runTogether(8) { _ in
            guard let sender = try? database.connect(clock: self.clock) else { return }
            while let claimed = try? sender.claimDueMail(limit: 1, leaseSeconds: 300), !claimed.isEmpty {
                for message in claimed { taken.append(message.id) }
            }
        }
        #expect(taken.all.sorted() == queued)
        // Claimed, not sent: nothing is due until the leases end, then everything is again.
        #expect(try store.claimDueMail(limit: 100).isEmpty)
        #expect(try store.nextMailAttempt() == clock.now + 300)
        clock.advance(by: 300)
        #expect(try store.claimDueMail(limit: 100).map(\.id) == queued)
    }

    /// A claim returns the due time the message had, in due order; sending, failing and giving up
    /// end the lease as they always did.
    @Test(arguments: StoreKind.available) func aClaimLeasesInDueOrder(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let first = try store.enqueueMail(testMail(to: "a@example.com", token: "1"))
        clock.advance(by: 1)
        let second = try store.enqueueMail(testMail(to: "b@example.com", token: "2"))
        let third = try store.enqueueMail(testMail(to: "c@example.com", token: "3"))
        try store.markFailed(id: first, retryAt: clock.now + 10, error: "421 try later")
        clock.advance(by: 10)
        let claimed = try store.claimDueMail(limit: 2, leaseSeconds: 60)
        #expect(claimed.map(\.id) == [second, third])
        #expect(claimed.map(\.nextAttemptAt) == [clock.now - 10, clock.now - 10])
        #expect(claimed.first?.mail == testMail(to: "b@example.com", token: "2"))
        let retried = try #require(try store.claimDueMail(limit: 2, leaseSeconds: 60).first)
        #expect(retried.id == first && retried.attempts == 1 && retried.lastError == "421 try later")
        try store.markSent(id: second)
        try store.markFailed(id: third, retryAt: clock.now + 5, error: "451 greylisted")
        try store.giveUp(id: first, error: "550 no such user")
        clock.advance(by: 5)
        #expect(try store.claimDueMail(limit: 5).map(\.id) == [third])
        #expect(try store.undeliverableMail().map(\.id) == [first])
    }

    /// The emulator's codes are rows: a code issued on one connection is listed on another, the
    /// most recent ones are kept, and an account's go with it. Nothing is recorded unless asked.
    @Test(arguments: StoreKind.available) func emulatorCodesAreSharedAndBounded(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let one = try database.connect(clock: clock), other = try database.connect(clock: clock)
        let taro = try one.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        _ = try one.issueCode(.verifyEmail, accountID: taro.id)
        #expect(try other.emulatorCodes().isEmpty)
        one.recordsCodes = true
        let reset = try one.issueCode(.resetPassword, accountID: taro.id)
        let change = try one.issueCode(.changeEmail, accountID: taro.id, email: "new@example.com")
        let recovery = try one.issueCode(.recoverEmail, accountID: taro.id, email: "old@example.com")
        let listed = try other.emulatorCodes()
        #expect(listed.map(\.code) == [reset.token, change.token, recovery.token])
        #expect(listed.map(\.purpose) == [.resetPassword, .changeEmail, .recoverEmail])
        #expect(listed.map(\.email) == ["taro@example.com", "taro@example.com", "old@example.com"])
        for _ in 0..<3 { try one.storage.insertEmulatorCode(EmulatorCode(accountID: taro.id, email: "t", code: "c", purpose: nil, createdAt: 0), keeping: 2) }
        #expect(try other.emulatorCodes().count == 2)
        try one.deleteAccount(id: taro.id)
        #expect(try other.emulatorCodes().isEmpty)
    }

    /// A copy from every kind of store to every kind: every row, the same values, and ids that
    /// go on after the highest one the source ever gave (a deleted account's included).
    @Test(arguments: StoreKind.available.flatMap { source in StoreKind.available.map { (source, $0) } })
    func aCopyKeepsEveryRowAndEveryID(source: StoreKind, destination: StoreKind) throws {
        let from = try source.freshDatabase(), to = try destination.freshDatabase()
        let store = try from.connect(clock: clock)
        store.recordsCodes = true
        let taro = try store.createAccount(NewAccount(email: "Taro@example.com", displayName: "Taro", nameKey: "taro", passwordHash: "$argon2id$x"))
        let guest = try store.createAddresslessAccount(uid: "guest-ゲスト", anonymous: true)
        let gone = try store.createAccount(NewAccount(email: "gone@example.com", displayName: "G", nameKey: "g", passwordHash: "$x"))
        let session = try store.createSession(accountID: taro.id, userAgent: "Firefox 🦊")
        let code = try store.issueCode(.resetPassword, accountID: taro.id) { testMail(to: "taro@example.com", token: $0) }
        let csrf = try store.secret(named: "csrf")
        try store.storage.insertIdentity(
            accountID: taro.id, ProviderIdentity(provider: "google", issuer: "https://accounts.google.com", subject: "1", email: nil, linkedAt: 5, lastUsedAt: nil))
        _ = try store.spendLimit(StoredLimit("sign-up.address", LimitRule(capacity: 3, refillPerMinute: 0.5)), key: "192.0.2.1")
        // The Firebase API's rows: an anonymous account (no address), claims, a sign-in link to a new address.
        try store.setCustomClaims(accountID: taro.id, #"{"role":"admin"}"#)
        let link = try store.issueSignInCode(email: "new@example.com", link: { "https://app.example/finish?oobCode=" + $0 })
        // Passkeys: a handle, a passkey (another one removed, so ids must go on after it), a challenge.
        let handle = try store.passkeyUserHandle(accountID: taro.id)
        let kept = try store.storage.insertPasskey(
            Passkey(
                accountID: taro.id, credentialID: [1, 2], publicKey: [3], signCount: 9, backupEligible: true, backedUp: true,
                aaguid: [UInt8](repeating: 4, count: 16), transports: ["internal", "hybrid"], name: "電話", createdAt: 6, lastUsedAt: 7))
        let removed = try store.storage.insertPasskey(
            Passkey(
                accountID: taro.id, credentialID: [5], publicKey: [3], signCount: 0, backupEligible: false, backedUp: false,
                aaguid: [UInt8](repeating: 0, count: 16), transports: [], name: "Key", createdAt: 8))
        #expect(try store.storage.deletePasskey(accountID: taro.id, id: removed))
        let challenge = try store.issuePasskeyChallenge(.registration, binding: "session:x", accountID: taro.id)
        try store.deleteAccount(id: gone.id)
        // An event, its webhook delivery, an administrator.
        store.webhookURLs = ["https://hooks.example.com/genkan"]
        let event = try store.record(.signInSucceeded, uid: taro.uid, details: EventDetails(method: "password"))
        _ = try store.grantAdministrator(email: "taro@example.com")

        let report = try StoreCopy.copy(from: from.location, to: to.location)
        #expect(report.schemaVersion == from.location.currentSchemaVersion)
        #expect(Dictionary(uniqueKeysWithValues: report.tables.map { ($0.name, $0.rows) }) == [
            "secrets": 1, "accounts": 2, "sessions": 1, "refresh_tokens": 0, "action_codes": 1, "outbox": 1, "reset_requests": 0,
            "provider_identities": 1, "provider_authorizations": 0, "rate_limits": 1, "emulator_codes": 2,
            "sign_in_codes": 1, "passkey_users": 1, "passkeys": 1, "passkey_challenges": 1, "events": 2, "webhook_deliveries": 2,
            "second_factors": 0, "recovery_codes": 0, "pending_second_steps": 0, "totp_enrollments": 0,
        ])
        let copiedGuest = try #require(try to.connect(clock: clock).account(uid: "guest-ゲスト"))
        #expect(copiedGuest.id == guest.id && copiedGuest.isAnonymous && !copiedGuest.hasEmail)
        let copied = try to.connect(clock: clock)
        #expect(try copied.session(token: session.token)?.account.id == taro.id)
        #expect(try copied.session(token: session.token)?.session.userAgent == "Firefox 🦊")
        #expect(try copied.inspectCode(code.token, purpose: .resetPassword).get().account.id == taro.id)
        #expect(try copied.secret(named: "csrf") == csrf)
        #expect(try copied.account(email: "taro@example.com")?.passwordHash == "$argon2id$x")
        #expect(try copied.storage.identities(accountID: taro.id).map(\.subject) == ["1"])
        #expect(try copied.dueMail().first?.mail == testMail(to: "taro@example.com", token: code.token))
        #expect(try copied.emulatorCodes().map(\.code) == [code.token, link.token])
        #expect(try copied.emulatorCodes().last?.link == "https://app.example/finish?oobCode=" + link.token)
        #expect(try copied.emulatorCodes().last.map { $0.isSignInLink && $0.accountID == nil } == true)
        #expect(try copied.inspectSignInCode(link.token).map(\.email) == .success("new@example.com"))
        #expect(try copied.account(id: taro.id)?.customClaims == #"{"role":"admin"}"#)
        #expect(try copied.account(uid: taro.uid)?.id == taro.id)
        #expect(try !copied.peekLimit(StoredLimit("sign-up.address", LimitRule(capacity: 1, refillPerMinute: 0.5)), key: "192.0.2.1").allowed)
        let copiedPasskey = try #require(try copied.storage.passkey(credentialID: [1, 2]))
        #expect(copiedPasskey.passkey.id == kept && copiedPasskey.userHandle == handle && copiedPasskey.passkey.name == "電話")
        #expect(copiedPasskey.passkey.signCount == 9 && copiedPasskey.passkey.backedUp && copiedPasskey.passkey.lastUsedAt == 7)
        #expect(copiedPasskey.passkey.transports == ["internal", "hybrid"] && copiedPasskey.passkey.aaguid == [UInt8](repeating: 4, count: 16))
        #expect(try copied.storage.takePasskeyChallenge(key: Secret.sha256(challenge))?.accountID == taro.id)
        let nextPasskey = try copied.storage.insertPasskey(
            Passkey(
                accountID: taro.id, credentialID: [6], publicKey: [3], signCount: 0, backupEligible: false, backedUp: false,
                aaguid: [UInt8](repeating: 0, count: 16), transports: [], name: "Next", createdAt: 9))
        #expect(nextPasskey > removed)
        // The next account's id comes after the deleted one's, as it would have in the source.
        let next = try copied.createAccount(NewAccount(email: "next@example.com", displayName: "N", nameKey: "n", passwordHash: "$x"))
        #expect(next.id == gone.id + 1)
        #expect(try copied.enqueueMail(testMail(to: "x@example.com", token: "x")) > (try copied.dueMail().first?.id ?? .max))
        // The log, its deliveries and the role; the next event's id after the copied ones.
        #expect(try copied.events().map(\.type) == [.adminGranted, .signInSucceeded])
        #expect(try copied.events().last.map { $0.id == event && $0.details.method == "password" } == true)
        #expect(try copied.claimDueWebhooks(limit: 5).map { $0.event?.id } == [event])
        #expect(try copied.administrators().map(\.uid) == [taro.uid])
        #expect(try copied.record(.signedOut, uid: taro.uid) > event + 1)

        // Into a database that is not empty: refused, nothing written.
        let again = #expect(throws: StoreError.self) { _ = try StoreCopy.copy(from: from.location, to: to.location) }
        #expect(again?.detail.contains("is not empty (table") == true, "\(String(describing: again))")
        #expect(try copied.storage.accounts(afterID: 0, limit: 10).count == 3)
    }

    /// A table larger than one batch of the source's reading (PostgreSQL fetches 500 rows at a
    /// time) arrives whole, each row once.
    @Test(arguments: StoreKind.available) func aCopyOfManyRowsKeepsEveryOne(source: StoreKind) throws {
        let from = try source.freshDatabase(), to = try StoreKind.sqlite.freshDatabase()
        let store = try from.connect(clock: clock)
        try store.transaction { () throws(StoreError) in
            for index in 0..<1234 {
                _ = try store.storage.insertAccount(
                    AccountRow(uid: "u\(index)", email: "u\(index)@example.com", emailKey: "u\(index)@example.com", displayName: "U", nameKey: "u", passwordHash: nil,
                        createdAt: Int64(index)))
            }
        }
        let report = try StoreCopy.copy(from: from.location, to: to.location)
        #expect(report.tables.first { $0.name == "accounts" }?.rows == 1234)
        let copied = try to.connect(clock: clock)
        let emails = try copied.storage.accounts(afterID: 0, limit: 2000).map(\.account.email)
        #expect(Set(emails) == Set((0..<1234).map { "u\($0)@example.com" }) && emails.count == 1234)
    }

    /// A source at an older schema version is not copied: it is migrated first.
    @Test(arguments: StoreKind.available) func anOlderSourceIsRefused(kind: StoreKind) throws {
        let directory = TemporaryDirectory()
        _ = try run("sqlite3", [directory.database, "CREATE TABLE accounts (id INTEGER PRIMARY KEY); PRAGMA user_version = 1;"])
        let destination = try kind.freshDatabase()
        let refused = #expect(throws: StoreError.self) { _ = try StoreCopy.copy(from: .sqlite(path: directory.database), to: destination.location) }
        #expect(refused?.detail.contains("schema version 1") == true && refused?.detail.contains("genkan db migrate") == true)
        let missing = #expect(throws: StoreError.self) {
            _ = try StoreCopy.copy(from: .sqlite(path: directory.path + "/none.sqlite"), to: destination.location)
        }
        #expect(missing?.code == .database)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/none.sqlite"))
    }
}
