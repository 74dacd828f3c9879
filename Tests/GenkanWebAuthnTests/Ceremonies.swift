import GenkanJSON
import Foundation
import GenkanWebAuthn

/// One case of `Fixtures/ceremonies.json`, written by `scripts/corpus/webauthn_ceremonies.py`
/// (an authenticator built on `cryptography` and `cbor2`, judged by py_webauthn), never by Genkan.
struct Ceremony: Sendable, CustomStringConvertible {
    let name: String
    let isRegistration: Bool
    /// "ok", "anomaly" (accepted, counter reported) or the failure code Genkan must give.
    let expect: String
    /// py_webauthn's verdict: "accepted" or "refused".
    let reference: String
    /// Why Genkan's verdict differs from py_webauthn's on purpose, when it does.
    let referenceDiffers: String?
    let rpID: String
    let origin: String
    let policy: WebAuthnPolicy
    let challenge: [UInt8]
    /// The browser's JSON (`PublicKeyCredential.toJSON()`), as a page would post it.
    let responseJSON: [UInt8]
    let stored: StoredCredential?
    /// What the generator put in the authenticator data.
    let built: JSONValue

    var description: String { name }

    var verifier: WebAuthnVerifier {
        get throws {
            WebAuthnVerifier(relyingParty: try RelyingParty(url: origin, id: rpID, name: "Example"), policy: policy)
        }
    }

    enum Outcome: Equatable {
        case registered(RegisteredCredential)
        case asserted(AssertionResult)
        case refused(WebAuthnFailure.Reason)

        var verdict: String {
            if case .refused = self { return "refused" }
            return "accepted"
        }
    }

    /// Genkan's verdict on the case.
    func run() throws -> Outcome {
        let verifier = try verifier
        do {
            if isRegistration {
                let response = try RegistrationResponse(json: responseJSON)
                return .registered(try verifier.verifyRegistration(response, expectedChallenge: challenge))
            }
            let response = try AssertionResponse(json: responseJSON)
            return .asserted(try verifier.verifyAssertion(response, expectedChallenge: challenge, credential: stored!))
        } catch {
            return .refused(error.reason)
        }
    }
}

enum Ceremonies {
    static let document: JSONValue = {
        guard let url = Bundle.module.url(forResource: "ceremonies", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url), let document = JSONReader.value(Array(data))
        else { fatalError("Fixtures/ceremonies.json is missing or unreadable; run scripts/corpus/webauthn_ceremonies.py") }
        return document
    }()

    static let all: [Ceremony] = (document[member: "cases"]?.arrayValue ?? []).map(ceremony)

    static func named(_ name: String) -> Ceremony {
        guard let found = all.first(where: { $0.name == name }) else { fatalError("no ceremony \(name) in the fixture") }
        return found
    }

    static func bytes(_ value: JSONValue?) -> [UInt8] {
        guard let text = value?.stringValue, let bytes = Base64URL.decode(text) else { fatalError("not base64url: \(String(describing: value))") }
        return bytes
    }

    private static func ceremony(_ value: JSONValue) -> Ceremony {
        var policy = WebAuthnPolicy()
        if value[member: "policy"]?[member: "userVerification"]?.stringValue == "required" { policy.userVerification = .required }
        if let algorithms = value[member: "policy"]?[member: "algorithms"]?.arrayValue {
            policy.algorithms = algorithms.compactMap { $0.integerValue.flatMap(COSEAlgorithm.init(rawValue:)) }
        }
        let rp = value[member: "rp"] ?? document[member: "rp"]!
        var stored: StoredCredential?
        if let record = value[member: "stored"] {
            stored = StoredCredential(
                id: bytes(record[member: "id"]), publicKey: bytes(record[member: "publicKey"]),
                signCount: UInt32(record[member: "signCount"]!.integerValue!),
                backupEligible: record[member: "backupEligible"] == .bool(true), userHandle: bytes(record[member: "userHandle"]))
        }
        return Ceremony(
            name: value[member: "name"]!.stringValue!, isRegistration: value[member: "ceremony"]?.stringValue == "registration",
            expect: value[member: "expect"]!.stringValue!, reference: value[member: "reference"]!.stringValue!,
            referenceDiffers: value[member: "referenceDiffers"]?.stringValue, rpID: rp[member: "id"]!.stringValue!,
            origin: rp[member: "origin"]!.stringValue!, policy: policy, challenge: bytes(value[member: "challenge"]),
            responseJSON: value[member: "response"]!.serializedBytes(), stored: stored, built: value[member: "built"]!)
    }
}
