extension WebAuthnVerifier {
    /// Checks a registration (WebAuthn Level 3 §7.1) and returns the credential to store.
    ///
    /// - Parameters:
    ///   - response: what `navigator.credentials.create` returned.
    ///   - expectedChallenge: the challenge issued for this ceremony (and spent by the caller now,
    ///     whatever the outcome, so it never serves twice).
    /// - Throws: a `WebAuthnFailure`: the response's structure, `.wrongType`,
    ///   `.challengeMismatch`, `.originMismatch`, `.crossOrigin`, `.rpIDHashMismatch`,
    ///   `.userNotPresent`, `.userNotVerified`, `.attestedCredentialDataMismatch`,
    ///   `.credentialMismatch`, `.unsupportedAlgorithm`, the attestation statement's failures.
    public func verifyRegistration(_ response: RegistrationResponse, expectedChallenge: [UInt8]) throws(WebAuthnFailure)
        -> RegisteredCredential
    {
        let clientData = try checkClientData(response.clientDataJSON, type: "webauthn.create", expectedChallenge: expectedChallenge)
        let attestation = try AttestationObject(bytes: response.attestationObject, limits: policy.limits)
        let data = attestation.authenticatorData
        try checkAuthenticatorData(data)
        guard let credential = data.attestedCredentialData else {
            throw WebAuthnFailure(.attestedCredentialDataMismatch, "a registration without attested credential data (AT)")
        }
        guard response.credentialID.isEmpty || response.credentialID == credential.credentialID else {
            throw WebAuthnFailure(.credentialMismatch, "rawId is not the credential id in the authenticator data")
        }
        // §7.1 step 19: the key's algorithm must be one the options offered.
        guard policy.algorithms.contains(credential.publicKey.algorithm) else {
            throw WebAuthnFailure(.unsupportedAlgorithm, "\(credential.publicKey.algorithm) is not among the accepted algorithms")
        }
        try verifyStatement(of: attestation, clientDataHash: clientData.hash)
        return RegisteredCredential(
            id: credential.credentialID, publicKey: credential.publicKey, signCount: data.signCount, aaguid: credential.aaguid,
            backupEligible: data.backupEligible, backedUp: data.backedUp, userVerified: data.userVerified,
            transports: response.transports, attestationFormat: attestation.format)
    }

    /// Verifies the attestation statement (§8.7 "none", §8.2 "packed" self-attestation).
    ///
    /// Genkan asks for attestation "none", and browsers then send format "none"; a "packed"
    /// statement without a certificate (self-attestation) is checked with the credential's own
    /// key, and anything needing a trust chain (x5c, other formats) is refused as unsupported
    /// rather than accepted unchecked.
    private func verifyStatement(of attestation: AttestationObject, clientDataHash: [UInt8]) throws(WebAuthnFailure) {
        let statement = attestation.statement.mapEntries ?? []
        switch attestation.format {
        case "none":
            guard statement.isEmpty else {
                throw WebAuthnFailure(.invalidAttestationStatement, "format none with a non-empty statement")
            }
        case "packed":
            guard attestation.statement[text: "x5c"] == nil else {
                throw WebAuthnFailure(.unsupportedAttestationFormat, "packed attestation with a certificate chain (x5c)")
            }
            guard let key = attestation.authenticatorData.attestedCredentialData?.publicKey,
                let algorithm = attestation.statement[text: "alg"]?.integer,
                let signature = attestation.statement[text: "sig"]?.byteString, statement.count == 2
            else { throw WebAuthnFailure(.invalidAttestationStatement, "packed self-attestation is not exactly alg and sig") }
            guard algorithm == key.algorithm.rawValue else {
                throw WebAuthnFailure(.invalidAttestationStatement, "packed alg \(algorithm) is not the credential key's")
            }
            do {
                try key.verify(signature: signature, over: attestation.authenticatorData.bytes + clientDataHash)
            } catch where error.reason == .signatureInvalid {
                throw WebAuthnFailure(.invalidAttestationStatement, "the packed self-attestation signature does not verify")
            }
        default:
            throw WebAuthnFailure(.unsupportedAttestationFormat, "attestation format \(attestation.format.prefix(40))")
        }
    }
}
