import Testing
@testable import GenkanStore

/// What every `Storage` must do with passkeys, user handles and ceremony challenges.
@Suite struct PasskeyStorageConformanceTests {
    let clock = ManualClock()

    func passkey(_ account: Int64, _ credential: UInt8, name: String = "Key", at time: Int64) -> Passkey {
        Passkey(
            accountID: account, credentialID: [credential, 1, 2, 3], publicKey: [0xA5, credential], signCount: 7, backupEligible: true,
            backedUp: false, aaguid: [UInt8](repeating: credential, count: 16), transports: ["internal", "hybrid"], name: name,
            createdAt: time)
    }

    func challenge(_ ceremony: PasskeyCeremony, binding: String, account: Int64? = nil, expiresIn: Int64 = 300) -> PasskeyChallenge {
        PasskeyChallenge(
            ceremony: ceremony, bindingHash: Secret.sha256(Array(binding.utf8)), accountID: account, createdAt: clock.now,
            expiresAt: clock.now + expiresIn)
    }

    @Test(arguments: StoreKind.available) func userHandlesAreOnePerAccountAndUnique(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        let hanako = try store.createAccount(NewAccount(email: "hanako@example.com", displayName: "H", nameKey: "h", passwordHash: "$x"))
        #expect(try store.storage.userHandle(accountID: taro.id) == nil)
        try store.storage.insertUserHandle(accountID: taro.id, [1, 2, 3])
        #expect(try store.storage.userHandle(accountID: taro.id) == [1, 2, 3])
        #expect(throws: StoreError.self) { try store.storage.insertUserHandle(accountID: taro.id, [9]) }
        #expect(throws: StoreError.self) { try store.storage.insertUserHandle(accountID: hanako.id, [1, 2, 3]) }
        #expect(try store.storage.userHandle(accountID: hanako.id) == nil)
        // Made once, then the same.
        let made = try store.passkeyUserHandle(accountID: hanako.id)
        #expect(made.count == 32)
        #expect(try store.passkeyUserHandle(accountID: hanako.id) == made)
        try store.storage.deleteUserHandle(accountID: taro.id)
        #expect(try store.storage.userHandle(accountID: taro.id) == nil)
    }

    @Test(arguments: StoreKind.available) func passkeysAreStoredListedRenamedUsedAndRemoved(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        let hanako = try store.createAccount(NewAccount(email: "hanako@example.com", displayName: "H", nameKey: "h", passwordHash: nil))
        try store.storage.insertUserHandle(accountID: taro.id, [4, 4])
        let first = try store.storage.insertPasskey(passkey(taro.id, 1, name: "電話", at: clock.now))
        clock.advance(by: 10)
        let second = try store.storage.insertPasskey(passkey(taro.id, 2, at: clock.now))
        #expect(first != second && first > 0)
        // A credential id is unique across every account; an unknown account is refused.
        #expect(throws: StoreError.self) { try store.storage.insertPasskey(passkey(hanako.id, 1, at: clock.now)) }
        #expect(throws: StoreError.self) { try store.storage.insertPasskey(passkey(999_999, 5, at: clock.now)) }
        let listed = try store.storage.passkeys(accountID: taro.id)
        #expect(listed.map(\.id) == [first, second])
        #expect(listed[0].name == "電話" && listed[0].credentialID == [1, 1, 2, 3] && listed[0].publicKey == [0xA5, 1])
        #expect(listed[0].signCount == 7 && listed[0].backupEligible && !listed[0].backedUp && !listed[0].isDeviceBound)
        #expect(listed[0].aaguid == [UInt8](repeating: 1, count: 16) && listed[0].transports == ["internal", "hybrid"])
        #expect(listed[0].createdAt == clock.now - 10 && listed[0].lastUsedAt == nil && listed[0].accountID == taro.id)
        #expect(try store.storage.passkeys(accountID: hanako.id).isEmpty)

        let found = try #require(try store.storage.passkey(credentialID: [2, 1, 2, 3]))
        #expect(found.passkey.id == second && found.userHandle == [4, 4] && found.account.account.id == taro.id)
        #expect(try store.storage.passkey(credentialID: [3, 1, 2, 3]) == nil)

        clock.advance(by: 5)
        #expect(try store.storage.setPasskeyUsed(id: second, signCount: 4_294_967_295, backedUp: true, at: clock.now))
        let used = try #require(try store.storage.passkeys(accountID: taro.id).last)
        #expect(used.signCount == 4_294_967_295 && used.backedUp && used.lastUsedAt == clock.now)
        #expect(try !store.storage.setPasskeyUsed(id: 999_999, signCount: 1, backedUp: false, at: clock.now))

        // Renaming and removing act on the account's own passkeys only.
        #expect(try !store.storage.setPasskeyName(accountID: hanako.id, id: first, "Stolen"))
        #expect(try store.storage.setPasskeyName(accountID: taro.id, id: first, "Laptop"))
        #expect(try store.storage.passkeys(accountID: taro.id)[0].name == "Laptop")
        #expect(try !store.storage.deletePasskey(accountID: hanako.id, id: first))
        #expect(try store.storage.deletePasskey(accountID: taro.id, id: first))
        #expect(try !store.storage.deletePasskey(accountID: taro.id, id: first))
        #expect(try store.storage.passkeys(accountID: taro.id).map(\.id) == [second])
        // Ids are never reused.
        let third = try store.storage.insertPasskey(passkey(taro.id, 1, at: clock.now))
        #expect(third > second)
        #expect(try store.storage.deletePasskeys(accountID: taro.id) == 2)
        #expect(try store.storage.passkeys(accountID: taro.id).isEmpty)
    }

