// GenkanOIDC's JOSE readers on any bytes: what a client sends in `accounts:signInWithIdp` (a
// provider's ID token) and what providers answer (JWK Sets, discovery documents, token responses),
// read by Genkan's own base64url decoder and GenkanJSON's reader (which fuzz-json covers on its own).
//
// Invariants: base64url has one spelling (decoding then encoding gives the text back, encoding then
// decoding gives the bytes back); a compact JWS that parses is rebuilt from its parts to a token
// with the same header, claims and signature; a JWK Set that reads writes and reads as itself.
import FuzzSupport
import GenkanJSON
import GenkanOIDC

func exact(_ a: JSONValue, _ b: JSONValue) -> Bool {
    a.serialized().unicodeScalars.elementsEqual(b.serialized().unicodeScalars)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.choice(2)
    let bytes = input.rest
    let text = String(decoding: bytes, as: UTF8.self)

    // base64url: one spelling.
    let encoded = Base64URL.encode(bytes)
    Fuzz.check(Base64URL.decode(encoded) == bytes, "base64url of \(bytes.count) bytes does not decode back")
    if let decoded = Base64URL.decode(text) {
        Fuzz.check(Base64URL.encode(decoded) == text, "\(shown(text)) decodes, but encodes back as \(shown(Base64URL.encode(decoded)))")
    }

    switch mode {
    case 0:
        // A compact JWS, as a provider's ID token arrives.
        guard let token = try? JSONWebToken(compact: text) else { return 0 }
        _ = token.algorithm
        _ = token.keyID
        do {
            let rebuilt = try JSONWebToken.compact(header: token.header, claims: token.claims) { _ throws(CryptoFailure) in token.signature }
            let again = try JSONWebToken(compact: rebuilt)
            Fuzz.check(exact(again.header, token.header) && exact(again.claims, token.claims) && again.signature == token.signature,
                       "\(shown(text)) rebuilt as \(shown(rebuilt)) reads differently")
        } catch {
            Fuzz.fail("\(shown(text)) parses but its parts do not make a token again: \(error)")
        }
    default:
        // A JWK Set, as a provider's jwks_uri answers.
        guard let set = JSONWebKeySet(json: bytes) else { return 0 }
        for key in set.keys { _ = set.key(id: key.keyID, for: .rs256) }
        let written = Array(set.json.serialized().utf8)
        Fuzz.check(JSONWebKeySet(json: written) == set, "a JWK Set written from \(shown(text)) reads differently")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
