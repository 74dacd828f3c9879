import Foundation
import Testing
@testable import GenkanStore

/// What the store adds for the Firebase-compatible API: refresh tokens, the photo URL and last
/// sign-in, operations by account id, and the Ed25519 signing key.
@Suite struct FirebaseAPIStoreTests {
    let directory = TemporaryDirectory()
    let clock = ManualClock()
    let mail = RecordingMail()

    func store() throws -> AccountStore { try AccountStore(path: directory.database, clock: clock.storeClock) }

    func taro(_ store: AccountStore) throws -> Account {
        try testAuthenticator(store, mail).signUp(email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: "correct horse").created.get()
    }

    @Test func refreshTokensAreStoredHashedAndDieWithValidSince() throws {
        let store = try store()
        let authenticator = try testAuthenticator(store, mail)
        let account = try taro(store)
        let token = try store.createRefreshToken(accountID: account.id, authTime: clock.now)
        #expect(token.count == 43)
        let stored = try run("sqlite3", [directory.database, "SELECT hex(token_hash) FROM refresh_tokens"])
        #expect(stored == Secret.hex(Secret.sha256(Array(token.utf8))).uppercased())
        #expect(try store.refreshGrant(token: token)?.account.id == account.id)
        #expect(try store.refreshGrant(token: Secret.token()) == nil)
        #expect(try store.refreshGrant(token: "short") == nil)
        clock.advance(by: 5)
        _ = try authenticator.changePassword(
            .idToken(accountID: account.id, issuedAt: clock.now), newPassword: "another horse", renewal: .none).get()
        #expect(try store.refreshGrant(token: token) == nil)
        #expect(try store.refreshTokenCount(accountID: account.id) == 0)
        // One issued after the change lives.
        let after = try store.createRefreshToken(accountID: account.id, authTime: clock.now)
        #expect(try store.refreshGrant(token: after)?.authTime == clock.now)
        try store.deleteAccount(id: account.id)
        #expect(try store.refreshGrant(token: after) == nil)
    }

    @Test func signingInForATokenRecordsTheSignIn() throws {
        let store = try store()
        let authenticator = try testAuthenticator(store, mail)
        let account = try taro(store)
        #expect(try store.profile(id: account.id)?.lastLoginAt == nil)
        clock.advance(by: 7)
        let started = try authenticator.signInForToken(email: "TARO@example.com", password: "correct horse").get()
        #expect(started.authTime == clock.now && started.account.id == account.id)
        #expect(try store.profile(id: account.id)?.lastLoginAt == clock.now)
        #expect(try store.refreshGrant(token: started.refreshToken)?.signInProvider == "password")
        if case .failure(let failure) = authenticator.signInForToken(email: "taro@example.com", password: "wrong") {
            #expect(failure == .invalidCredential)
        } else {
            Issue.record("a wrong password signed in")
        }
        #expect(try store.refreshTokenCount(accountID: account.id) == 1)
    }

    @Test func photoURLsVerificationAndListing() throws {
        let store = try store()
        let authenticator = try testAuthenticator(store, mail)
        let account = try taro(store)
        try store.setPhotoURL(accountID: account.id, "https://example.com/t.png")
        #expect(try store.profile(email: "Taro@example.com")?.photoURL == "https://example.com/t.png")
        #expect(throws: StoreError.self) { try store.setPhotoURL(accountID: account.id, String(repeating: "x", count: 2049)) }
        try store.setVerified(accountID: account.id, true)
        #expect(try store.account(id: account.id)?.isVerified == true)
        try store.setVerified(accountID: account.id, false)
        #expect(try store.account(id: account.id)?.isVerified == false)
        let second = try authenticator.signUp(email: "hanako@example.com", displayName: "H", nameKey: "h", password: "correct horse").created.get()
        #expect(try store.profiles(afterID: 0, limit: 1).map(\.account.id) == [account.id])
        #expect(try store.profiles(afterID: account.id, limit: 10).map(\.account.id) == [second.id])
        var taken = AccountChanges(), free = AccountChanges()
        taken.email = "HANAKO@example.com"
        free.email = "jiro@example.com"
        free.emailVerified = true
        #expect(authenticator.administer(accountID: account.id, taken).map(\.account.email) == .failure(.emailAlreadyInUse))
        #expect(authenticator.administer(accountID: account.id, free).map(\.account.email) == .success("jiro@example.com"))
        #expect(try store.account(email: "jiro@example.com")?.account.isVerified == true)
        #expect(try store.deleteAllAccounts() == 2)
        #expect(try store.profiles(afterID: 0, limit: 10).isEmpty)
    }

