import GenkanWebAuthn
import Testing

/// Recorded ceremonies: each accepted or refused with the reason the fixture names, and with the
/// same verdict as py_webauthn except where the fixture says why not.
@Suite struct CeremonyTests {
    @Test func theFixtureCoversEveryCase() {
        #expect(Ceremonies.all.count >= 50)
        let codes = Set(Ceremonies.all.map(\.expect))
        for reason: WebAuthnFailure.Reason in [
            .originMismatch, .rpIDHashMismatch, .challengeMismatch, .wrongType, .userNotPresent, .userNotVerified,
            .signatureInvalid, .counterNotIncreased, .unsupportedAlgorithm, .malformedCBOR, .truncated,
        ] {
            #expect(codes.contains(reason.rawValue), "no recorded ceremony is refused with \(reason.rawValue)")
        }
    }

    @Test(arguments: Ceremonies.all)
    func verdict(_ ceremony: Ceremony) throws {
        let outcome = try ceremony.run()
        switch outcome {
        case .refused(let reason): #expect(reason.rawValue == ceremony.expect, "\(ceremony.name)")
        case .registered: #expect(ceremony.expect == "ok", "\(ceremony.name) was accepted")
        case .asserted(let result):
            #expect(ceremony.expect == (result.counterAnomaly == nil ? "ok" : "anomaly"), "\(ceremony.name) was accepted")
        }
        if ceremony.referenceDiffers == nil {
            #expect(outcome.verdict == ceremony.reference, "\(ceremony.name): Genkan and py_webauthn disagree")
        } else {
            #expect(outcome.verdict != ceremony.reference, "\(ceremony.name) is marked as differing from py_webauthn, yet agrees")
        }
    }

    /// What an accepted registration returns is what the authenticator put in it.
    @Test(arguments: Ceremonies.all.filter { $0.isRegistration && $0.expect == "ok" })
    func registeredCredential(_ ceremony: Ceremony) throws {
        guard case .registered(let credential) = try ceremony.run() else {
            Issue.record("\(ceremony.name) was refused")
            return
        }
        let built = ceremony.built
        #expect(credential.id == Ceremonies.bytes(built[member: "credentialId"]))
        #expect(credential.publicKey.bytes == Ceremonies.bytes(built[member: "publicKey"]))
        #expect(credential.publicKey.algorithm.rawValue == built[member: "alg"]?.integerValue)
        #expect(Int(credential.signCount) == built[member: "signCount"]?.integerValue)
        #expect(credential.aaguid.bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
            == built[member: "aaguid"]?.stringValue)
        let flags = built[member: "flags"]!.integerValue!
        #expect(credential.backupEligible == (flags & 0x08 != 0))
        #expect(credential.backedUp == (flags & 0x10 != 0))
        #expect(credential.userVerified == (flags & 0x04 != 0))
        #expect(credential.transports == ["internal", "hybrid"])
        // The stored key reads back as the same key.
        #expect(try COSEKey(bytes: credential.publicKey.bytes) == credential.publicKey)
    }

    @Test func aRegisteredCredentialSignsInWithItsStoredRecord() throws {
        let registration = Ceremonies.named("registration-ed25519")
        guard case .registered(let credential) = try registration.run() else {
            Issue.record("the registration was refused")
            return
        }
        let record = StoredCredential(credential, userHandle: Array("taro".utf8))
        #expect(record.publicKey == credential.publicKey.bytes)
        #expect(record.signCount == 0 && record.backupEligible == false)
        #expect(try COSEKey(bytes: record.publicKey).material == credential.publicKey.material)
    }

    @Test func aSyncedCredentialsCounterGoingBackIsReportedNotRefused() throws {
        guard case .asserted(let result) = try Ceremonies.named("assertion-counter-backwards-synced").run() else {
            Issue.record("refused")
            return
        }
        #expect(result.counterAnomaly == CounterAnomaly(stored: 10, received: 5))
        #expect(result.signCount == 10, "the stored counter is kept, not lowered")
        #expect(result.backupEligible && result.backedUp)
    }

    @Test func anAcceptedAssertionReturnsWhatToStore() throws {
        guard case .asserted(let result) = try Ceremonies.named("assertion-counter-increases").run() else {
            Issue.record("refused")
            return
        }
        #expect(result.signCount == 11)
        #expect(result.counterAnomaly == nil)
        #expect(result.userVerified)
        #expect(!result.backupEligible && !result.backedUp)
        #expect(result.userHandle != nil)
    }

    @Test func theSameResponseFailsAgainstAnotherChallenge() throws {
        let ceremony = Ceremonies.named("assertion-es256")
        let verifier = try ceremony.verifier
        let response = try AssertionResponse(json: ceremony.responseJSON)
        _ = try verifier.verifyAssertion(response, expectedChallenge: ceremony.challenge, credential: ceremony.stored!)
        let next = Challenge.random()
        #expect(next.count == 32 && next != ceremony.challenge)
        #expect(throws: WebAuthnFailure.self) {
            try verifier.verifyAssertion(response, expectedChallenge: next, credential: ceremony.stored!)
        }
        #expect(throws: WebAuthnFailure.self) { try verifier.verifyAssertion(response, expectedChallenge: [], credential: ceremony.stored!) }
    }

    @Test func anAssertionForAnotherCredentialIsRefused() throws {
        let ceremony = Ceremonies.named("assertion-es256")
        var stored = ceremony.stored!
        stored.id = Array(stored.id.reversed())
        let response = try AssertionResponse(json: ceremony.responseJSON)
        let failure = try #require(throws: WebAuthnFailure.self) {
            try ceremony.verifier.verifyAssertion(response, expectedChallenge: ceremony.challenge, credential: stored)
        }
        #expect(failure.reason == .credentialMismatch)
    }
}
