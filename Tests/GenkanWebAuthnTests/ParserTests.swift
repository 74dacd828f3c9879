import GenkanJSON
import GenkanWebAuthn
import Testing

/// The parsers on hand-made inputs: limits, CBOR WebAuthn never writes, COSE keys that make no key.
@Suite struct ParserTests {
    /// A CBOR head (RFC 8949 §3.1) for major type `major` and argument `value`, written by hand.
    static func head(_ major: UInt8, _ value: Int) -> [UInt8] {
        switch value {
        case ..<24: [major << 5 | UInt8(value)]
        case ..<256: [major << 5 | 24, UInt8(value)]
        case ..<65536: [major << 5 | 25, UInt8(value >> 8), UInt8(value & 0xFF)]
        default: [major << 5 | 26] + (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        }
    }

    static func text(_ string: String) -> [UInt8] { head(3, string.utf8.count) + Array(string.utf8) }
    static func bytes(_ data: [UInt8]) -> [UInt8] { head(2, data.count) + data }

    /// An attestation object `{"fmt": "none", "attStmt": {}, "authData": authData}`.
    static func attestationObject(authData: [UInt8]) -> [UInt8] {
        [0xA3] + text("fmt") + text("none") + text("attStmt") + [0xA0] + text("authData") + bytes(authData)
    }

    static let registration = Ceremonies.named("registration-es256")
    static var goodAuthData: [UInt8] { Ceremonies.bytes(registration.built[member: "authData"]) }

    /// The reason `body` fails with; nil when it succeeds. Any other error fails the test.
    func failure(_ body: () throws -> Void) -> WebAuthnFailure.Reason? {
        do {
            try body()
            return nil
        } catch let failure as WebAuthnFailure {
            return failure.reason
        } catch {
            Issue.record("not a WebAuthnFailure: \(error)")
            return nil
        }
    }

    @Test func authenticatorDataIsReadField_by_field() throws {
        let data = try AuthenticatorData(bytes: Self.goodAuthData)
        #expect(data.rpIDHash == (try RelyingParty(url: "https://example.com", name: "Example")).idHash)
        #expect(data.userPresent && data.userVerified && !data.backupEligible && !data.backedUp)
        #expect(data.signCount == 0)
        let credential = try #require(data.attestedCredentialData)
        #expect(credential.aaguid == .unknown)
        #expect(credential.credentialID.count == 32)
        #expect(credential.publicKey.algorithm == .es256)
        #expect(data.extensions == nil)
    }

    @Test func anAttestationObjectWrittenByHandParses() throws {
        let object = try AttestationObject(bytes: Self.attestationObject(authData: Self.goodAuthData))
        #expect(object.format == "none")
        #expect(object.statement == .map([]))
        #expect(object.authenticatorData.bytes == Self.goodAuthData)
    }

    @Test func oversizedInputsAreRefusedBeforeParsing() throws {
        let limits = WebAuthnLimits()
        #expect(failure { _ = try AttestationObject(bytes: [UInt8](repeating: 0xA0, count: limits.attestationObject + 1)) } == .inputTooLarge)
        #expect(failure { _ = try ClientData(bytes: [UInt8](repeating: 0x20, count: limits.clientDataJSON + 1)) } == .inputTooLarge)
        #expect(failure { _ = try COSEKey(bytes: [UInt8](repeating: 0xA0, count: limits.authenticatorData + 1)) } == .inputTooLarge)
        #expect(failure { _ = try RegistrationResponse(json: [UInt8](repeating: 0x20, count: limits.credentialJSON + 1)) } == .inputTooLarge)
        // A byte string in attStmt that makes the object one byte too long.
        let padding = [UInt8](repeating: 7, count: limits.attestationObject)
        let big = [0xA3] + Self.text("fmt") + Self.text("none") + Self.text("attStmt") + [0xA1] + Self.text("x") + Self.bytes(padding)
            + Self.text("authData") + Self.bytes(Self.goodAuthData)
        #expect(failure { _ = try AttestationObject(bytes: big) } == .inputTooLarge)
        // An assertion's signature over the limit, before any parsing of the rest.
        let ceremony = Ceremonies.named("assertion-es256")
        let response = try AssertionResponse(json: ceremony.responseJSON)
        let huge = AssertionResponse(
            credentialID: response.credentialID, clientDataJSON: response.clientDataJSON, authenticatorData: response.authenticatorData,
            signature: [UInt8](repeating: 1, count: limits.signature + 1), userHandle: response.userHandle)
        #expect(failure { _ = try ceremony.verifier.verifyAssertion(huge, expectedChallenge: ceremony.challenge, credential: ceremony.stored!) }
            == .inputTooLarge)
    }

