import Testing
@testable import GenkanStore

/// What every `Storage` must do with one-time codes and reset requests.
@Suite struct CodeStorageConformanceTests {
    let clock = ManualClock()

    @Test(arguments: StoreKind.available) func aCodeIsUsedExactlyOnceAcrossConnections(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: self.clock)
        let taro = try createTaro(in: store)
        let issued = try store.issueCode(.resetPassword, accountID: taro.id)
        let outcomes = Outcomes<Bool>()
        runTogether(8) { _ in
            guard let connection = try? database.connect(clock: self.clock),
                let result = try? connection.consumeCode(issued.token, purpose: .resetPassword)
            else { return }
            outcomes.append((try? result.get()) != nil)
        }
        #expect(outcomes.all.count == 8 && outcomes.all.filter { $0 }.count == 1)
        #expect(try store.inspectCode(issued.token, purpose: .resetPassword) == .failure(.invalid))
    }

    @Test(arguments: StoreKind.available) func codesKeepTheirRowsAndOrder(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: self.clock)
        let taro = try createTaro(in: store)
        let first = try store.issueCode(.recoverEmail, accountID: taro.id, email: "old1@example.com")
        let second = try store.issueCode(.recoverEmail, accountID: taro.id, email: "old2@example.com")
        let third = try store.issueCode(.recoverEmail, accountID: taro.id, email: "old3@example.com")
        // Recovery codes are not one per purpose; a recovery voids those issued after it.
        let firstID = try #require(try store.storedCode(token: first.token)?.id)
        try store.deleteLaterRecoveryCodes(accountID: taro.id, after: firstID)
        #expect(try store.inspectCode(first.token, purpose: .recoverEmail).map(\.email) == .success("old1@example.com"))
        #expect(try store.inspectCode(second.token, purpose: .recoverEmail) == .failure(.invalid))
        #expect(try store.inspectCode(third.token, purpose: .recoverEmail) == .failure(.invalid))
        // A new code of another purpose ends the older unused one of that purpose only.
        let reset = try store.issueCode(.resetPassword, accountID: taro.id)
        let newer = try store.issueCode(.resetPassword, accountID: taro.id)
        #expect(try store.inspectCode(reset.token, purpose: .resetPassword) == .failure(.invalid))
        #expect(try store.inspectCode(newer.token, purpose: .resetPassword).map(\.purpose) == .success(.resetPassword))
        #expect(try store.inspectCode(first.token, purpose: .recoverEmail).map(\.purpose) == .success(.recoverEmail))
        // Expired codes go in the sweep, used or not.
        clock.advance(by: ActionCodePolicy.standard.recoverEmail)
        #expect(try store.deleteExpiredCodes() == 2)
        #expect(try store.storedCode(token: first.token) == nil)
        // A code for no account is refused.
        #expect(throws: StoreError.self) { _ = try store.issueCode(.verifyEmail, accountID: taro.id + 99) }
    }

    @Test(arguments: StoreKind.available) func resetRequestsAreTakenOnceInOrder(kind: StoreKind) throws {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: self.clock)
        let ids = try ["a@example.com", "B@example.com", "c@example.com"].map { email throws(StoreError) in
            try store.recordResetRequest(email: email, locale: "ja")
        }
        let pending = try store.pendingResetRequests()
        #expect(pending.map(\.id) == ids && pending.map(\.email) == ["a@example.com", "B@example.com", "c@example.com"])
        #expect(pending.allSatisfy { $0.locale == "ja" && $0.createdAt == clock.now })
        let taken = Outcomes<Bool>()
        runTogether(6) { _ in
            if let connection = try? database.connect(clock: self.clock), let deleted = try? connection.deleteResetRequest(id: ids[0]) {
                taken.append(deleted)
            }
        }
        #expect(taken.all.filter { $0 }.count == 1)
        #expect(try store.storage.deleteResetRequests(emailKey: "b@example.com") == 1)
        #expect(try store.pendingResetRequests().map(\.id) == [ids[2]])
    }
}
