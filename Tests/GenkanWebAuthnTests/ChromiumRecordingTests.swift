import GenkanJSON
import Foundation
import GenkanWebAuthn
import Testing

/// Ceremonies recorded from Debian's Chromium with a WebDriver virtual authenticator (CTAP2,
/// internal, resident keys, user verification) by `scripts/fixtures/record-webauthn-chromium.py`:
/// a real browser's bytes, which py_webauthn accepted when they were recorded.
@Suite struct ChromiumRecordingTests {
    static let recording: JSONValue = {
        guard let url = Bundle.module.url(forResource: "chromium-ceremonies", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url), let document = JSONReader.value(Array(data))
        else { fatalError("Fixtures/chromium-ceremonies.json is missing; run scripts/fixtures/record-webauthn-chromium.py") }
        return document
    }()

    let rp = Self.recording[member: "rp"]!
    var verifier: WebAuthnVerifier {
        get throws {
            var policy = WebAuthnPolicy()
            policy.timeoutMilliseconds = 60_000
            return WebAuthnVerifier(
                relyingParty: try RelyingParty(url: rp[member: "origin"]!.stringValue!, name: rp[member: "name"]!.stringValue!),
                policy: policy)
        }
    }

    func registered() throws -> RegisteredCredential {
        let registration = Self.recording[member: "registration"]!
        return try verifier.verifyRegistration(
            RegistrationResponse(json: registration[member: "response"]!.serializedBytes()),
            expectedChallenge: Ceremonies.bytes(registration[member: "challenge"]))
    }

    func assertion(_ index: Int) throws -> (AssertionResponse, [UInt8]) {
        let recorded = Self.recording[member: "assertions"]!.arrayValue![index]
        return (try AssertionResponse(json: recorded[member: "response"]!.serializedBytes()), Ceremonies.bytes(recorded[member: "challenge"]))
    }

    @Test func theRegistrationIsAccepted() throws {
        let credential = try registered()
        #expect(credential.id == Ceremonies.bytes(Self.recording[member: "credentialId"]))
        #expect(credential.publicKey.bytes == Ceremonies.bytes(Self.recording[member: "publicKey"]))
        #expect(credential.publicKey.algorithm == .es256, "the first algorithm offered that the authenticator supports")
        #expect(credential.aaguid.description == Self.recording[member: "aaguid"]?.stringValue)
        #expect(Int(credential.signCount) == Self.recording[member: "registrationSignCount"]?.integerValue)
        #expect(credential.userVerified && !credential.backupEligible && !credential.backedUp)
        #expect(credential.attestationFormat == "none")
        #expect(credential.transports.contains("internal"))
    }

    @Test func bothSignInsAreAcceptedAndTheCounterRises() throws {
        let credential = try registered()
        var stored = StoredCredential(credential, userHandle: Ceremonies.bytes(Self.recording[member: "userHandle"]))
        for index in 0..<2 {
            let (response, challenge) = try assertion(index)
            #expect(response.userHandle == stored.userHandle, "a discoverable credential returns its user handle")
            let result = try verifier.verifyAssertion(response, expectedChallenge: challenge, credential: stored)
            let expected = Self.recording[member: "assertions"]!.arrayValue![index][member: "signCount"]?.integerValue
            #expect(Int(result.signCount) == expected)
            #expect(result.counterAnomaly == nil && result.userVerified)
            stored.signCount = result.signCount
        }
        // The first sign-in again, now that the counter is past it: refused for a device-bound credential.
        let (first, challenge) = try assertion(0)
        let failure = try #require(throws: WebAuthnFailure.self) {
            try verifier.verifyAssertion(first, expectedChallenge: challenge, credential: stored)
        }
        #expect(failure.reason == .counterNotIncreased)
    }

    @Test func aSignInAgainstAnotherCeremonysChallengeIsRefused() throws {
        let stored = StoredCredential(try registered(), userHandle: nil)
        let (second, _) = try assertion(1)
        let (_, firstChallenge) = try assertion(0)
        let failure = try #require(throws: WebAuthnFailure.self) {
            try verifier.verifyAssertion(second, expectedChallenge: firstChallenge, credential: stored)
        }
        #expect(failure.reason == .challengeMismatch)
    }

    @Test func anotherOriginOrRPIDRefusesTheRecording() throws {
        let registration = Self.recording[member: "registration"]!
        let response = try RegistrationResponse(json: registration[member: "response"]!.serializedBytes())
        let challenge = Ceremonies.bytes(registration[member: "challenge"])
        let otherPort = WebAuthnVerifier(relyingParty: try RelyingParty(url: "http://localhost:1", name: "Genkan"))
        #expect(throws: WebAuthnFailure(.originMismatch, "origin \(rp[member: "origin"]!.stringValue!), expected http://localhost:1")) {
            try otherPort.verifyRegistration(response, expectedChallenge: challenge)
        }
        let origin = rp[member: "origin"]!.stringValue!.replacingOccurrences(of: "localhost", with: "genkan.localhost")
        let otherID = WebAuthnVerifier(relyingParty: try RelyingParty(url: origin, name: "Genkan"))
        let failure = try #require(throws: WebAuthnFailure.self) { try otherID.verifyRegistration(response, expectedChallenge: challenge) }
        #expect(failure.reason == .originMismatch)
    }

    /// The options the browser accepted are the ones Genkan writes for the same user and challenge.
    @Test func genkansOptionsAreTheOnesTheBrowserAccepted() throws {
        let registration = Self.recording[member: "registration"]!
        let recorded = registration[member: "options"]!
        let user = recorded[member: "user"]!
        let options = try verifier.registrationOptions(
            user: UserEntity(
                id: Ceremonies.bytes(user[member: "id"]), name: user[member: "name"]!.stringValue!,
                displayName: user[member: "displayName"]!.stringValue!),
            challenge: Ceremonies.bytes(registration[member: "challenge"]))
        #expect(options == recorded)
        let request = Self.recording[member: "assertions"]!.arrayValue![0][member: "options"]!
        #expect(try verifier.authenticationOptions(challenge: Ceremonies.bytes(request[member: "challenge"])) == request)
    }
}
