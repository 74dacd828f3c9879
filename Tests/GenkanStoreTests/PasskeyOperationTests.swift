import Foundation
import GenkanValidation
import GenkanWebAuthn
import Testing
@testable import GenkanStore

/// The passkey operations on a real store, with the ceremonies Debian's Chromium made with a
/// WebAuthn virtual authenticator (`GenkanWebAuthnTests/Fixtures/chromium-ceremonies.json`: one
/// registration, then two sign-ins with counters 2 and 3, on `http://localhost:46773`). Each
/// recorded challenge is put in the store as the operations' own issue would have put it.
@Suite struct PasskeyOperationTests {
    let clock = ManualClock()
    let recording = try! ChromiumRecording.load()

    struct Fixture {
        let store: AccountStore
        let authenticator: Authenticator
        let mail: RecordingMail
        let account: Account
        let session: String
    }

    func setUp(_ kind: StoreKind, password: Bool = true) throws -> (TestDatabase, Fixture) {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let mail = RecordingMail()
        let verifier = WebAuthnVerifier(relyingParty: try RelyingParty(url: recording.origin, name: "Genkan"))
        let authenticator = try testAuthenticator(store, mail, passkeys: verifier)
        let account = try store.createAccount(
            NewAccount(email: "taro@example.com", displayName: "Taro Yamada", nameKey: "taro yamada", passwordHash: password ? "$x" : nil))
        // The handle the recording's credential was made for.
        try store.storage.insertUserHandle(accountID: account.id, recording.userHandle)
        let session = try store.createSession(accountID: account.id).token
        return (database, Fixture(store: store, authenticator: authenticator, mail: mail, account: account, session: session))
    }

    /// Stores `challenge` as issued for `ceremony` to `binding`.
    func issue(_ challenge: [UInt8], _ ceremony: PasskeyCeremony, binding: String, account: Int64? = nil, in store: AccountStore) throws {
        try store.storage.insertPasskeyChallenge(
            key: Secret.sha256(challenge),
            PasskeyChallenge(
                ceremony: ceremony, bindingHash: Secret.sha256(Array(binding.utf8)), accountID: account, createdAt: clock.now,
                expiresAt: clock.now + AccountStore.passkeyChallengeLifetime),
            keepingPerBinding: 4, now: clock.now)
    }

    func register(_ fixture: Fixture, name: String? = "Laptop") throws -> Result<Passkey, AuthFailure> {
        try issue(
            recording.registrationChallenge, .registration, binding: Authenticator.passkeyBinding(sessionToken: fixture.session),
            account: fixture.account.id, in: fixture.store)
        return fixture.authenticator.finishPasskeyRegistration(
            .session(token: fixture.session), responseJSON: recording.registration, name: name, defaultName: "Chrome on Linux")
    }

    func signIn(_ fixture: Fixture, assertion: Int, binding: String = "pre:browser") throws -> Result<VerifiedPasskey, AuthFailure> {
        try issue(recording.assertionChallenges[assertion], .signIn, binding: binding, in: fixture.store)
        return fixture.authenticator.signInWithPasskey(responseJSON: recording.assertions[assertion], binding: binding)
    }

