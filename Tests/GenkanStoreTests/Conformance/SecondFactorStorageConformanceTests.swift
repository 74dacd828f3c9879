import Testing
@testable import GenkanStore

/// What every `Storage` must do with second factors, recovery codes, pending second steps and
/// enrolments under way.
@Suite struct SecondFactorStorageConformanceTests {
    let clock = ManualClock()

    func factor(_ account: Int64, id: String = "e1", step: Int64? = nil) -> SecondFactor {
        SecondFactor(accountID: account, enrollmentID: id, sealedSecret: [1, 2, 3], displayName: "電話", enrolledAt: clock.now, lastUsedStep: step)
    }

    func accounts(_ store: AccountStore) throws -> (Int64, Int64) {
        let taro = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        let hanako = try store.createAccount(NewAccount(email: "hanako@example.com", displayName: "H", nameKey: "h", passwordHash: "$x"))
        return (taro.id, hanako.id)
    }

    @Test(arguments: StoreKind.available) func oneFactorPerAccountWithItsRecoveryCodes(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let (taro, hanako) = try accounts(store)
        #expect(try store.storage.secondFactor(accountID: taro) == nil)
        try store.storage.insertSecondFactor(factor(taro, step: 7), recoveryCodes: [[1], [2], [3]])
        #expect(try store.storage.secondFactor(accountID: taro) == factor(taro, step: 7))
        #expect(try store.storage.unusedRecoveryCodes(accountID: taro) == 3)
        // A second factor for the same account, an enrolment id taken, an unknown account: refused, nothing written.
        #expect(throws: StoreError.self) { try store.storage.insertSecondFactor(factor(taro, id: "e2"), recoveryCodes: [[9]]) }
        #expect(throws: StoreError.self) { try store.storage.insertSecondFactor(factor(hanako), recoveryCodes: [[9]]) }
        #expect(throws: StoreError.self) { try store.storage.insertSecondFactor(factor(999_999, id: "e3"), recoveryCodes: [[9]]) }
        #expect(try store.storage.secondFactor(accountID: hanako) == nil)
        #expect(try store.storage.unusedRecoveryCodes(accountID: taro) == 3)
        #expect(try store.storage.unusedRecoveryCodes(accountID: hanako) == 0)

        #expect(try store.storage.useRecoveryCode(accountID: taro, digest: [2], at: clock.now))
        #expect(try !store.storage.useRecoveryCode(accountID: taro, digest: [2], at: clock.now))
        #expect(try !store.storage.useRecoveryCode(accountID: hanako, digest: [1], at: clock.now))
        #expect(try store.storage.unusedRecoveryCodes(accountID: taro) == 2)
        try store.storage.replaceRecoveryCodes(accountID: taro, [[4], [5]])
        #expect(try !store.storage.useRecoveryCode(accountID: taro, digest: [1], at: clock.now))
        #expect(try store.storage.unusedRecoveryCodes(accountID: taro) == 2)

        #expect(try store.storage.deleteSecondFactor(accountID: taro))
        #expect(try !store.storage.deleteSecondFactor(accountID: taro))
        #expect(try store.storage.secondFactor(accountID: taro) == nil)
        #expect(try store.storage.unusedRecoveryCodes(accountID: taro) == 0)
    }

    /// A page of accounts listed in id order gets its factors in one read: those in the range only.
    @Test(arguments: StoreKind.available) func theFactorsOfARangeOfAccounts(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let (taro, hanako) = try accounts(store)
        let jiro = try store.createAccount(NewAccount(email: "jiro@example.com", displayName: "J", nameKey: "j", passwordHash: "$x")).id
        try store.storage.insertSecondFactor(factor(jiro, id: "ej"), recoveryCodes: [])
        try store.storage.insertSecondFactor(factor(taro, id: "et"), recoveryCodes: [])
        #expect(try store.storage.secondFactors(accountIDs: taro...jiro).map(\.enrollmentID) == ["et", "ej"])
        #expect(try store.storage.secondFactors(accountIDs: hanako...hanako).isEmpty)
        #expect(try store.storage.secondFactors(accountIDs: hanako...jiro).map(\.accountID) == [jiro])
        #expect(try store.storage.secondFactors(accountIDs: (jiro + 1)...(jiro + 100)).isEmpty)
    }

    @Test(arguments: StoreKind.available) func aStepIsRecordedOnlyForward(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let (taro, _) = try accounts(store)
        try store.storage.insertSecondFactor(factor(taro), recoveryCodes: [])
        #expect(try store.storage.recordTOTPStep(accountID: taro, step: 100, resealed: nil))
        #expect(try !store.storage.recordTOTPStep(accountID: taro, step: 100, resealed: nil))
        #expect(try !store.storage.recordTOTPStep(accountID: taro, step: 99, resealed: [9]))
        #expect(try store.storage.secondFactor(accountID: taro)?.sealedSecret == [1, 2, 3])
        #expect(try store.storage.recordTOTPStep(accountID: taro, step: 101, resealed: [9, 9]))
        let stored = try #require(try store.storage.secondFactor(accountID: taro))
        #expect(stored.lastUsedStep == 101 && stored.sealedSecret == [9, 9])
        #expect(try !store.storage.recordTOTPStep(accountID: 999_999, step: 1, resealed: nil))
    }

