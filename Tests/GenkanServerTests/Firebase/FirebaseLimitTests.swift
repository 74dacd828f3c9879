import Foundation
import GenkanHTTPTesting
import GenkanLocalization
@testable import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// The site's limits through the Firebase-compatible API: `signInWithPassword` behind the same
/// sign-in limits as the page (only wrong passwords count, in the same buckets), the stored limits
/// shared with the pages, and a full hashing queue answered in Firebase's shape without spending
/// anything.
@Suite struct FirebaseLimitTests {
    static let wrong = "wrong horse battery"

    func api(_ fixture: AppFixture, from address: String) -> FirebaseClient {
        let client = fixture.client(language: "en")
        client.peerAddress = address
        return FirebaseClient(client: client)
    }

    func page(_ fixture: AppFixture, from address: String) -> TestClient {
        let client = fixture.client(language: "en")
        client.peerAddress = address
        return client
    }

    func signIn(_ client: TestClient, _ password: String) async -> TestClient.Response {
        await client.submit("/signin", [("email", "taro@example.com"), ("password", password)])
    }

    func failedSignIns(_ fixture: AppFixture) throws -> Int? {
        let store = try AccountStore(location: fixture.configuration.database)
        return try store.failedSignIns(accountID: try #require(try store.account(email: "taro@example.com")).account.id)
    }

    @Test func aWrongPasswordThroughTheAPIAndThroughThePageCountInOneBucket() async throws {
        let fixture = try AppFixture.firebase { configuration in
            configuration.rateLimits.signIn.perAddressAndAccount = .init(capacity: 2, refillPerMinute: 0)
        }
        let attacker = api(fixture, from: "203.0.113.9"), attackersPage = page(fixture, from: "203.0.113.9")
        #expect(await attacker.signUp().status == 200)
        // Right passwords count nothing: more sign-ins than the limit allows failures.
        for _ in 0..<4 { #expect(await attacker.signIn().status == 200) }
        // One wrong password through each.
        #expect(await attacker.signIn(password: Self.wrong).body == FirebaseClient.errorBody("INVALID_LOGIN_CREDENTIALS"))
        #expect(await signIn(attackersPage, Self.wrong).status == 422)
        #expect(try failedSignIns(fixture) == 2)
        // The address has spent its allowance on the account: even the right password is refused,
        // through the API and through the page, and not checked (nothing more is counted).
        let refused = await attacker.signIn()
        #expect(refused.body == FirebaseClient.errorBody("TOO_MANY_ATTEMPTS_TRY_LATER"))
        #expect(refused.headers["retry-after"] == "3600")
        #expect(await signIn(attackersPage, FirebaseClient.password).status == 429)
        #expect(await attacker.signIn(password: Self.wrong).error == "TOO_MANY_ATTEMPTS_TRY_LATER")
        #expect(try failedSignIns(fixture) == 2)
        // The owner, from another address, is not held back, through either; signing in clears
        // the account's count.
        let owner = api(fixture, from: "198.51.100.7")
        let signedIn = await owner.signIn()
        #expect(signedIn.status == 200 && signedIn.string("idToken") != nil)
        #expect(await signIn(page(fixture, from: "198.51.100.7"), FirebaseClient.password).status == 303)
        #expect(try failedSignIns(fixture) == 0)
        // The attacker's address stays refused on this account.
        #expect(await attacker.signIn().error == "TOO_MANY_ATTEMPTS_TRY_LATER")
    }

    @Test func aLockedAccountIsRefusedWithTheWayOutUntilTheEmailedReset() async throws {
        let fixture = try AppFixture.firebase { configuration in
            configuration.rateLimits.signIn.consecutivePerAccount = 4
        }
        #expect(await fixture.firebase().signUp().status == 200)
        // Four wrong passwords in a row, from four addresses, through the API and the page.
        for index in 0..<4 {
            let address = "203.0.113.\(index)"
            if index.isMultiple(of: 2) {
                #expect(await api(fixture, from: address).signIn(password: Self.wrong).error == "INVALID_LOGIN_CREDENTIALS")
            } else {
                #expect(await signIn(page(fixture, from: address), Self.wrong).status == 422)
            }
        }
        // The right password from a new address: locked, with no Retry-After (waiting does not help).
        let owner = api(fixture, from: "198.51.100.7")
        let locked = await owner.signIn()
        #expect(locked.body == FirebaseClient.errorBody(FirebaseError.accountLocked.message))
        #expect(locked.error?.hasPrefix("TOO_MANY_ATTEMPTS_TRY_LATER : ") == true && locked.headers["retry-after"] == nil)
        let parsed = AuthError(parsing: locked.body)
        #expect(parsed.isRecognized && parsed.code == .tooManyRequests)
        #expect(await signIn(page(fixture, from: "198.51.100.7"), FirebaseClient.password).status == 429)
        // The e-mailed reset, asked for through the API, opens it.
        #expect(await owner.call("accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "taro@example.com"]).status == 200)
        let link = try #require(try await SignInLimitTests.mailedLink(fixture, "/password/reset"))
        let code = String(link.split(separator: "=").last!)
        #expect(await owner.call("accounts:resetPassword", ["oobCode": code, "newPassword": "a brand new passphrase"]).status == 200)
        #expect(try failedSignIns(fixture) == 0)
        #expect(await owner.signIn(password: "a brand new passphrase").status == 200)
    }

    @Test func theStoredLimitsAreThePagesBuckets() async throws {
        let fixture = try AppFixture.firebase { configuration in
            configuration.rateLimits.signUpPerAddress = .init(capacity: 2, refillPerMinute: 0)
            configuration.rateLimits.resetPerAccount = .init(capacity: 2, refillPerMinute: 0)
        }
        let api = fixture.firebase(), browser = fixture.client(language: "en")
        // Sign-ups per client: one through the page, one through the API, then neither.
        let hanako = [("name", "Hanako"), ("email", "hanako@example.com"), ("password", FirebaseClient.password),
            ("password-confirmation", FirebaseClient.password)]
        #expect(await browser.submit("/signup", hanako).status == 303)
        #expect(await api.signUp().status == 200)
        let refused = await api.signUp("jiro@example.com", name: "Jiro")
        #expect(refused.body == FirebaseClient.errorBody("TOO_MANY_ATTEMPTS_TRY_LATER") && refused.headers["retry-after"] != nil)
        let jiro = [("name", "Jiro"), ("email", "jiro@example.com"), ("password", FirebaseClient.password),
            ("password-confirmation", FirebaseClient.password)]
        #expect(await fixture.client(language: "en").submit("/signup", jiro).status == 429)
        // An address that is not valid spends nothing.
        #expect(await api.call("accounts:signUp", ["email": "jiro@", "password": FirebaseClient.password]).error == "INVALID_EMAIL")
        // Reset requests per e-mail address, whatever its spelling, known or not.
        #expect(await fixture.client().submit("/password/forgot", [("email", "Nobody@Example.com")]).status == 200)
        let reset = ["requestType": "PASSWORD_RESET", "email": "nobody@example.com"]
        #expect(await api.call("accounts:sendOobCode", reset).status == 200)
        #expect(await api.call("accounts:sendOobCode", reset).error == "TOO_MANY_ATTEMPTS_TRY_LATER")
        #expect(await fixture.client().submit("/password/forgot", [("email", "nobody@example.com")]).status == 429)
        // The buckets are the site's rows in `rate_limits`, named as the pages name them.
        let store = try AccountStore(location: fixture.configuration.database)
        let signUps = StoredLimit("sign-up.address", fixture.configuration.rateLimits.signUpPerAddress)
        #expect(!(try store.peekLimit(signUps, key: "127.0.0.1").allowed))
    }

    @Test func aFullHashingQueueIsFirebaseShapedAndSpendsNothing() async throws {
        let clock = TestClock()
        func configure(_ configuration: inout GenkanConfiguration) {
            configuration.rateLimits.signUpPerAddress = .init(capacity: 2, refillPerMinute: 0)
            configuration.rateLimits.signIn.perAddress = .init(capacity: 2, refillPerMinute: 0)
        }
        let busy = try AppFixture.firebase(clock: clock) { configuration in
            configure(&configuration)
            configuration.workerThreads = 1
            // Every hashing job has waited its longest when a thread looks at it: always 503.
            configuration.hashingQueue.maximumWait = .zero
        }
        let api = busy.firebase()
        for index in 0..<4 {
            let answer = await api.signUp("user\(index)@example.com")
            #expect(answer.status == 503 && Int(answer.headers["retry-after"] ?? "") ?? 0 >= 1)
            #expect(
                answer.body
                    == #"{"error":{"code":503,"message":"UNAVAILABLE","errors":[{"message":"UNAVAILABLE","domain":"global","reason":"invalid"}],"status":"UNAVAILABLE"}}"#)
        }
        for _ in 0..<4 { #expect(await api.signIn("nobody@example.com", password: Self.wrong).status == 503) }
        // The same file with threads that keep up: both sign-ups and both wrong passwords are
        // still allowed.
        let calm = try AppFixture.firebase(clock: clock) { configuration in
            configure(&configuration)
            configuration.database = busy.configuration.database
        }
        let again = calm.firebase()
        #expect(await again.signUp().status == 200)
        #expect(await again.signUp("hanako@example.com").status == 200)
        #expect(await again.signUp("jiro@example.com").error == "TOO_MANY_ATTEMPTS_TRY_LATER")
        for _ in 0..<2 { #expect(await again.signIn("nobody@example.com", password: Self.wrong).error == "INVALID_LOGIN_CREDENTIALS") }
        #expect(await again.signIn("nobody@example.com", password: Self.wrong).error == "TOO_MANY_ATTEMPTS_TRY_LATER")
    }

    /// Anonymous sign-ups have their own limit per client address (each makes an account), apart
    /// from sign-ups with an address, and another address is not held back.
    @Test func anonymousSignUpsHaveTheirOwnLimitPerClient() async throws {
        let fixture = try AppFixture.firebase { configuration in
            configuration.rateLimits.anonymousSignUpPerAddress = .init(capacity: 3, refillPerMinute: 0)
        }
        let guest = api(fixture, from: "203.0.113.7")
        for _ in 0..<3 { #expect(await guest.call("accounts:signUp", ["returnSecureToken": true]).status == 200) }
        let refused = await guest.call("accounts:signUp", ["returnSecureToken": true])
        #expect(refused.status == 400 && refused.error == "TOO_MANY_ATTEMPTS_TRY_LATER" && refused.headers["retry-after"] != nil)
        // A sign-up with an address from the same client is another limit.
        #expect(await guest.signUp().status == 200)
        #expect(await api(fixture, from: "198.51.100.4").call("accounts:signUp", [:]).status == 200)
        let store = try AccountStore(location: fixture.configuration.database)
        #expect(try store.storage.accounts(afterID: 0, limit: 10).count == 5)
    }
}
