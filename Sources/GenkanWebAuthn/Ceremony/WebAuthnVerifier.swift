/// Checks WebAuthn ceremonies for one relying party (W3C Web Authentication Level 3 §7): a
/// registration (`navigator.credentials.create`) and an assertion (`navigator.credentials.get`).
///
/// The verifier keeps no state: challenges are the caller's to issue (`Challenge.random()`),
/// store where every server sees them, and pass in exactly once; credentials are the caller's to
/// store and look up by id. Every refusal is a `WebAuthnFailure` with its own reason.
///
/// ```swift
/// let party = try RelyingParty(url: "https://example.com", name: "Example")
/// let verifier = WebAuthnVerifier(relyingParty: party)
/// let credential = try verifier.verifyRegistration(RegistrationResponse(json: body), expectedChallenge: challenge)
/// // store credential.id, credential.publicKey.bytes, signCount, backupEligible, backedUp
/// ```
public struct WebAuthnVerifier: Sendable {
    public let relyingParty: RelyingParty
    public let policy: WebAuthnPolicy

    public init(relyingParty: RelyingParty, policy: WebAuthnPolicy = WebAuthnPolicy()) {
        self.relyingParty = relyingParty
        self.policy = policy
    }

    /// The checks registration and assertion share on `clientDataJSON` (§7.1 steps 7–10, §7.2
    /// steps 10–13): type, challenge (in constant time), origin, and no cross-origin call.
    func checkClientData(_ bytes: [UInt8], type: String, expectedChallenge: [UInt8]) throws(WebAuthnFailure) -> ClientData {
        let clientData = try ClientData(bytes: bytes, limits: policy.limits)
        guard clientData.type == type else {
            throw WebAuthnFailure(.wrongType, "clientDataJSON.type is \(clientData.type.prefix(40)), not \(type)")
        }
        guard !expectedChallenge.isEmpty, Sodium.constantTimeEqual(clientData.challenge, expectedChallenge) else {
            throw WebAuthnFailure(.challengeMismatch, "the challenge is not the one issued for this ceremony")
        }
        guard clientData.origin == relyingParty.origin else {
            throw WebAuthnFailure(.originMismatch, "origin \(clientData.origin.prefix(200)), expected \(relyingParty.origin)")
        }
        guard !clientData.crossOrigin || policy.allowCrossOrigin else {
            throw WebAuthnFailure(.crossOrigin, "the ceremony ran in a cross-origin frame")
        }
        return clientData
    }

    /// The checks registration and assertion share on authenticator data (§7.1 steps 13–15,
    /// §7.2 steps 15–17): the RP ID hash (in constant time), user presence, user verification.
    func checkAuthenticatorData(_ data: AuthenticatorData) throws(WebAuthnFailure) {
        guard Sodium.constantTimeEqual(data.rpIDHash, relyingParty.idHash) else {
            throw WebAuthnFailure(.rpIDHashMismatch, "rpIdHash is not SHA-256 of \(relyingParty.id)")
        }
        guard data.userPresent else { throw WebAuthnFailure(.userNotPresent, "the UP flag is not set") }
        if policy.userVerification == .required && !data.userVerified {
            throw WebAuthnFailure(.userNotVerified, "user verification is required and the UV flag is not set")
        }
    }
}
