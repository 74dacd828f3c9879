/// The attestation object of a registration (WebAuthn Level 3 §6.5.4): a CBOR map of the
/// attestation format, its statement and the authenticator data with the new credential.
public struct AttestationObject: Sendable, Equatable {
    /// The attestation statement format: "none", or "packed" for self-attestation.
    public let format: String
    /// The format's statement, a CBOR map (empty for "none").
    public let statement: CBORValue
    public let authenticatorData: AuthenticatorData

    /// Parses an attestation object and the authenticator data inside it.
    ///
    /// - Throws: `.inputTooLarge`, the CBOR failures, `.malformedAttestationObject`, and those of
    ///   `AuthenticatorData`.
    public init(bytes: [UInt8], limits: WebAuthnLimits = WebAuthnLimits()) throws(WebAuthnFailure) {
        guard bytes.count <= limits.attestationObject else {
            throw WebAuthnFailure(.inputTooLarge, "an attestation object of \(bytes.count) bytes")
        }
        let value = try CBOR.decode(bytes, limits: limits, what: "attestation object")
        guard case .map(let entries) = value else {
            throw WebAuthnFailure(.malformedAttestationObject, "the attestation object is not a CBOR map")
        }
        guard let format = value[text: "fmt"]?.textString else {
            throw WebAuthnFailure(.malformedAttestationObject, "no text fmt")
        }
        guard let statement = value[text: "attStmt"], case .map = statement else {
            throw WebAuthnFailure(.malformedAttestationObject, "no map attStmt")
        }
        guard let authData = value[text: "authData"]?.byteString else {
            throw WebAuthnFailure(.malformedAttestationObject, "no byte string authData")
        }
        // §6.5.4 defines these three members and no other; a fourth is a different structure.
        guard entries.count == 3 else {
            throw WebAuthnFailure(.malformedAttestationObject, "\(entries.count) members, not fmt, attStmt and authData")
        }
        self.format = format
        self.statement = statement
        self.authenticatorData = try AuthenticatorData(bytes: authData, limits: limits)
    }
}