    @Test(arguments: StoreKind.available) func registrationNeedsARecentProofAndStoresThePasskeyOnce(kind: StoreKind) throws {
        let (database, fixture) = try setUp(kind)
        _ = database
        // Options: the account's handle, its name, nothing to exclude yet; a challenge stored.
        let options = try fixture.authenticator.beginPasskeyRegistration(.session(token: fixture.session)).get()
        #expect(options[member: "user"]?[member: "id"]?.stringValue == Base64URLText.encode(recording.userHandle))
        #expect(options[member: "user"]?[member: "name"]?.stringValue == "taro@example.com")
        #expect(options[member: "excludeCredentials"]?.arrayValue?.isEmpty == true)
        #expect(options[member: "authenticatorSelection"]?[member: "residentKey"]?.stringValue == "required")

        let added = try register(fixture).get()
        #expect(added.name == "Laptop" && added.credentialID == recording.credentialID && added.signCount == 1 && added.isDeviceBound)
        #expect(AAGUID(bytes: added.aaguid).description == "01020304-0506-0708-0102-030405060708")
        #expect(fixture.mail.sent(.passkeyAdded).map(\.token) == ["Laptop"])
        #expect(try fixture.store.passkeys(accountID: fixture.account.id).map(\.id) == [added.id])
        // The same answer again: its challenge was spent.
        #expect(
            fixture.authenticator.finishPasskeyRegistration(
                .session(token: fixture.session), responseJSON: recording.registration, name: nil, defaultName: "x")
                == .failure(.passkeyChallengeInvalid))
        // With a challenge again: the credential is registered already.
        #expect(try register(fixture) == .failure(.passkeyAlreadyRegistered))
        // The next options exclude it.
        let next = try fixture.authenticator.beginPasskeyRegistration(.session(token: fixture.session)).get()
        #expect(next[member: "excludeCredentials"]?.arrayValue?.first?[member: "id"]?.stringValue == Base64URLText.encode(recording.credentialID))

