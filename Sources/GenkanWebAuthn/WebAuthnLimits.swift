/// The largest inputs the verifier reads: anything larger is refused before it is parsed.
///
/// The defaults are far above what authenticators send (an ES256 registration's attestation
/// object is about 200 bytes, an RSA one about 450) and small enough that a hostile request
/// costs little: no CBOR item is allocated before its whole input has been checked against them.
public struct WebAuthnLimits: Sendable, Equatable {
    /// `clientDataJSON`, in bytes.
    public var clientDataJSON = 16 * 1024
    /// The attestation object of a registration, in bytes.
    public var attestationObject = 64 * 1024
    /// The authenticator data of an assertion, in bytes.
    public var authenticatorData = 16 * 1024
    /// An assertion's signature, in bytes (an RSA signature is as long as the modulus: 512 bytes at 4096 bits).
    public var signature = 2048
    /// The user handle of an assertion, in bytes (WebAuthn §5.4.3: at most 64).
    public var userHandle = 64
    /// A credential id, in bytes (WebAuthn §4: at most 1023).
    public var credentialID = 1023
    /// A credential as the browser's JSON carries it (`PublicKeyCredential.toJSON()`), in bytes.
    public var credentialJSON = 128 * 1024
    /// How deep CBOR collections and tags may nest (an attestation object needs 3).
    public var cborDepth: UInt32 = 8
    /// How many CBOR data items one input may hold.
    public var cborItems = 1024

    public init() {}
}
