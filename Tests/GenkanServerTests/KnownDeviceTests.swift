import Foundation
import GenkanHTTPTesting
import GenkanLocalization
import Testing
@testable import GenkanHTTP
@testable import GenkanServer
@testable import GenkanStore

/// Device cookies: strangers' guessing, which can hold an account at its cap of wrong passwords in
/// a row, never locks its owner out of a browser the account signed in from before.
@Suite struct KnownDeviceTests {
    static let password = "correct horse battery"
    let model = AuthErrorModel()

    func fixture() throws -> AppFixture {
        try AppFixture { $0.hasher = PasswordHasher(operations: 1, memory: 8 * 1024) }
    }

    func client(_ fixture: AppFixture, from address: String) -> TestClient {
        let client = fixture.client(language: "en")
        client.peerAddress = address
        return client
    }

    func signIn(_ client: TestClient, password: String = Self.password) async -> TestClient.Response {
        await client.submit("/signin", [("email", "taro@example.com"), ("password", password)])
    }

    /// The case: 150 wrong guesses for one account from 15 addresses lock it; the owner's
    /// browser still signs in from a new address, and a browser the account never used does not.
    @Test func theOwnersBrowserSignsInThroughALockout() async throws {
        let fixture = try fixture()
        let owner = client(fixture, from: "192.0.2.1")
        #expect(await owner.submit("/signup", [
            ("name", "Taro"), ("email", "taro@example.com"), ("password", Self.password), ("password-confirmation", Self.password),
        ]).status == 303)
        #expect(owner.cookies["genkan_device"] != nil)
        var locked = 0
        for attacker in 0..<15 {
            let guesser = client(fixture, from: "198.51.100.\(attacker + 1)")
            for guess in 0..<10 {
                let answer = await signIn(guesser, password: "guess \(attacker) \(guess)")
                if answer.status == 429 { locked += 1 }
            }
        }
        let store = try AccountStore(location: fixture.configuration.database)
        #expect(try store.failedSignIns(accountID: 1) == SignInLimits.standard.consecutivePerAccount)
        #expect(locked == 150 - SignInLimits.standard.consecutivePerAccount)
        // A browser the account never signed in from, with the right password: held by the cap.
        let stranger = client(fixture, from: "203.0.113.9")
        let refused = await signIn(stranger)
        #expect(refused.status == 429 && refused.body.contains(escaped(model.text("ui.signin.locked", locale: "en"))))
        // The owner's browser, moved to a new address: signs in.
        owner.peerAddress = "203.0.113.77"
        _ = await owner.post("/signout", [("csrf", (await owner.get("/account")).csrf ?? "")])
        let signedIn = await signIn(owner)
        #expect(signedIn.status == 303 && signedIn.header("location") == "/account")
        #expect(await owner.get("/account").status == 200)
    }

    /// The known browser has a small limit of its own: wrong passwords from it stop after ten,
    /// without counting against the account (strangers' count and the owner's are separate).
    @Test func aKnownBrowserHasItsOwnSmallLimit() async throws {
        let fixture = try fixture()
        let owner = client(fixture, from: "192.0.2.1")
        _ = await owner.submit("/signup", [
            ("name", "Taro"), ("email", "taro@example.com"), ("password", Self.password), ("password-confirmation", Self.password),
        ])
        _ = await owner.post("/signout", [("csrf", (await owner.get("/account")).csrf ?? "")])
        var statuses: [Int] = []
        for guess in 0..<11 {
            owner.peerAddress = "203.0.113.\(guess + 1)"  // a new address each time: only the device limit applies
            statuses.append(await signIn(owner, password: "wrong \(guess)").status)
        }
        #expect(statuses == Array(repeating: 422, count: 10) + [429])
        let store = try AccountStore(location: fixture.configuration.database)
        #expect(try store.failedSignIns(accountID: 1) == 0)
        // The right password is refused too until the device's limit drains.
        #expect(await signIn(owner).status == 429)
        // Another browser is unaffected.
        #expect(await signIn(client(fixture, from: "203.0.113.200")).status == 303)
    }

    static func account(id: Int64, createdAt: Int64 = 1000, validSince: Int64? = nil) -> Account {
        Account(
            id: id, uid: "u\(id)", email: "taro@example.com", displayName: "Taro", nameKey: "taro", createdAt: createdAt, verifiedAt: nil,
            disabledAt: nil, validSince: validSince, isAnonymous: false, customClaims: nil)
    }

    /// A device cookie is bound to its address and to the account's credentials as they were: copied
    /// to another account's address, it is an unknown browser; tampered, it is nothing; after a
    /// password change (a new `valid_since`), or for a new account with the same address, it is
    /// authentic but no longer current.
    @Test func aDeviceCookieIsBoundToItsAccountAndItsCredentials() throws {
        let devices = KnownDevices(secret: Array(repeating: 9, count: 32))
        let account = Self.account(id: 1)
        let taro = devices.cookie(adding: account, accountKey: "key-of-taro", to: nil)
        let device = try #require(devices.device(in: taro, accountKey: "key-of-taro"))
        #expect(devices.isCurrent(device, for: account))
        #expect(devices.device(in: taro, accountKey: "key-of-hanako") == nil)
        #expect(!devices.isCurrent(device, for: Self.account(id: 1, validSince: 2000)), "a password change leaves it current")
        #expect(!devices.isCurrent(device, for: Self.account(id: 7, createdAt: 3000)), "a new account with the address inherits it")
        let both = devices.cookie(adding: Self.account(id: 2), accountKey: "key-of-hanako", to: taro)
        #expect(devices.device(in: both, accountKey: "key-of-taro") == device)
        #expect(devices.device(in: both, accountKey: "key-of-hanako") != nil)
        // Signing in again after the change keeps the browser's id and takes the new credentials.
        let changed = Self.account(id: 1, validSince: 2000)
        let renewed = try #require(devices.device(in: devices.cookie(adding: changed, accountKey: "key-of-taro", to: taro), accountKey: "key-of-taro"))
        #expect(renewed.id == device.id && devices.isCurrent(renewed, for: changed))
        var tampered = Array(taro.utf8)
        tampered[30] = tampered[30] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(devices.device(in: String(decoding: tampered, as: UTF8.self), accountKey: "key-of-taro") == nil)
        let other = KnownDevices(secret: Array(repeating: 8, count: 32))
        #expect(other.device(in: taro, accountKey: "key-of-taro") == nil)
        // At most four accounts per browser, the newest first.
        var many: String?
        for index in 0..<6 { many = devices.cookie(adding: Self.account(id: Int64(index)), accountKey: "key-\(index)", to: many) }
        #expect(many!.split(separator: "~").count == KnownDevices.maximumEntries)
        #expect(devices.device(in: many, accountKey: "key-5") != nil && devices.device(in: many, accountKey: "key-0") == nil)
    }
}