        // Five minutes after the last proof, adding needs a new one.
        clock.advance(by: Authenticator.recentAuthentication + 1)
        #expect(fixture.authenticator.beginPasskeyRegistration(.session(token: fixture.session)) == .failure(.requiresRecentLogin))
        // Another session's challenge does not finish this one's registration.
        let other = try fixture.store.createSession(accountID: fixture.account.id).token
        try issue(
            recording.registrationChallenge, .registration, binding: Authenticator.passkeyBinding(sessionToken: other),
            account: fixture.account.id, in: fixture.store)
        #expect(
            fixture.authenticator.finishPasskeyRegistration(
                .session(token: fixture.session), responseJSON: recording.registration, name: nil, defaultName: "x")
                == .failure(.passkeyChallengeInvalid))
    }

    @Test(arguments: StoreKind.available) func aSignInChecksChallengeCounterAndRecordsTheUse(kind: StoreKind) throws {
        let (database, fixture) = try setUp(kind)
        _ = database
        let added = try register(fixture).get()
        clock.advance(by: 60)
        let first = try signIn(fixture, assertion: 0).get()
        #expect(first.account.id == fixture.account.id && first.passkey.id == added.id && first.counterAnomaly == nil)
        var stored = try #require(try fixture.store.passkeys(accountID: fixture.account.id).first)
        #expect(stored.signCount == 2 && stored.lastUsedAt == clock.now)
        // A replayed answer: its challenge is gone.
        #expect(
            fixture.authenticator.signInWithPasskey(responseJSON: recording.assertions[0], binding: "pre:browser")
                .map(\.account) == .failure(.passkeyChallengeInvalid))
        // A challenge issued to another browser.
        try issue(recording.assertionChallenges[1], .signIn, binding: "pre:other", in: fixture.store)
        #expect(
            fixture.authenticator.signInWithPasskey(responseJSON: recording.assertions[1], binding: "pre:browser")
                .map(\.account) == .failure(.passkeyChallengeInvalid))
        // A challenge that expired.
        try issue(recording.assertionChallenges[1], .signIn, binding: "pre:browser", in: fixture.store)
        clock.advance(by: AccountStore.passkeyChallengeLifetime)
        #expect(
            fixture.authenticator.signInWithPasskey(responseJSON: recording.assertions[1], binding: "pre:browser")
                .map(\.account) == .failure(.passkeyChallengeInvalid))
        #expect(try signIn(fixture, assertion: 1).get().account.id == fixture.account.id)
        stored = try #require(try fixture.store.passkeys(accountID: fixture.account.id).first)
        #expect(stored.signCount == 3)
        // The first answer once more, with its challenge issued again: the device-bound
        // passkey's counter went back (2 after 3), a possible clone.
        guard case .failure(.passkeyRejected(.counterNotIncreased, let owner)) = try signIn(fixture, assertion: 0) else {
            Issue.record("a counter that went back was accepted")
            return
        }
        #expect(owner?.id == fixture.account.id)
        #expect(try fixture.store.passkeys(accountID: fixture.account.id).first?.signCount == 3)
        // Not JSON at all.
        #expect(
            fixture.authenticator.signInWithPasskey(responseJSON: Array("{}".utf8), binding: "pre:browser")
                .map(\.account) == .failure(.passkeyRejected(.malformedResponse, account: nil)))
    }

    @Test(arguments: StoreKind.available) func aRemovedPasskeyNoLongerSignsIn(kind: StoreKind) throws {
        let (database, fixture) = try setUp(kind)
        _ = database
        let added = try register(fixture).get()
        let removed = try fixture.authenticator.removePasskey(.session(token: fixture.session), id: added.id).get()
        #expect(removed.id == added.id && fixture.mail.sent(.passkeyRemoved).count == 1)
        #expect(try signIn(fixture, assertion: 0).map(\.account) == .failure(.passkeyNotFound))
        #expect(fixture.authenticator.removePasskey(.session(token: fixture.session), id: added.id) == .failure(.passkeyNotFound))
        // Each change an event of the account, the failures none.
        #expect(try fixture.store.events(uid: fixture.account.uid).map(\.type) == [.passkeyRemoved, .passkeyAdded])
    }

    @Test(arguments: StoreKind.available) func theLastWayInStays(kind: StoreKind) throws {
        let (database, fixture) = try setUp(kind)
        _ = database
        // Only a password: it cannot go.
        #expect(fixture.authenticator.removePassword(.session(token: fixture.session)) == .failure(.lastSignInMethod))
        let added = try register(fixture).get()
        let other = try fixture.store.createSession(accountID: fixture.account.id).token
        // With a passkey it can; the other sessions end, this one stays.
        #expect(try fixture.authenticator.removePassword(.session(token: fixture.session)).get() == 1)
        #expect(fixture.mail.sent(.passwordRemoved).count == 1)
        #expect(try fixture.store.session(token: other) == nil && fixture.store.session(token: fixture.session) != nil)
        #expect(try !fixture.store.signInMethods(accountID: fixture.account.id).hasPassword)
        #expect(fixture.authenticator.removePassword(.session(token: fixture.session)) == .failure(.missingPassword))
        // Now the passkey is the last way in.
        #expect(fixture.authenticator.removePasskey(.session(token: fixture.session), id: added.id) == .failure(.lastSignInMethod))
        #expect(try fixture.store.passkeys(accountID: fixture.account.id).count == 1)
        // The passkey signs in to the account without a password.
        #expect(try signIn(fixture, assertion: 0).get().account.id == fixture.account.id)
    }

    @Test(arguments: StoreKind.available) func aPasskeyStandsInForThePasswordOfItsOwnAccountOnly(kind: StoreKind) throws {
        let (database, fixture) = try setUp(kind)
        _ = database
        _ = try register(fixture).get()
        clock.advance(by: Authenticator.recentAuthentication + 1)
        #expect(fixture.authenticator.beginPasskeyRegistration(.session(token: fixture.session)) == .failure(.requiresRecentLogin))
        let options = try fixture.authenticator.beginPasskeyReauthentication(.session(token: fixture.session)).get()
        #expect(options[member: "allowCredentials"]?.arrayValue?.count == 1)
        try issue(
            recording.assertionChallenges[0], .reauthentication, binding: Authenticator.passkeyBinding(sessionToken: fixture.session),
            account: fixture.account.id, in: fixture.store)
        let confirmed = fixture.authenticator.confirmOwner(sessionToken: fixture.session, .passkey(recording.assertions[0]))
        #expect(try confirmed.get().id == fixture.account.id)
        // The proof is recent again: adding works.
        #expect((try? fixture.authenticator.beginPasskeyRegistration(.session(token: fixture.session)).get()) != nil)

        // Another account's session cannot use it, even with a challenge of its own.
        let hanako = try fixture.store.createAccount(
            NewAccount(email: "hanako@example.com", displayName: "H", nameKey: "h", passwordHash: "$x"))
        let hers = try fixture.store.createSession(accountID: hanako.id).token
        try issue(
            recording.assertionChallenges[1], .reauthentication, binding: Authenticator.passkeyBinding(sessionToken: hers),
            account: hanako.id, in: fixture.store)
        #expect(
            fixture.authenticator.reauthenticateWithPasskey(sessionToken: hers, responseJSON: recording.assertions[1])
                .map(\.account) == .failure(.passkeyNotFound))
        // A sign-in challenge does not do for a re-authentication.
        try issue(recording.assertionChallenges[1], .signIn, binding: Authenticator.passkeyBinding(sessionToken: fixture.session), in: fixture.store)
        #expect(
            fixture.authenticator.reauthenticateWithPasskey(sessionToken: fixture.session, responseJSON: recording.assertions[1])
                .map(\.account) == .failure(.passkeyChallengeInvalid))
    }

    @Test(arguments: StoreKind.available) func withoutARelyingPartyEveryPasskeyOperationRefuses(kind: StoreKind) throws {
        let (database, fixture) = try setUp(kind)
        _ = database
        let plain = try testAuthenticator(fixture.store)
        #expect(plain.beginPasskeySignIn(binding: "pre:x") == .failure(.passkeysUnavailable))
        #expect(plain.beginPasskeyRegistration(.session(token: fixture.session)) == .failure(.passkeysUnavailable))
        #expect(
            plain.signInWithPasskey(responseJSON: recording.assertions[0], binding: "pre:x").map(\.account)
                == .failure(.passkeysUnavailable))
    }

    @Test func namesAreTrimmedAndCutWithoutSplittingACharacter() {
        #expect(AccountStore.passkeyName("  Laptop \n") == "Laptop")
        #expect(AccountStore.passkeyName(" \t ") == nil)
        let long = String(repeating: "鍵", count: 70)
        #expect(AccountStore.passkeyName(long)?.count == AccountStore.maximumPasskeyNameLength)
        // A flag is two scalars: one that would straddle the limit is left out whole.
        let flags = String(repeating: "a", count: 63) + "🇯🇵"
        #expect(AccountStore.passkeyName(flags) == String(repeating: "a", count: 63))
    }
}

