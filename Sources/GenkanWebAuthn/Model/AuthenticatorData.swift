/// Authenticator data (WebAuthn Level 3 §6.1): what the authenticator signs, parsed.
///
/// ```
/// rpIdHash (32) | flags (1) | signCount (4, big-endian) | attestedCredentialData (AT) | extensions (ED, CBOR map)
/// ```
public struct AuthenticatorData: Sendable, Equatable {
    /// SHA-256 of the RP ID the authenticator scoped the credential to.
    public let rpIDHash: [UInt8]
    public let flags: AuthenticatorFlags
    /// The signature counter; 0 from authenticators that keep none (most synced passkeys).
    public let signCount: UInt32
    /// The new credential, present in registrations (AT set).
    public let attestedCredentialData: AttestedCredentialData?
    /// The authenticator's extension outputs (ED set), a CBOR map; read by nobody here, kept so
    /// a caller may look.
    public let extensions: CBORValue?
    /// The bytes as received, which signatures cover.
    public let bytes: [UInt8]

    /// Parses authenticator data, refusing any byte it cannot account for.
    ///
    /// - Throws: `.inputTooLarge`, `.truncated`, `.malformedAuthenticatorData` (flags that
    ///   promise data that is absent, trailing bytes, extensions that are not a map),
    ///   `.invalidBackupFlags` (BS without BE), `.credentialIDTooLong`, and the COSE key's failures.
    public init(bytes: [UInt8], limits: WebAuthnLimits = WebAuthnLimits()) throws(WebAuthnFailure) {
        guard bytes.count <= max(limits.authenticatorData, limits.attestationObject) else {
            throw WebAuthnFailure(.inputTooLarge, "authenticator data of \(bytes.count) bytes")
        }
        guard bytes.count >= 37 else {
            throw WebAuthnFailure(.truncated, "authenticator data of \(bytes.count) bytes, at least 37 needed")
        }
        self.bytes = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = AuthenticatorFlags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        if flags.contains(.backupState) && !flags.contains(.backupEligible) {
            throw WebAuthnFailure(.invalidBackupFlags, "backup state set on a credential that is not backup eligible")
        }
        var position = 37
        if flags.contains(.attestedCredentialData) {
            let (credential, length) = try AttestedCredentialData.parse(bytes[position...], limits: limits)
            attestedCredentialData = credential
            position += length
        } else {
            attestedCredentialData = nil
        }
        if flags.contains(.extensionData) {
            guard position < bytes.count else {
                throw WebAuthnFailure(.malformedAuthenticatorData, "the ED flag is set but no extensions follow")
            }
            let (value, length) = try CBOR.decodeFirst(bytes[position...], limits: limits)
            guard case .map = value else {
                throw WebAuthnFailure(.malformedAuthenticatorData, "extensions that are not a CBOR map")
            }
            extensions = value
            position += length
        } else {
            extensions = nil
        }
        guard position == bytes.count else {
            throw WebAuthnFailure(.malformedAuthenticatorData, "\(bytes.count - position) bytes after the authenticator data's last part")
        }
    }

    /// Whether the user was present (UP).
    public var userPresent: Bool { flags.contains(.userPresent) }
    /// Whether the user was verified (UV).
    public var userVerified: Bool { flags.contains(.userVerified) }
    /// Whether the credential may be synced (BE).
    public var backupEligible: Bool { flags.contains(.backupEligible) }
    /// Whether the credential is backed up now (BS).
    public var backedUp: Bool { flags.contains(.backupState) }
}

/// The credential an authenticator made (WebAuthn Level 3 §6.5.2): its kind, id and public key.
public struct AttestedCredentialData: Sendable, Equatable {
    /// The authenticator model's AAGUID (all zero when the authenticator or browser withholds it).
    public let aaguid: AAGUID
    public let credentialID: [UInt8]
    public let publicKey: COSEKey

    /// The attested credential data at the start of `bytes` and the number of bytes it takes.
    static func parse(_ bytes: ArraySlice<UInt8>, limits: WebAuthnLimits) throws(WebAuthnFailure) -> (AttestedCredentialData, Int) {
        let start = bytes.startIndex
        guard bytes.count >= 18 else {
            throw WebAuthnFailure(.truncated, "attested credential data of \(bytes.count) bytes, at least 18 needed")
        }
        let aaguid = AAGUID(bytes: Array(bytes[start..<start + 16]))
        let idLength = Int(bytes[start + 16]) << 8 | Int(bytes[start + 17])
        guard idLength <= min(limits.credentialID, 1023) else {
            throw WebAuthnFailure(.credentialIDTooLong, "a credential id of \(idLength) bytes")
        }
        guard idLength > 0 else { throw WebAuthnFailure(.malformedAuthenticatorData, "an empty credential id") }
        let idStart = start + 18
        guard bytes.count >= 18 + idLength + 1 else {
            throw WebAuthnFailure(.truncated, "attested credential data ends inside the credential id or before the key")
        }
        let credentialID = Array(bytes[idStart..<idStart + idLength])
        let keyStart = idStart + idLength
        let (value, keyLength) = try CBOR.decodeFirst(bytes[keyStart...], limits: limits)
        let key = try COSEKey(value: value, bytes: Array(bytes[keyStart..<keyStart + keyLength]))
        return (AttestedCredentialData(aaguid: aaguid, credentialID: credentialID, publicKey: key), 18 + idLength + keyLength)
    }
}