    @Test func nestingAndItemCountsAreBounded() {
        // 9 nested arrays inside the attStmt map: past the default depth of 8.
        let deep = [UInt8](repeating: 0x81, count: 9) + [0x00]
        let object = [0xA3] + Self.text("fmt") + Self.text("none") + Self.text("attStmt") + [0xA1] + Self.text("x") + deep
            + Self.text("authData") + Self.bytes(Self.goodAuthData)
        #expect(failure { _ = try AttestationObject(bytes: object) } == .nestingTooDeep)
        // Far deeper than any stack should hold: refused as quickly.
        #expect(failure { _ = try AttestationObject(bytes: [UInt8](repeating: 0x81, count: 60_000) + [0]) } == .nestingTooDeep)
        // 2,000 items in one array: past the default budget of 1,024.
        let many = Self.head(4, 2000) + [UInt8](repeating: 0, count: 2000)
        #expect(failure { _ = try AttestationObject(bytes: many) } == .nestingTooDeep)
        // An array that claims four billion items in 6 bytes: a truncation, found before allocating.
        #expect(failure { _ = try AttestationObject(bytes: [0x9A, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]) } == .truncated)
        #expect(failure { _ = try AttestationObject(bytes: [0xBB, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) } == .truncated)
        // A byte string that claims more bytes than follow.
        #expect(failure { _ = try AttestationObject(bytes: [0x5A, 0x00, 0x01, 0x00, 0x00, 0x01]) } == .truncated)
    }

    @Test func cborThatWebAuthnNeverWritesIsRefused() {
        let none = Self.text("none")
        // Indefinite-length text string for fmt.
        let chunked = [0xA3] + Self.text("fmt") + [0x7F, 0x62, 0x6E, 0x6F, 0x62, 0x6E, 0x65, 0xFF] + Self.text("attStmt") + [0xA0]
            + Self.text("authData") + Self.bytes(Self.goodAuthData)
        #expect(failure { _ = try AttestationObject(bytes: chunked) } == .malformedCBOR)
        // A key given twice.
        let twice = [0xA3] + Self.text("fmt") + none + Self.text("fmt") + none + Self.text("authData") + Self.bytes(Self.goodAuthData)
        #expect(failure { _ = try AttestationObject(bytes: twice) } == .malformedCBOR)
        // Bytes after the item.
        #expect(failure { _ = try AttestationObject(bytes: Self.attestationObject(authData: Self.goodAuthData) + [0x00]) } == .malformedCBOR)
        // A reserved additional-information value (28), and a lone break.
        #expect(failure { _ = try AttestationObject(bytes: [0x1C]) } == .malformedCBOR)
        #expect(failure { _ = try AttestationObject(bytes: [0xFF]) } == .malformedCBOR)
        // Text that is not UTF-8.
        let latin1 = [0xA3] + Self.text("fmt") + [0x62, 0xE9, 0x65] + Self.text("attStmt") + [0xA0] + Self.text("authData")
            + Self.bytes(Self.goodAuthData)
        #expect(failure { _ = try AttestationObject(bytes: latin1) } == .malformedCBOR)
        // Empty input.
        #expect(failure { _ = try AttestationObject(bytes: []) } == .truncated)
        // A map with an extra member, and the wrong types.
        let four = [0xA4] + Self.text("fmt") + none + Self.text("attStmt") + [0xA0] + Self.text("authData") + Self.bytes(Self.goodAuthData)
            + Self.text("epAtt") + [0xF5]
        #expect(failure { _ = try AttestationObject(bytes: four) } == .malformedAttestationObject)
        #expect(failure { _ = try AttestationObject(bytes: [0x80]) } == .malformedAttestationObject)
    }

