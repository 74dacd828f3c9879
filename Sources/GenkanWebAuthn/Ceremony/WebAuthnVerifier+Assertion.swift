extension WebAuthnVerifier {
    /// Checks an assertion (WebAuthn Level 3 §7.2) against the stored credential its id names.
    ///
    /// - Parameters:
    ///   - response: what `navigator.credentials.get` returned.
    ///   - expectedChallenge: the challenge issued for this ceremony (spent by the caller now).
    ///   - credential: the stored credential whose id is `response.credentialID`.
    /// - Returns: the counter and backup state to store, and a counter anomaly to log, if any.
    /// - Throws: a `WebAuthnFailure`: `.credentialMismatch`, the response's structure,
    ///   `.wrongType`, `.challengeMismatch`, `.originMismatch`, `.crossOrigin`,
    ///   `.rpIDHashMismatch`, `.userNotPresent`, `.userNotVerified`,
    ///   `.attestedCredentialDataMismatch`, `.backupEligibilityChanged`, `.signatureInvalid`,
    ///   `.counterNotIncreased`.
    public func verifyAssertion(_ response: AssertionResponse, expectedChallenge: [UInt8], credential: StoredCredential)
        throws(WebAuthnFailure) -> AssertionResult
    {
        guard response.credentialID == credential.id else {
            throw WebAuthnFailure(.credentialMismatch, "the assertion names another credential than the stored one")
        }
        if let stored = credential.userHandle, let returned = response.userHandle, stored != returned {
            throw WebAuthnFailure(.credentialMismatch, "the user handle is not the one the credential was registered for")
        }
        guard response.userHandle.map({ $0.count <= policy.limits.userHandle }) ?? true else {
            throw WebAuthnFailure(.inputTooLarge, "a user handle over \(policy.limits.userHandle) bytes")
        }
        guard response.signature.count <= policy.limits.signature else {
            throw WebAuthnFailure(.inputTooLarge, "a signature of \(response.signature.count) bytes")
        }
        let clientData = try checkClientData(response.clientDataJSON, type: "webauthn.get", expectedChallenge: expectedChallenge)
        guard response.authenticatorData.count <= policy.limits.authenticatorData else {
            throw WebAuthnFailure(.inputTooLarge, "authenticator data of \(response.authenticatorData.count) bytes")
        }
        let data = try AuthenticatorData(bytes: response.authenticatorData, limits: policy.limits)
        try checkAuthenticatorData(data)
        guard data.attestedCredentialData == nil else {
            throw WebAuthnFailure(.attestedCredentialDataMismatch, "an assertion with attested credential data (AT)")
        }
        // §7.2 step 18 (Level 3): BE is fixed when a credential is made; a change means another credential.
        guard data.backupEligible == credential.backupEligible else {
            throw WebAuthnFailure(.backupEligibilityChanged, "BE is \(data.backupEligible), registered as \(credential.backupEligible)")
        }
        let key = try COSEKey(bytes: credential.publicKey, limits: policy.limits)
        try key.verify(signature: response.signature, over: data.bytes + clientData.hash)

        // §7.2 step 22: a counter that is not greater, when either is non-zero, signals a clone.
        var signCount = data.signCount
        var anomaly: CounterAnomaly?
        if (data.signCount != 0 || credential.signCount != 0) && data.signCount <= credential.signCount {
            guard credential.backupEligible else {
                throw WebAuthnFailure(
                    .counterNotIncreased,
                    "the signature counter went from \(credential.signCount) to \(data.signCount) on a device-bound credential")
            }
            anomaly = CounterAnomaly(stored: credential.signCount, received: data.signCount)
            signCount = credential.signCount
        }
        return AssertionResult(
            credentialID: credential.id, signCount: signCount, counterAnomaly: anomaly, userVerified: data.userVerified,
            backupEligible: data.backupEligible, backedUp: data.backedUp, userHandle: response.userHandle)
    }
}
