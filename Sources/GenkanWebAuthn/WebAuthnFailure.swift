/// Why a WebAuthn response, or the relying party's own settings, was refused: a reason with a
/// stable code, and a detail for the operator's log.
///
/// Every check of a ceremony fails with its own reason, so a caller can count and log them
/// apart (a counter that went backwards is a security event; a cancelled prompt is not an
/// attack). The detail names what was found (never a secret: challenges and keys are not
/// quoted); a page shows the visitor a message chosen by `code`, not the detail.
public struct WebAuthnFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed. The raw value is the stable code.
    public enum Reason: String, Sendable, CaseIterable {
        // Sizes and encodings
        /// An input is longer than `WebAuthnLimits` allows.
        case inputTooLarge = "webauthn.input-too-large"
        /// The input ends before the structure it starts (CBOR, authenticator data, a key).
        case truncated = "webauthn.truncated"
        /// Bytes that are not well-formed CBOR, or CBOR WebAuthn never writes (indefinite
        /// lengths, a map key given twice, bytes after the item).
        case malformedCBOR = "webauthn.malformed-cbor"
        /// CBOR collections nested deeper, or more items, than `WebAuthnLimits` allows.
        case nestingTooDeep = "webauthn.nesting-too-deep"
        /// The JSON a browser sent (a credential, `clientDataJSON`) is not what WebAuthn defines.
        case malformedResponse = "webauthn.malformed-response"

        // Structures
        /// The attestation object lacks `fmt`, `authData` or `attStmt`, or has them of the wrong type.
        case malformedAttestationObject = "webauthn.malformed-attestation-object"
        /// An attestation format other than "none" and "packed" self-attestation.
        case unsupportedAttestationFormat = "webauthn.unsupported-attestation-format"
        /// The attestation statement does not fit its format, or its signature does not verify.
        case invalidAttestationStatement = "webauthn.invalid-attestation-statement"
        /// Authenticator data too short, with flags that promise data it lacks, or trailing bytes.
        case malformedAuthenticatorData = "webauthn.malformed-authenticator-data"
        /// Backup state (BS) set on a credential that is not backup eligible (BE), §6.1 of WebAuthn.
        case invalidBackupFlags = "webauthn.invalid-backup-flags"
        /// A registration without attested credential data (the AT flag), or an assertion with it.
        case attestedCredentialDataMismatch = "webauthn.attested-credential-data-mismatch"
        /// A credential id longer than 1023 bytes (WebAuthn §4, "Credential ID").
        case credentialIDTooLong = "webauthn.credential-id-too-long"
        /// The COSE key lacks a parameter its key type needs, or has one of the wrong type or size.
        case malformedCOSEKey = "webauthn.malformed-cose-key"
        /// An algorithm, key type or curve this relying party does not accept.
        case unsupportedAlgorithm = "webauthn.unsupported-algorithm"
        /// An RSA modulus under 2048 bits.
        case keyTooShort = "webauthn.key-too-short"
        /// Key numbers that make no key (a point off P-256, an invalid Ed25519 point, an even RSA exponent).
        case invalidKey = "webauthn.invalid-key"

        // The ceremony
        /// `clientDataJSON.type` is not `webauthn.create` (registration) or `webauthn.get` (assertion).
        case wrongType = "webauthn.wrong-type"
        /// The challenge is not the one this ceremony issued (a replay, another session's).
        case challengeMismatch = "webauthn.challenge-mismatch"
        /// The origin is not the relying party's.
        case originMismatch = "webauthn.origin-mismatch"
        /// The ceremony ran in a cross-origin iframe, which this relying party does not allow.
        case crossOrigin = "webauthn.cross-origin"
        /// `rpIdHash` is not SHA-256 of the RP ID: the credential is another site's.
        case rpIDHashMismatch = "webauthn.rp-id-hash-mismatch"
        /// The user-present flag (UP) is not set.
        case userNotPresent = "webauthn.user-not-present"
        /// User verification was required and the user-verified flag (UV) is not set.
        case userNotVerified = "webauthn.user-not-verified"
        /// The assertion names another credential than the stored one it is checked against.
        case credentialMismatch = "webauthn.credential-mismatch"
        /// The assertion's signature does not verify with the stored key.
        case signatureInvalid = "webauthn.signature-invalid"
        /// A device-bound credential's signature counter did not increase: a possible clone.
        case counterNotIncreased = "webauthn.counter-not-increased"
        /// The backup-eligible flag (BE) differs from the one registered, which a credential never changes.
        case backupEligibilityChanged = "webauthn.backup-eligibility-changed"

        // The relying party's settings
        /// An RP ID or origin that cannot work: an IP address, a host the RP ID is not a suffix of,
        /// an origin that is not https (or http on localhost).
        case invalidRelyingParty = "webauthn.invalid-relying-party"
        /// OpenSSL failed for a reason of its own (out of memory); the detail says what.
        case cryptoLibrary = "webauthn.crypto-library"
    }

    public let reason: Reason
    /// What was found, for the operator's log.
    public let detail: String

    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// The stable code, as `webauthn.origin-mismatch`.
    public var code: String { reason.rawValue }

    public var description: String { "\(code): \(detail)" }
}
