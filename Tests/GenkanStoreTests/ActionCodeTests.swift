import Foundation
import Testing
@testable import GenkanStore

@Suite struct ActionCodeTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()

    func store(_ policy: ActionCodePolicy = .standard) throws -> AccountStore {
        try AccountStore(path: directory.database, clock: clock.storeClock, codePolicy: policy)
    }

    func account(_ store: AccountStore, _ email: String = "taro@example.com") throws -> Account {
        try store.createAccount(NewAccount(email: email, displayName: "Taro", nameKey: "taro", passwordHash: "x"))
    }

    @Test func codesAre256BitURLSafeTokensStoredOnlyAsTheirSHA256() throws {
        let store = try store()
        let account = try account(store)
        let issued = try store.issueCode(.resetPassword, accountID: account.id)
        #expect(issued.token.utf8.count == 43)
        #expect(issued.token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        let stored = try run("sqlite3", [directory.database, "SELECT lower(hex(code_hash)) FROM action_codes"])
        #expect(stored == (try run("sha256sum", [], input: issued.token)).split(separator: " ").first.map(String.init))
        let file = try #require(FileManager.default.contents(atPath: directory.database))
        let wal = FileManager.default.contents(atPath: directory.database + "-wal") ?? Data()
        #expect(file.range(of: Data(issued.token.utf8)) == nil && wal.range(of: Data(issued.token.utf8)) == nil)
        #expect(!"\(issued)".contains(issued.token))
    }

    @Test(arguments: [
        (ActionCodePurpose.resetPassword, Int64(3600)),
        (.verifyEmail, 3 * 86_400),
        (.changeEmail, 3 * 86_400),
        (.recoverEmail, 3 * 86_400),
    ])
    func codesLiveTheirPolicysLifetime(purpose: ActionCodePurpose, lifetime: Int64) throws {
        let store = try store()
        let account = try account(store)
        let issued = try store.issueCode(purpose, accountID: account.id, email: purpose.carriesOwnAddress ? "new@example.com" : nil)
        #expect(issued.expiresAt == clock.now + lifetime)
        clock.advance(by: lifetime - 1)
        #expect(try store.inspectCode(issued.token, purpose: purpose).map(\.account.id) == .success(account.id))
        clock.advance(by: 1)
        #expect(try store.inspectCode(issued.token, purpose: purpose) == .failure(.expired))
        #expect(try store.consumeCode(issued.token, purpose: purpose) == .failure(.expired))
        #expect(AuthFailure(ActionCodeFailure.expired).code.rawValue == "auth/expired-action-code")
    }

    @Test func thePolicyOverridesTheLifetimes() throws {
        let store = try store(ActionCodePolicy(resetPassword: 60, verifyEmail: 120, changeEmail: 180))
        let account = try account(store)
        let reset = try store.issueCode(.resetPassword, accountID: account.id)
        let verify = try store.issueCode(.verifyEmail, accountID: account.id)
        clock.advance(by: 60)
        #expect(try store.inspectCode(reset.token, purpose: .resetPassword) == .failure(.expired))
        #expect(try store.inspectCode(verify.token, purpose: .verifyEmail).map(\.purpose) == .success(.verifyEmail))
    }

    @Test func aCodeIsUsedOnceAndInspectingDoesNotUseIt() throws {
        let store = try store()
        let account = try account(store)
        let issued = try store.issueCode(.verifyEmail, accountID: account.id)
        for _ in 0..<3 { #expect(try store.inspectCode(issued.token, purpose: .verifyEmail).map(\.account) == .success(account)) }
        let consumed = try store.consumeCode(issued.token, purpose: .verifyEmail).get()
        #expect(consumed.account == account && consumed.email == "taro@example.com" && consumed.purpose == .verifyEmail)
        #expect(try store.consumeCode(issued.token, purpose: .verifyEmail) == .failure(.invalid))
        #expect(try store.inspectCode(issued.token, purpose: .verifyEmail) == .failure(.invalid))
        #expect(AuthFailure(ActionCodeFailure.invalid).code.rawValue == "auth/invalid-action-code")
    }

    @Test func aNewCodeEndsTheOlderOnesOfItsPurposeOnly() throws {
        let store = try store()
        let account = try account(store)
        let other = try self.account(store, "hanako@example.com")
        let first = try store.issueCode(.resetPassword, accountID: account.id)
        let verification = try store.issueCode(.verifyEmail, accountID: account.id)
        let othersReset = try store.issueCode(.resetPassword, accountID: other.id)
        let second = try store.issueCode(.resetPassword, accountID: account.id)
        #expect(try store.inspectCode(first.token, purpose: .resetPassword) == .failure(.invalid))
        #expect(try store.inspectCode(second.token, purpose: .resetPassword).map(\.account.id) == .success(account.id))
        #expect(try store.inspectCode(verification.token, purpose: .verifyEmail).map(\.account.id) == .success(account.id))
        #expect(try store.inspectCode(othersReset.token, purpose: .resetPassword).map(\.account.id) == .success(other.id))
    }

    /// Each address change leaves the address it left a way back: a later recovery code does not
    /// end an earlier one, as a later code of any other purpose does.
    @Test func recoveryCodesAreNotReplacedByNewerOnes() throws {
        let store = try store()
        let account = try account(store)
        let first = try store.issueCode(.recoverEmail, accountID: account.id, email: "a@example.com")
        let second = try store.issueCode(.recoverEmail, accountID: account.id, email: "b@example.com")
        #expect(try store.inspectCode(first.token, purpose: .recoverEmail).map(\.email) == .success("a@example.com"))
        #expect(try store.inspectCode(second.token, purpose: .recoverEmail).map(\.email) == .success("b@example.com"))
    }

    /// A change of address asked for before the password was changed (or reset, or the address
    /// recovered) is void; a recovery code is not.
    @Test func anAddressChangeOlderThanValidSinceIsInvalid() throws {
        let store = try store()
        let account = try account(store)
        let change = try store.issueCode(.changeEmail, accountID: account.id, email: "new@example.com")
        let recovery = try store.issueCode(.recoverEmail, accountID: account.id, email: "old@example.com")
        let verification = try store.issueCode(.verifyEmail, accountID: account.id)
        clock.advance(by: 1)
        try store.replacePassword(accountID: account.id, passwordHash: "y")
        #expect(try store.inspectCode(change.token, purpose: .changeEmail) == .failure(.invalid))
        #expect(try store.inspectCode(recovery.token, purpose: .recoverEmail).map(\.email) == .success("old@example.com"))
        #expect(try store.inspectCode(verification.token, purpose: .verifyEmail).map(\.purpose) == .success(.verifyEmail))
        let later = try store.issueCode(.changeEmail, accountID: account.id, email: "new@example.com")
        #expect(try store.inspectCode(later.token, purpose: .changeEmail).map(\.email) == .success("new@example.com"))
    }

    @Test func unknownMalformedAndWrongPurposeCodesAreInvalid() throws {
        let store = try store()
        let account = try account(store)
        let issued = try store.issueCode(.verifyEmail, accountID: account.id)
        #expect(try store.inspectCode(issued.token, purpose: .resetPassword) == .failure(.invalid))
        #expect(try store.consumeCode(issued.token, purpose: .resetPassword) == .failure(.invalid))
        #expect(try store.inspectCode(Secret.token(), purpose: .verifyEmail) == .failure(.invalid))
        #expect(try store.inspectCode("", purpose: .verifyEmail) == .failure(.invalid))
        #expect(try store.inspectCode(String(repeating: "a", count: 10_000), purpose: .verifyEmail) == .failure(.invalid))
        #expect(try store.inspectCode(String(issued.token.dropLast()), purpose: .verifyEmail) == .failure(.invalid))
        // The failed attempts did not use it up.
        #expect(try store.consumeCode(issued.token, purpose: .verifyEmail).map(\.purpose) == .success(.verifyEmail))
    }

    @Test func aDisabledOrDeletedAccountsCodeIsInvalid() throws {
        let store = try store()
        let account = try account(store)
        let issued = try store.issueCode(.resetPassword, accountID: account.id)
        try store.setDisabled(accountID: account.id, true)
        #expect(try store.inspectCode(issued.token, purpose: .resetPassword) == .failure(.invalid))
        try store.setDisabled(accountID: account.id, false)
        #expect(try store.inspectCode(issued.token, purpose: .resetPassword).map(\.account.id) == .success(account.id))
        _ = try run("sqlite3", [directory.database, "PRAGMA foreign_keys = ON; DELETE FROM accounts"])
        #expect(try store.inspectCode(issued.token, purpose: .resetPassword) == .failure(.invalid))
        #expect(try run("sqlite3", [directory.database, "SELECT count(*) FROM action_codes"]) == "0")  // cascaded
    }

    /// A verification or reset link went to the address the account had then.
    @Test func aCodeSentToAnAddressTheAccountNoLongerHasIsInvalid() throws {
        let store = try store()
        let account = try account(store)
        let reset = try store.issueCode(.resetPassword, accountID: account.id)
        let change = try store.issueCode(.changeEmail, accountID: account.id, email: "Taro@example.net")
        #expect(try store.inspectCode(change.token, purpose: .changeEmail).map(\.email) == .success("Taro@example.net"))
        _ = try run("sqlite3", [directory.database, "UPDATE accounts SET email = 'other@example.com', email_key = 'other@example.com'"])
        #expect(try store.inspectCode(reset.token, purpose: .resetPassword) == .failure(.invalid))
        #expect(try store.inspectCode(change.token, purpose: .changeEmail).map(\.email) == .success("Taro@example.net"))
    }

    @Test func aCodeForAMissingAccountIsRefused() throws {
        let store = try store()
        do {
            _ = try store.issueCode(.resetPassword, accountID: 42)
            Issue.record("issued a code for no account")
        } catch {
            #expect(error.code == .constraint)
        }
    }

    @Test func expiredCodesAreSwept() throws {
        let store = try store()
        let account = try account(store)
        let reset = try store.issueCode(.resetPassword, accountID: account.id)
        let verify = try store.issueCode(.verifyEmail, accountID: account.id)
        _ = try store.consumeCode(verify.token, purpose: .verifyEmail).get()
        clock.advance(by: 3600)
        #expect(try store.deleteExpiredCodes() == 1)
        #expect(try store.inspectCode(reset.token, purpose: .resetPassword) == .failure(.invalid))
        clock.advance(by: 3 * 86_400)
        #expect(try store.deleteExpiredCodes() == 1)  // the used one too, once past its expiry
    }

    /// Consuming inside a transaction that rolls back gives the code back.
    @Test func aRolledBackConsumptionLeavesTheCodeUsable() throws {
        let store = try store()
        let account = try account(store)
        let issued = try store.issueCode(.resetPassword, accountID: account.id)
        #expect(throws: StoreError.self) {
            try store.transaction { () throws(StoreError) in
                #expect(try store.consumeCode(issued.token, purpose: .resetPassword).map(\.account.id) == .success(account.id))
                throw StoreError(.database, "abort")
            }
        }
        #expect(try store.consumeCode(issued.token, purpose: .resetPassword).map(\.account.id) == .success(account.id))
    }
}
