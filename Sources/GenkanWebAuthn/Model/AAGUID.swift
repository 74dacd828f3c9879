/// An Authenticator Attestation GUID (WebAuthn Level 3 §6.5.1): 16 bytes naming an authenticator
/// model, the same for every device of the model.
///
/// With attestation "none" the AAGUID is not proven: an authenticator may claim any, so it is a
/// label to show ("iCloud Keychain", "YubiKey 5 Series"), never a reason to trust a credential.
public struct AAGUID: Sendable, Hashable, CustomStringConvertible {
    /// The 16 bytes, in the order authenticator data carries them.
    public let bytes: [UInt8]

    /// The AAGUID of 16 bytes; any other length is cut or padded with zeros, so pass 16.
    public init(bytes: [UInt8]) {
        self.bytes = Array((bytes + [UInt8](repeating: 0, count: 16)).prefix(16))
    }

    /// The AAGUID written as a UUID (`ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4`, any case); nil for other text.
    public init?(_ text: String) {
        let digits = Array(text.utf8).filter { $0 != UInt8(ascii: "-") }
        guard digits.count == 32, text.utf8.count == 36 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes: bytes)
        guard description == text.lowercased() else { return nil }
    }

    /// The all-zero AAGUID: the authenticator or the browser chose not to say what it is.
    public static let unknown = AAGUID(bytes: [UInt8](repeating: 0, count: 16))

    public var isUnknown: Bool { self == .unknown }

    /// Lower-case UUID form, 8-4-4-4-12 hexadecimal digits.
    public var description: String {
        let hex = bytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
