extension TOTP {
    /// The `otpauth://` URI an authenticator app reads from a QR code (Google Authenticator's "Key
    /// Uri Format", which the other apps follow): the issuer and the account in the label, the
    /// secret in base32, and every parameter spelled out even where it is the default.
    ///
    /// `otpauth://totp/Genkan:taro%40example.com?secret=…&issuer=Genkan&algorithm=SHA1&digits=6&period=30`
    public func uri(issuer: String, account: String) -> String {
        let issuerText = Self.percentEncoded(issuer)
        return "otpauth://totp/\(issuerText):\(Self.percentEncoded(account))?secret=\(Base32.encode(secret))"
            + "&issuer=\(issuerText)&algorithm=SHA1&digits=\(Self.digits)&period=\(Self.period)"
    }

    /// `text` with every byte of its UTF-8 outside RFC 3986's unreserved characters as `%XX`: a
    /// colon in an issuer would otherwise end it early, and `&` or `#` would end the parameter.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output = [UInt8]()
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5a, 0x61...0x7a, 0x30...0x39, 0x2d, 0x2e, 0x5f, 0x7e: output.append(byte)
            default: output += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