    /// Two servers accepting the same code, and the same recovery code, at once: one wins each.
    @Test(arguments: StoreKind.available) func aCodeIsSpentOnceAcrossConnections(kind: StoreKind) async throws {
        let database = try kind.freshDatabase()
        let setup = try database.connect(clock: clock)
        let (taro, _) = try accounts(setup)
        try setup.storage.insertSecondFactor(factor(taro), recoveryCodes: [[7]])
        let clock = self.clock
        let results = try await withThrowingTaskGroup(of: (Bool, Bool).self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let store = try database.connect(clock: clock)
                    let step = try store.transaction { () throws(StoreError) in
                        try store.storage.recordTOTPStep(accountID: taro, step: 500, resealed: nil)
                    }
                    let code = try store.transaction { () throws(StoreError) in
                        try store.storage.useRecoveryCode(accountID: taro, digest: [7], at: 1)
                    }
                    return (step, code)
                }
            }
            return try await group.reduce(into: [(Bool, Bool)]()) { $0.append($1) }
        }
        #expect(results.filter(\.0).count == 1)
        #expect(results.filter(\.1).count == 1)
    }

    @Test(arguments: StoreKind.available) func pendingStepsAreTakenOnceCountedAndSwept(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let (taro, hanako) = try accounts(store)
        let step = PendingSecondStep(
            accountID: taro, bindingHash: [5, 5], firstFactor: "password", returnTo: "/account/passkeys", createdAt: clock.now,
            expiresAt: clock.now + 300)
        try store.storage.insertPendingSecondStep(key: [1], step, now: clock.now)
        try store.storage.insertPendingSecondStep(
            key: [2], PendingSecondStep(accountID: hanako, bindingHash: [], firstFactor: "google.com", returnTo: nil, createdAt: clock.now, expiresAt: clock.now + 10),
            now: clock.now)
        #expect(try store.storage.pendingSecondStep(key: [1]) == step)
        #expect(try store.storage.countWrongCode(pendingKey: [1]) == 1)
        #expect(try store.storage.countWrongCode(pendingKey: [1]) == 2)
        #expect(try store.storage.countWrongCode(pendingKey: [9]) == nil)
        #expect(try store.storage.pendingSecondStep(key: [1])?.wrongCodes == 2)
        // Read whatever its expiry; swept by the next insert once expired.
        clock.advance(by: 20)
        #expect(try store.storage.pendingSecondStep(key: [2])?.firstFactor == "google.com")
        try store.storage.insertPendingSecondStep(key: [3], step, now: clock.now)
        #expect(try store.storage.pendingSecondStep(key: [2]) == nil)
        let taken = try #require(try store.storage.takePendingSecondStep(key: [1]))
        #expect(taken.returnTo == "/account/passkeys" && taken.wrongCodes == 2)
        #expect(try store.storage.takePendingSecondStep(key: [1]) == nil)
        try store.storage.deletePendingSecondSteps(accountID: taro)
        #expect(try store.storage.pendingSecondStep(key: [3]) == nil)
    }

    @Test(arguments: StoreKind.available) func oneEnrolmentUnderWayPerAccount(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let (taro, _) = try accounts(store)
        let first = TOTPEnrollment(accountID: taro, sealedSecret: [1], createdAt: clock.now, expiresAt: clock.now + 900)
        try store.storage.insertTOTPEnrollment(key: [1], first, now: clock.now)
        #expect(try store.storage.totpEnrollment(key: [1]) == first)
        let second = TOTPEnrollment(accountID: taro, sealedSecret: [2], createdAt: clock.now, expiresAt: clock.now + 900)
        try store.storage.insertTOTPEnrollment(key: [2], second, now: clock.now)
        #expect(try store.storage.totpEnrollment(key: [1]) == nil)
        #expect(try store.storage.totpEnrollment(key: [2]) == second)
        try store.storage.deleteTOTPEnrollment(accountID: taro)
        #expect(try store.storage.totpEnrollment(key: [2]) == nil)
    }

    @Test(arguments: StoreKind.available) func deletingTheAccountDeletesItAll(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: clock)
        let (taro, _) = try accounts(store)
        try store.storage.insertSecondFactor(factor(taro), recoveryCodes: [[1]])
        try store.storage.insertPendingSecondStep(
            key: [1], PendingSecondStep(accountID: taro, bindingHash: [], firstFactor: "password", returnTo: nil, createdAt: clock.now, expiresAt: clock.now + 300),
            now: clock.now)
        try store.storage.insertTOTPEnrollment(key: [2], TOTPEnrollment(accountID: taro, sealedSecret: [1], createdAt: clock.now, expiresAt: clock.now + 9), now: clock.now)
        try store.deleteAccount(id: taro)
        #expect(try store.storage.secondFactor(accountID: taro) == nil)
        #expect(try store.storage.unusedRecoveryCodes(accountID: taro) == 0)
        #expect(try store.storage.pendingSecondStep(key: [1]) == nil)
        #expect(try store.storage.totpEnrollment(key: [2]) == nil)
    }
}