    @Test func aResetCodeSetsThePasswordWithoutASession() throws {
        let store = try store()
        let authenticator = try testAuthenticator(store, mail)
        let account = try taro(store)
        let issued = try store.issueCode(.resetPassword, accountID: account.id)
        #expect(try store.lookUpCode(issued.token).get().purpose == .resetPassword)
        let reset = try authenticator.resetPassword(code: issued.token, newPassword: "another horse", renewal: .none).get()
        #expect(reset.account.isVerified && reset.account.validSince == clock.now && reset.credentials == .none)
        #expect(try store.sessionCount(accountID: account.id) == 0)
        #expect(throws: ActionCodeFailure.self) { try store.lookUpCode(issued.token).get() }
        #expect(try authenticator.signIn(email: "taro@example.com", password: "another horse").get().id == account.id)
        #expect(authenticator.resetPassword(code: issued.token, newPassword: "third horse", renewal: .none).map(\.account)
            == .failure(.invalidActionCode))
        #expect(authenticator.recorded.sent(.passwordChanged).map(\.recipient) == ["taro@example.com"])
    }

    @Test func anAddressChangeAndADeletionByIDToken() throws {
        let store = try store()
        let authenticator = try testAuthenticator(store, mail)
        let account = try taro(store)
        _ = try authenticator.signUp(email: "hanako@example.com", displayName: "H", nameKey: "h", password: "correct horse").created.get()
        let requester = Requester.idToken(accountID: account.id, issuedAt: clock.now)
        let request = { (email: String) in
            try authenticator.requestEmailChange(requester, newEmail: email).get()
        }
        #expect(try request("HANAKO@example.com") == .addressInUse)
        #expect(try request("TARO@example.com") == .unchanged)
        #expect(try request("taro.new@example.com") == .sent)
        #expect(authenticator.recorded.sent(.emailChange).map(\.recipient) == ["taro.new@example.com"])
        let deleted = try authenticator.deleteAccount(requester).get()
        #expect(deleted.email == "taro@example.com")
        #expect(authenticator.recorded.sent(.goodbye).map(\.recipient) == ["taro@example.com"])
        #expect(try store.account(id: account.id) == nil)
        #expect(authenticator.deleteAccount(requester) == .failure(.userNotFound))
        #expect(authenticator.deleteAccount(.administrator(accountID: account.id)) == .failure(.userNotFound))
    }

    @Test func ed25519SignaturesVerifyAndTheKeyComesFromItsSeed() throws {
        let seed = Secret.randomBytes(32)
        let key = try #require(SigningKey(seed: seed))
        #expect(SigningKey(seed: [1, 2, 3]) == nil)
        #expect(try #require(SigningKey(seed: seed)).publicKey == key.publicKey)
        let message = Array("header.payload".utf8)
        let signature = key.sign(message)
        #expect(signature.count == 64)
        #expect(SigningKey.isValid(signature: signature, of: message, publicKey: key.publicKey))
        #expect(!SigningKey.isValid(signature: signature, of: message + [0], publicKey: key.publicKey))
        #expect(!SigningKey.isValid(signature: Array(signature.dropLast()), of: message, publicKey: key.publicKey))
        // RFC 8032 §7.1, test 1: the empty message under the first test key.
        let rfcSeed = hexBytes("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
        let rfcKey = try #require(SigningKey(seed: rfcSeed))
        #expect(Secret.hex(rfcKey.publicKey) == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        #expect(
            Secret.hex(rfcKey.sign([]))
                == "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")
    }

    func hexBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