    @Test func authenticatorDataThatPromisesMoreThanItHolds() {
        let data = Self.goodAuthData
        #expect(failure { _ = try AuthenticatorData(bytes: Array(data.prefix(36))) } == .truncated)
        #expect(failure { _ = try AuthenticatorData(bytes: Array(data.prefix(37 + 17))) } == .truncated)
        #expect(failure { _ = try AuthenticatorData(bytes: Array(data.prefix(37 + 18 + 31))) } == .truncated)
        #expect(failure { _ = try AuthenticatorData(bytes: Array(data.dropLast())) } == .truncated)
        // ED set, nothing after the key.
        var extensionFlag = data
        extensionFlag[32] |= 0x80
        #expect(failure { _ = try AuthenticatorData(bytes: extensionFlag) } == .malformedAuthenticatorData)
        // ED set, and the extensions are not a map.
        #expect(failure { _ = try AuthenticatorData(bytes: extensionFlag + [0x01]) } == .malformedAuthenticatorData)
        // An empty credential id.
        var emptyID = Array(data.prefix(37 + 16)) + [0, 0]
        emptyID += Array(data[(37 + 18 + 32)...])
        #expect(failure { _ = try AuthenticatorData(bytes: emptyID) } == .malformedAuthenticatorData)
        // A credential id length of 1024, with the bytes present.
        let longID = Array(data.prefix(37 + 16)) + [0x04, 0x00] + [UInt8](repeating: 1, count: 1024) + Array(data[(37 + 18 + 32)...])
        #expect(failure { _ = try AuthenticatorData(bytes: longID) } == .credentialIDTooLong)
        // Without AT, 37 bytes are the whole of it.
        var assertion = Array(data.prefix(37))
        assertion[32] = 0x05
        #expect(failure { _ = try AuthenticatorData(bytes: assertion) } == nil)
        #expect(failure { _ = try AuthenticatorData(bytes: assertion + [0]) } == .malformedAuthenticatorData)
    }

    /// COSE_Key maps written by hand (RFC 9052 §7, RFC 9053 §7).
    static func coseKey(_ entries: [(Int, [UInt8])]) -> [UInt8] {
        var out = head(5, entries.count)
        for (label, value) in entries { out += (label >= 0 ? head(0, label) : head(1, -1 - label)) + value }
        return out
    }

    static var p256: (x: [UInt8], y: [UInt8]) {
        let key = try! COSEKey(bytes: Ceremonies.bytes(registration.built[member: "publicKey"]))
        guard case .p256(let x, let y) = key.material else { fatalError() }
        return (x, y)
    }