    @Test(arguments: StoreKind.available) func deletingAnAccountTakesItsPasskeysHandleAndChallenges(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        _ = try store.passkeyUserHandle(accountID: taro.id)
        try store.storage.insertPasskey(passkey(taro.id, 1, at: clock.now))
        let issued = try store.issuePasskeyChallenge(.registration, binding: "session:x", accountID: taro.id)
        _ = try store.deleteAccount(id: taro.id)
        #expect(try store.storage.passkey(credentialID: [1, 1, 2, 3]) == nil)
        #expect(try store.storage.userHandle(accountID: taro.id) == nil)
        #expect(try store.storage.takePasskeyChallenge(key: Secret.sha256(issued)) == nil)
    }

    @Test(arguments: StoreKind.available) func aChallengeIsTakenOnceByOneConnection(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let key = Secret.sha256([1, 2, 3])
        let stored = challenge(.signIn, binding: "pre:abc")
        try store.storage.insertPasskeyChallenge(key: key, stored, keepingPerBinding: 4, now: clock.now)
        #expect(throws: StoreError.self) { try store.storage.insertPasskeyChallenge(key: key, stored, keepingPerBinding: 4, now: clock.now) }
        let taken = Outcomes<PasskeyChallenge>()
        runTogether(6) { _ in
            if let connection = try? database.connect(clock: self.clock), let found = try? connection.storage.takePasskeyChallenge(key: key) {
                taken.append(found)
            }
        }
        #expect(taken.all == [stored])
        #expect(try store.storage.takePasskeyChallenge(key: key) == nil)
    }

