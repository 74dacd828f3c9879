import GenkanJSON
private import COpenSSL

/// Why a cryptographic call did not succeed.
public enum CryptoFailure: Error, Sendable, Equatable {
    /// The signature does not verify (a forged or damaged token).
    case signatureMismatch
    /// The key is not usable for the algorithm (too short, off the curve, not P-256, not PEM).
    case invalidKey
    /// A buffer of the wrong size.
    case invalidInput
    /// OpenSSL failed; its reason.
    case library(String)
}

/// The one place a `COpenSSL_status` is read. Callers pass its raw value: `private import`
/// keeps the C type inside each file that calls COpenSSL.
enum OpenSSL {
    static func check(_ status: UInt32) throws(CryptoFailure) {
        switch status {
        case COpenSSL_ok.rawValue: return
        case COpenSSL_signature_mismatch.rawValue: throw .signatureMismatch
        case COpenSSL_invalid_key.rawValue: throw .invalidKey
        case COpenSSL_invalid_input.rawValue: throw .invalidInput
        default:
            var buffer = [CChar](repeating: 0, count: 256)
            COpenSSL_error_message(&buffer, buffer.count)
            let reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .library(reason.isEmpty ? "OpenSSL failed without a reason" : reason)
        }
    }
}

/// SHA-256 and random bytes from libcrypto.
public enum Digest {
    /// SHA-256 of `bytes` (32 bytes).
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let input = Array(bytes)
        var digest = [UInt8](repeating: 0, count: 32)
        // EVP_Digest with SHA-256 fails only when memory runs out.
        let status = input.withUnsafeBufferPointer { COpenSSL_sha256($0.baseAddress, $0.count, &digest) }
        precondition(status == COpenSSL_ok, "SHA-256 failed")
        return digest
    }

    public static func sha256(_ text: String) -> [UInt8] { sha256(Array(text.utf8)) }

    /// Lower-case hexadecimal SHA-256 of `text`'s UTF-8: how a nonce is sent to a provider when
    /// its raw value stays with the relying party (Apple's and Firebase's practice).
    public static func sha256Hex(_ text: String) -> String {
        sha256(text).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }.joined()
    }

    /// `count` bytes from OpenSSL's CSPRNG.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let status = COpenSSL_random(&bytes, count)
        precondition(status == COpenSSL_ok, "RAND_bytes failed: the random generator is not seeded")
        return bytes
    }

    /// 256 random bits in base64url (43 characters): states, nonces, PKCE verifiers.
    public static func randomToken() -> String { Base64URL.encode(randomBytes(32)) }
}