    @Test func coseKeysThatMakeNoKey() {
        let (x, y) = Self.p256
        let good = Self.coseKey([(1, [0x02]), (3, [0x26]), (-1, [0x01]), (-2, Self.bytes(x)), (-3, Self.bytes(y))])
        #expect(failure { _ = try COSEKey(bytes: good) } == nil)
        // No alg; no kty; alg of another key type; an unknown algorithm; P-384's curve id.
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x02]), (-1, [0x01]), (-2, Self.bytes(x)), (-3, Self.bytes(y))])) }
            == .malformedCOSEKey)
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(3, [0x26]), (-1, [0x01]), (-2, Self.bytes(x)), (-3, Self.bytes(y))])) }
            == .malformedCOSEKey)
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x01]), (3, [0x26]), (-1, [0x01]), (-2, Self.bytes(x)), (-3, Self.bytes(y))])) }
            == .malformedCOSEKey)
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x02]), (3, [0x38, 0x22]), (-1, [0x01]), (-2, Self.bytes(x))])) }
            == .unsupportedAlgorithm)
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x02]), (3, [0x26]), (-1, [0x02]), (-2, Self.bytes(x)), (-3, Self.bytes(y))])) }
            == .unsupportedAlgorithm)
        // A compressed point (y as a boolean) and a short coordinate.
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x02]), (3, [0x26]), (-1, [0x01]), (-2, Self.bytes(x)), (-3, [0xF5])])) }
            == .malformedCOSEKey)
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x02]), (3, [0x26]), (-1, [0x01]), (-2, Self.bytes(Array(x.dropFirst()))), (-3, Self.bytes(y))])) }
            == .malformedCOSEKey)
        // A point off P-256 (y changed): the invalid-curve attack's key.
        var offCurve = y
        offCurve[31] ^= 1
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x02]), (3, [0x26]), (-1, [0x01]), (-2, Self.bytes(x)), (-3, Self.bytes(offCurve))])) }
            == .invalidKey)
        // Ed25519: a small-order point (the identity, y = 1) and a non-canonical encoding.
        var identity = [UInt8](repeating: 0, count: 32)
        identity[0] = 1
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x01]), (3, [0x27]), (-1, [0x06]), (-2, Self.bytes(identity))])) }
            == .invalidKey)
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x01]), (3, [0x27]), (-1, [0x06]), (-2, Self.bytes([UInt8](repeating: 0xFF, count: 32)))])) }
            == .invalidKey)
        // X25519's curve id on an EdDSA key.
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x01]), (3, [0x27]), (-1, [0x04]), (-2, Self.bytes(x))])) }
            == .unsupportedAlgorithm)
        // RSA: an even exponent; a 2047-bit modulus.
        let modulus = [0xC0] + [UInt8](repeating: 0x55, count: 255)
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x03]), (3, [0x39, 0x01, 0x00]), (-1, Self.bytes(modulus)), (-2, Self.bytes([0x01, 0x00, 0x00]))])) }
            == .invalidKey)
        let short = [0x40] + [UInt8](repeating: 0x55, count: 255)
        #expect(failure { _ = try COSEKey(bytes: Self.coseKey([(1, [0x03]), (3, [0x39, 0x01, 0x00]), (-1, Self.bytes(short)), (-2, Self.bytes([0x01, 0x00, 0x01]))])) }
            == .keyTooShort)
        // Not a map at all.
        #expect(failure { _ = try COSEKey(bytes: [0x80]) } == .malformedCOSEKey)
    }

    @Test func clientDataIsReadStrictly() throws {
        let good = #"{"type":"webauthn.get","challenge":"AAEC","origin":"https://example.com","crossOrigin":false,"other_keys_can_be_added_here":"x"}"#
        let parsed = try ClientData(bytes: Array(good.utf8))
        #expect(parsed.type == "webauthn.get" && parsed.challenge == [0, 1, 2] && parsed.origin == "https://example.com" && !parsed.crossOrigin)
        for bad in [
            #"{"type":"webauthn.get","challenge":"AAEC","challenge":"AAED","origin":"https://example.com"}"#,  // a member twice
            #"{"type":"webauthn.get","challenge":"AAE=","origin":"https://example.com"}"#,  // padding
            #"{"type":"webauthn.get","challenge":"AA+C","origin":"https://example.com"}"#,  // base64, not base64url
            #"{"type":"webauthn.get","origin":"https://example.com"}"#,  // no challenge
            #"{"type":1,"challenge":"AAEC","origin":"https://example.com"}"#,
            #"{"type":"webauthn.get","challenge":"AAEC","origin":"https://example.com","crossOrigin":"false"}"#,
            #"["webauthn.get"]"#, "", "{",
        ] {
            #expect(failure { _ = try ClientData(bytes: Array(bad.utf8)) } == .malformedResponse, "\(bad)")
        }
    }

    @Test func credentialJSONIsReadStrictly() throws {
        let ceremony = Ceremonies.named("assertion-es256")
        guard case .object(var members) = JSONReader.value(ceremony.responseJSON)! else { fatalError() }
        let response = try AssertionResponse(json: ceremony.responseJSON)
        #expect(response.credentialID == ceremony.stored!.id)
        #expect(response.userHandle == ceremony.stored!.userHandle)
        let id = members.firstIndex { $0.0 == "id" }!
        members[id].1 = .string("AAAA")
        #expect(failure { _ = try AssertionResponse(json: JSONValue.object(members).serializedBytes()) } == .malformedResponse)
        let type = members.firstIndex { $0.0 == "type" }!
        members[type].1 = .string("password")
        #expect(failure { _ = try AssertionResponse(json: JSONValue.object(members).serializedBytes()) } == .malformedResponse)
        #expect(failure { _ = try RegistrationResponse(json: ceremony.responseJSON) } == .malformedResponse)
    }
}
