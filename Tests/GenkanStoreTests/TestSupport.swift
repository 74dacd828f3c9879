import Foundation
@testable import GenkanStore
import GenkanTestSupport
import GenkanWebAuthn
import Synchronization
import Testing

/// A fresh directory for one test's database files, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "genkan-store-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var database: String { path + "/genkan.sqlite" }

    /// What `sqlite3` prints for `query` on the database, trimmed.
    func sql(_ query: String) throws -> String {
        try run("sqlite3", [database, query])
    }

    /// Runs `attempt` and requires that the database is, to the last row, what it was before it.
    func expectUnchanged(by attempt: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try dump(database)
        try attempt()
        #expect(try dump(database) == before, sourceLocation: sourceLocation)
    }
}

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let seconds = Mutex<Int64>(1_800_000_000)

    var now: Int64 { seconds.withLock { $0 } }
    func advance(by delta: Int64) { seconds.withLock { $0 += delta } }
    var storeClock: StoreClock { StoreClock { [self] in self.now } }
}

/// Runs a command-line tool and returns its standard output (the reference implementations the
/// tests compare against: sqlite3, sha256sum, argon2).
func run(_ tool: String, _ arguments: [String], input: String? = nil) throws -> String {
    try ToolRun.run(tool: tool, arguments, stdin: Array((input ?? "").utf8)).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A cheap hasher for tests that are not about hashing (libsodium's interactive minimum).
let fastHasher = PasswordHasher(operations: 1, memory: 8 * 1024)

/// A mail that carries `token` in a link, as the server's mail builder will.
func testMail(to recipient: String, token: String, sender: String = "genkan@example.com") -> OutgoingMail {
    let text = "From: \(sender)\r\nTo: \(recipient)\r\nSubject: Your link\r\n\r\nhttps://genkan.example/act?code=\(token)\r\n"
    return OutgoingMail(sender: sender, recipient: recipient, message: Array(text.utf8))
}

/// The token in a mail written by `testMail`.
func token(in mail: OutgoingMail) -> String? {
    let text = String(decoding: mail.message, as: UTF8.self)
    guard let range = text.range(of: "code=") else { return nil }
    return String(text[range.upperBound...].prefix(while: { !$0.isNewline }))
}

/// Everything in a database file as SQL text, schema and rows: equal before and after an
/// operation means it wrote nothing.
/// An account named Taro at `email`, with a placeholder hash: for tests of what hangs off an account.
func createTaro(in store: AccountStore, _ email: String = "taro@example.com") throws -> Account {
    try store.createAccount(NewAccount(email: email, displayName: "Taro", nameKey: "taro", passwordHash: "$x"))
}

func dump(_ path: String) throws -> String {
    try run("sqlite3", [path, ".dump"])
}

/// The mails operations send in tests: `testMail` for each, recorded with what it was for, so a
/// test reads a link's token from the mail as a person would.
final class RecordingMail: AccountMail {
    enum Kind: Sendable, Hashable {
        case verification, passwordReset, passwordChanged, emailChange, emailChanged, goodbye, signUpAttempt, emailChangeAttempt
        case signInMethodConnected, signInMethodRemoved, signInLink
        case passkeyAdded, passkeyRemoved, passwordRemoved
        case secondFactorAdded, secondFactorRemoved, secondFactorNewRecoveryCodes, secondFactorCodesGuessed
    }

    struct Sent: Sendable {
        let kind: Kind
        let recipient: String
        let token: String?
        let locale: String
    }

    private let sent = Mutex<[Sent]>([])
    /// When set, every mail has an envelope the outbox refuses (an empty sender).
    private let refusing = Mutex(false)

    var all: [Sent] { sent.withLock { $0 } }
    func sent(_ kind: Kind) -> [Sent] { all.filter { $0.kind == kind } }
    /// The token of the last mail of `kind`.
    func token(_ kind: Kind) -> String? { sent(kind).last?.token }
    func refuseEnvelopes(_ refuse: Bool = true) { refusing.withLock { $0 = refuse } }

    private func record(_ kind: Kind, to recipient: String, token: String? = nil, locale: String) -> OutgoingMail? {
        sent.withLock { $0.append(Sent(kind: kind, recipient: recipient, token: token, locale: locale)) }
        let mail = testMail(to: recipient, token: token ?? "\(kind)")
        return refusing.withLock { $0 } ? OutgoingMail(sender: "", recipient: recipient, message: mail.message) : mail
    }

    func verification(to account: Account, code: String, locale: String) -> OutgoingMail? {
        record(.verification, to: account.email, token: code, locale: locale)
    }
    func passwordReset(to account: Account, code: String, locale: String) -> OutgoingMail? {
        record(.passwordReset, to: account.email, token: code, locale: locale)
    }
    func passwordChanged(to account: Account, locale: String) -> OutgoingMail? { record(.passwordChanged, to: account.email, locale: locale) }
    func emailChange(to account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail? {
        record(.emailChange, to: newEmail, token: code, locale: locale)
    }
    func emailChanged(to oldEmail: String, account: Account, newEmail: String, code: String, locale: String) -> OutgoingMail? {
        record(.emailChanged, to: oldEmail, token: code, locale: locale)
    }
    func goodbye(to account: Account, locale: String) -> OutgoingMail? { record(.goodbye, to: account.email, locale: locale) }
    func signUpAttempt(to owner: Account, locale: String) -> OutgoingMail? { record(.signUpAttempt, to: owner.email, locale: locale) }
    func emailChangeAttempt(to owner: Account, locale: String) -> OutgoingMail? {
        record(.emailChangeAttempt, to: owner.email, locale: locale)
    }
    func signInMethodChanged(to account: Account, provider: String, connected: Bool, locale: String) -> OutgoingMail? {
        record(connected ? .signInMethodConnected : .signInMethodRemoved, to: account.email, locale: locale)
    }
    func passkeyChanged(to account: Account, name: String, added: Bool, locale: String) -> OutgoingMail? {
        record(added ? .passkeyAdded : .passkeyRemoved, to: account.email, token: name, locale: locale)
    }
    func passwordRemoved(to account: Account, locale: String) -> OutgoingMail? { record(.passwordRemoved, to: account.email, locale: locale) }
    func secondFactorChanged(to account: Account, change: SecondFactorChange, locale: String) -> OutgoingMail? {
        let kinds: [SecondFactorChange: Kind] = [
            .added: .secondFactorAdded, .removed: .secondFactorRemoved, .newRecoveryCodes: .secondFactorNewRecoveryCodes,
            .codesGuessed: .secondFactorCodesGuessed,
        ]
        return record(kinds[change]!, to: account.email, locale: locale)
    }
    func signInLink(to email: String, owner: Account?, code: String, continuation: SignInLinkContinuation?, locale: String)
        -> OutgoingMail?
    {
        record(.signInLink, to: email, token: code, locale: locale)
    }
}

/// The accounts core on `store` for tests: the cheap hasher, and the mails recorded.
func testAuthenticator(
    _ store: AccountStore, _ mail: RecordingMail = RecordingMail(), passkeys: WebAuthnVerifier? = nil, twoFactorKeys: TwoFactorKeys? = nil
) throws -> Authenticator {
    try Authenticator(store: store, hasher: fastHasher, mail: mail, passkeys: passkeys, twoFactorKeys: twoFactorKeys)
}

/// A store with one account, signed in on one device, for the tests of the account's settings.
struct SignedInAccount {
    let store: AccountStore
    let authenticator: Authenticator
    let mail: RecordingMail
    let account: Account
    /// The session token of the device that signed up.
    let token: String

    static let password = "correct horse 1"

    init(
        _ directory: TemporaryDirectory, _ clock: ManualClock, email: String = "Taro@example.com",
        userAgent: String? = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"
    ) throws {
        store = try AccountStore(path: directory.database, clock: clock.storeClock)
        mail = RecordingMail()
        authenticator = try testAuthenticator(store, mail)
        account = try authenticator.signUp(
            email: email, displayName: "Taro", nameKey: "taro", password: Self.password, sendsVerification: false).created.get()
        token = try store.createSession(accountID: account.id, userAgent: userAgent).token
    }

    /// Another account in the same store, signed in.
    func other(_ email: String, name: String = "Hanako") throws -> (account: Account, token: String) {
        let other = try authenticator.signUp(
            email: email, displayName: name, nameKey: name.lowercased(), password: Self.password, sendsVerification: false).created.get()
        return (other, try store.createSession(accountID: other.id).token)
    }
}

/// Runs `body(0)`, …, `body(count - 1)` on threads of their own that start together (each waits
/// until all have started), and returns when all have finished: two tabs or two devices acting at
/// the same moment, each on its own connection.
func runTogether(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let arrived = Mutex(0)
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        let thread = Thread {
            arrived.withLock { $0 += 1 }
            while arrived.withLock({ $0 }) < count { sched_yield() }
            body(index)
            finished.leave()
        }
        thread.start()
    }
    finished.wait()
}

/// Values collected from several threads.
final class Outcomes<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// The page's doors as the site composes them (the current password, then the operation), so the
/// store's tests read as the pages use the core.
extension Authenticator {
    func deleteAccount(sessionToken: String, currentPassword: String) -> Result<Account, AuthFailure> {
        proving(sessionToken: sessionToken, password: currentPassword) { deleteAccount($0.requester) }
    }

    func changePassword(
        sessionToken: String, currentPassword: String, newPassword: String, userAgent: String? = nil
    ) -> Result<Renewed, AuthFailure> {
        proving(sessionToken: sessionToken, password: currentPassword) {
            changePassword($0.requester, newPassword: newPassword, renewal: .session(userAgent: userAgent))
        }
    }

    func requestEmailChange(
        sessionToken: String, currentPassword: String, newEmail: String, privately: Bool = false
    ) -> Result<EmailChangeRequest, AuthFailure> {
        proving(sessionToken: sessionToken, password: currentPassword) {
            requestEmailChange($0.requester, newEmail: newEmail, privately: privately)
        }
    }
}

extension Authenticator {
    /// The mails of an authenticator made by `testAuthenticator`.
    var recorded: RecordingMail { mail as! RecordingMail }
}