    @Test(arguments: StoreKind.available) func aBindingKeepsItsNewestChallengesAndExpiredOnesGo(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        for index in 0..<5 {
            try store.storage.insertPasskeyChallenge(
                key: Secret.sha256([UInt8(index)]), challenge(.signIn, binding: "pre:a"), keepingPerBinding: 3, now: clock.now)
        }
        let other = challenge(.reauthentication, binding: "session:b", account: taro.id, expiresIn: 10)
        try store.storage.insertPasskeyChallenge(key: Secret.sha256([99]), other, keepingPerBinding: 3, now: clock.now)
        // The two oldest of "pre:a" went; the newest three and the other binding's stay.
        #expect(try store.storage.takePasskeyChallenge(key: Secret.sha256([0])) == nil)
        #expect(try store.storage.takePasskeyChallenge(key: Secret.sha256([1])) == nil)
        #expect(try store.storage.takePasskeyChallenge(key: Secret.sha256([2]))?.ceremony == .signIn)
        let kept = try #require(try store.storage.takePasskeyChallenge(key: Secret.sha256([99])))
        #expect(kept == other && kept.accountID == taro.id)
        try store.storage.insertPasskeyChallenge(key: Secret.sha256([99]), other, keepingPerBinding: 3, now: clock.now)
        // Any insert sweeps what expired.
        clock.advance(by: 10)
        try store.storage.insertPasskeyChallenge(
            key: Secret.sha256([50]), challenge(.signIn, binding: "pre:c"), keepingPerBinding: 3, now: clock.now)
        #expect(try store.storage.takePasskeyChallenge(key: Secret.sha256([99])) == nil)
        #expect(try store.storage.takePasskeyChallenge(key: Secret.sha256([3])) != nil)
        // An account's challenges go with deletePasskeyChallenges.
        try store.storage.insertPasskeyChallenge(
            key: Secret.sha256([60]), challenge(.registration, binding: "session:b", account: taro.id), keepingPerBinding: 3, now: clock.now)
        try store.storage.deletePasskeyChallenges(accountID: taro.id)
        #expect(try store.storage.takePasskeyChallenge(key: Secret.sha256([60])) == nil)
        #expect(try store.storage.takePasskeyChallenge(key: Secret.sha256([4])) != nil)
    }

    @Test(arguments: StoreKind.available) func takingAChallengeChecksCeremonyBindingAccountAndExpiry(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        func clientData(_ challenge: [UInt8]) -> [UInt8] {
            Array("{\"type\":\"webauthn.get\",\"challenge\":\"\(Base64URLText.encode(challenge))\",\"origin\":\"http://localhost\"}".utf8)
        }
        let good = try store.issuePasskeyChallenge(.signIn, binding: "pre:a")
        #expect(try store.takePasskeyChallenge(clientDataJSON: clientData(good), ceremony: .signIn, binding: "pre:a") == good)
        #expect(try store.takePasskeyChallenge(clientDataJSON: clientData(good), ceremony: .signIn, binding: "pre:a") == nil)
        // Another browser's, another ceremony's, another account's: refused, and spent all the same.
        let wrongBinding = try store.issuePasskeyChallenge(.signIn, binding: "pre:a")
        #expect(try store.takePasskeyChallenge(clientDataJSON: clientData(wrongBinding), ceremony: .signIn, binding: "pre:b") == nil)
        #expect(try store.takePasskeyChallenge(clientDataJSON: clientData(wrongBinding), ceremony: .signIn, binding: "pre:a") == nil)
        let registration = try store.issuePasskeyChallenge(.registration, binding: "s", accountID: taro.id)
        #expect(try store.takePasskeyChallenge(clientDataJSON: clientData(registration), ceremony: .reauthentication, binding: "s", accountID: taro.id) == nil)
        let forTaro = try store.issuePasskeyChallenge(.registration, binding: "s", accountID: taro.id)
        #expect(try store.takePasskeyChallenge(clientDataJSON: clientData(forTaro), ceremony: .registration, binding: "s", accountID: taro.id + 1) == nil)
        let late = try store.issuePasskeyChallenge(.signIn, binding: "pre:a")
        clock.advance(by: AccountStore.passkeyChallengeLifetime)
        #expect(try store.takePasskeyChallenge(clientDataJSON: clientData(late), ceremony: .signIn, binding: "pre:a") == nil)
        // Not client data, or a challenge of the wrong length: nothing to take.
        #expect(try store.takePasskeyChallenge(clientDataJSON: Array("{".utf8), ceremony: .signIn, binding: "pre:a") == nil)
        #expect(try store.takePasskeyChallenge(clientDataJSON: clientData([1, 2, 3]), ceremony: .signIn, binding: "pre:a") == nil)
    }
}

/// base64url without padding, written out here so the test does not lean on the code it checks.
enum Base64URLText {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | (Int($1.element) << (16 - 8 * $1.offset)) }
            for position in 0...chunk.count { text.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return text
    }
}
