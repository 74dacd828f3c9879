import Foundation
import Testing
@testable import GenkanStore

@Suite struct AuthenticatorTests {
    let directory = TemporaryDirectory()

    func signedUp(_ authenticator: Authenticator, _ store: AccountStore) throws -> Account {
        try authenticator.signUp(
            email: "taro@example.com", displayName: "タロウ", nameKey: "タロウ", password: "correct horse battery").created.get()
    }

    @Test func signUpThenSignIn() throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try testAuthenticator(store)
        let account = try signedUp(authenticator, store)
        #expect(try authenticator.signIn(email: "taro@example.com", password: "correct horse battery").get() == account)
    }

    @Test func aSecondSignUpWithTheSameAddressIsRefused() throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try testAuthenticator(store)
        _ = try signedUp(authenticator, store)
        let again = authenticator.signUp(email: "taro@example.com", displayName: "X", nameKey: "x", password: "another one").created
        #expect(again == .failure(.emailAlreadyInUse))
        #expect(AuthFailure.emailAlreadyInUse.code.rawValue == "auth/email-already-in-use")
    }

    @Test func unknownAddressAndWrongPasswordAreTheSameFailure() throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try testAuthenticator(store)
        _ = try signedUp(authenticator, store)
        let wrong = authenticator.signIn(email: "taro@example.com", password: "wrong")
        let unknown = authenticator.signIn(email: "nobody@example.com", password: "wrong")
        #expect(wrong == .failure(.invalidCredential))
        #expect(unknown == wrong)
        #expect(AuthFailure.invalidCredential.code.rawValue == "auth/invalid-credential")
    }

    /// An unknown address must cost a full Argon2id verification, like a wrong password does.
    @Test func anUnknownAddressTakesAsLongAsAWrongPassword() throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try Authenticator(store: store, hasher: .owaspMinimum)
        _ = try signedUp(authenticator, store)
        // The work this thread does, not the time on the wall: other suites and builds share the
        // cores, and time spent waiting for one is no work of the sign-in's.
        func measure(_ email: String) -> Duration {
            let start = threadCPUTime()
            _ = authenticator.signIn(email: email, password: "wrong")
            return threadCPUTime() - start
        }
        // Interleaved samples, the fastest of each.
        var wrong = Duration.seconds(1000), unknown = Duration.seconds(1000)
        for _ in 0..<5 {
            wrong = min(wrong, measure("taro@example.com"))
            unknown = min(unknown, measure("nobody@example.com"))
        }
        #expect(wrong > .milliseconds(5))  // real hashing happened
        #expect(unknown > wrong * 0.7 && unknown < wrong * 1.4, "wrong password \(wrong), unknown address \(unknown)")
    }

    @Test func aDisabledAccountIsReportedOnlyAfterTheRightPassword() throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try testAuthenticator(store)
        let account = try signedUp(authenticator, store)
        try store.setDisabled(accountID: account.id, true)
        #expect(authenticator.signIn(email: "taro@example.com", password: "wrong") == .failure(.invalidCredential))
        #expect(authenticator.signIn(email: "taro@example.com", password: "correct horse battery") == .failure(.userDisabled))
    }

    @Test func signInRehashesAHashMadeWithOlderParameters() throws {
        let store = try AccountStore(path: directory.database)
        let old = try testAuthenticator(store)
        _ = try signedUp(old, store)
        let current = try Authenticator(store: store, hasher: .owaspMinimum)
        #expect(current.hasher.needsRehash(try #require(try store.account(email: "taro@example.com")).passwordHash))
        #expect(current.signIn(email: "taro@example.com", password: "wrong") == .failure(.invalidCredential))
        #expect(current.hasher.needsRehash(try #require(try store.account(email: "taro@example.com")).passwordHash))
        _ = try current.signIn(email: "taro@example.com", password: "correct horse battery").get()
        let rehashed = try #require(try store.account(email: "taro@example.com")).passwordHash
        #expect(rehashed.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(try current.signIn(email: "taro@example.com", password: "correct horse battery").get().email == "taro@example.com")
    }

    /// A rehash that was computed while a password change committed (two devices: one signs in
    /// with the old password, the other changes it) must not put the old password back.
    @Test func aRehashNeverOverwritesANewerPassword() throws {
        let store = try AccountStore(path: directory.database)
        let old = try testAuthenticator(store)
        let account = try signedUp(old, store)
        let oldHash = try #require(try store.account(email: "taro@example.com")).passwordHash
        let current = try Authenticator(store: store, hasher: .owaspMinimum)
        #expect(current.hasher.needsRehash(oldHash))
        // The other device's change commits between this sign-in's check and its rehash.
        try store.replacePassword(accountID: account.id, passwordHash: try old.hasher.hash("the new password 1"))
        try current.rehashIfOlder(oldHash, of: "correct horse battery", accountID: account.id)
        #expect(current.signIn(email: "taro@example.com", password: "correct horse battery") == .failure(.invalidCredential))
        #expect(try current.signIn(email: "taro@example.com", password: "the new password 1").get().id == account.id)
    }
}

/// CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}
