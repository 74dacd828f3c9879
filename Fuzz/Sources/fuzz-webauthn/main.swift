// GenkanWebAuthn's parsers on any bytes: what a browser posts when a passkey is registered or
// used (the credential's JSON, clientDataJSON, the attestation object with its CBOR, the
// authenticator data and the COSE key inside), read through libcbor (CCbor) and Genkan's strict
// JSON reader.
//
// The first byte chooses the parser: 0 attestation object, 1 authenticator data, 2 COSE key,
// 3 clientDataJSON, 4 a registration's JSON, 5 an assertion's JSON; the rest is the input.
//
// Invariants: no parser crashes or answers anything but a WebAuthnFailure; a CBOR item is never
// read past its input; whatever parses, parses again from the bytes it keeps to an equal value
// (authenticator data from an attestation object, a COSE key from its stored bytes), so what a
// site stores reads back as what it verified; a parsed key refuses a signature that is not its
// own with `.signatureInvalid` and nothing else; a parsed clientDataJSON is JSON the strict reader
// accepts, and its challenge encodes back to the text it came from; a ceremony over fuzzed
// responses ends in an answer, never a trap.
import GenkanJSON
@testable import GenkanWebAuthn
import FuzzSupport

let party = try! RelyingParty(url: "https://example.com", name: "Fuzz")
let verifier = WebAuthnVerifier(relyingParty: party)

func parses<T>(_ body: () throws(WebAuthnFailure) -> T) -> T? {
    do {
        return try body()
    } catch {
        Fuzz.check(!error.code.isEmpty && WebAuthnFailure.Reason(rawValue: error.code) == error.reason, "a failure without its code")
        return nil
    }
}

func checkKey(_ key: COSEKey, _ origin: String) {
    guard let again = parses({ () throws(WebAuthnFailure) in try COSEKey(bytes: key.bytes) }) else {
        Fuzz.fail("a COSE key parsed from \(origin) does not parse from its own bytes")
    }
    Fuzz.check(again == key, "a COSE key from \(origin) reads back differently")
    do {
        try key.verify(signature: Array(key.bytes.prefix(64)), over: key.bytes)
        Fuzz.fail("a \(key.algorithm) key accepted its own encoding as a signature")
    } catch {
        Fuzz.check(error.reason == .signatureInvalid, "a bad signature refused as \(error.code), not signature-invalid")
    }
}

func checkAuthenticatorData(_ data: AuthenticatorData) {
    guard let again = parses({ () throws(WebAuthnFailure) in try AuthenticatorData(bytes: data.bytes) }) else {
        Fuzz.fail("authenticator data does not parse from its own bytes")
    }
    Fuzz.check(again == data, "authenticator data reads back differently")
    Fuzz.check(data.backedUp ? data.backupEligible : true, "BS accepted without BE")
    Fuzz.check((data.attestedCredentialData != nil) == data.flags.contains(.attestedCredentialData), "AT and the credential disagree")
    Fuzz.check((data.extensions != nil) == data.flags.contains(.extensionData), "ED and the extensions disagree")
    if let credential = data.attestedCredentialData {
        Fuzz.check(!credential.credentialID.isEmpty && credential.credentialID.count <= 1023, "a credential id of \(credential.credentialID.count) bytes")
        checkKey(credential.publicKey, "authenticator data")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.choice(6)
    let bytes = input.rest

    // The CBOR reader alone: an item never ends past its input.
    if let (_, consumed) = parses({ () throws(WebAuthnFailure) in try CBOR.decodeFirst(bytes[...], limits: WebAuthnLimits()) }) {
        Fuzz.check(consumed > 0 && consumed <= bytes.count, "a CBOR item of \(consumed) bytes in \(bytes.count)")
    }

    switch mode {
    case 0:
        guard let object = parses({ () throws(WebAuthnFailure) in try AttestationObject(bytes: bytes) }) else { return 0 }
        checkAuthenticatorData(object.authenticatorData)
        let response = RegistrationResponse(credentialID: [], clientDataJSON: Array(#"{"type":"webauthn.create","challenge":"AAAA","origin":"https://example.com"}"#.utf8), attestationObject: bytes)
        _ = parses { () throws(WebAuthnFailure) in try verifier.verifyRegistration(response, expectedChallenge: [0, 0, 0]) }
    case 1:
        guard let parsed = parses({ () throws(WebAuthnFailure) in try AuthenticatorData(bytes: bytes) }) else { return 0 }
        checkAuthenticatorData(parsed)
    case 2:
        guard let key = parses({ () throws(WebAuthnFailure) in try COSEKey(bytes: bytes) }) else { return 0 }
        checkKey(key, "its bytes")
    case 3:
        guard let clientData = parses({ () throws(WebAuthnFailure) in try ClientData(bytes: bytes) }) else { return 0 }
        Fuzz.check(JSONReader.value(bytes) != nil, "clientDataJSON parsed, yet the JSON reader refuses it")
        Fuzz.check(JSONReader.value(bytes)?[member: "challenge"]?.stringValue == Base64URL.encode(clientData.challenge),
                   "a challenge that does not encode back to its text")
    case 4:
        guard let response = parses({ () throws(WebAuthnFailure) in try RegistrationResponse(json: bytes) }) else { return 0 }
        Fuzz.check(!response.credentialID.isEmpty, "a registration without a credential id")
        _ = parses { () throws(WebAuthnFailure) in try verifier.verifyRegistration(response, expectedChallenge: [1]) }
    default:
        guard let response = parses({ () throws(WebAuthnFailure) in try AssertionResponse(json: bytes) }) else { return 0 }
        // Any stored key will do: the ceremony must end in an answer.
        let stored = StoredCredential(
            id: response.credentialID, publicKey: [0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x40, 0x22, 0x40],
            signCount: 0, backupEligible: false)
        _ = parses { () throws(WebAuthnFailure) in try verifier.verifyAssertion(response, expectedChallenge: [1], credential: stored) }
    }
    return 0
}

Fuzz.run(fuzzOneInput)