/// The recorded Chromium ceremonies, read with Foundation (not with the code under test).
struct ChromiumRecording: Sendable {
    let origin: String
    let userHandle: [UInt8]
    let credentialID: [UInt8]
    let registrationChallenge: [UInt8]
    let registration: [UInt8]
    let assertionChallenges: [[UInt8]]
    let assertions: [[UInt8]]

    static func load() throws -> ChromiumRecording {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GenkanWebAuthnTests/Fixtures/chromium-ceremonies.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let registration = root["registration"] as! [String: Any]
        let assertions = root["assertions"] as! [[String: Any]]
        func json(_ value: Any) throws -> [UInt8] { Array(try JSONSerialization.data(withJSONObject: value)) }
        return ChromiumRecording(
            origin: (root["rp"] as! [String: Any])["origin"] as! String,
            userHandle: bytes(root["userHandle"] as! String), credentialID: bytes(root["credentialId"] as! String),
            registrationChallenge: bytes(registration["challenge"] as! String), registration: try json(registration["response"]!),
            assertionChallenges: assertions.map { bytes($0["challenge"] as! String) },
            assertions: try assertions.map { try json($0["response"]!) })
    }

    static func bytes(_ text: String) -> [UInt8] {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Array(Data(base64Encoded: base64)!)
    }
}
