/// A mailbox: an ASCII address (`taro@example.com`) and an optional display name in any script.
///
/// The address must be a plausible Internet mailbox as SMTP carries it without SMTPUTF8
/// (RFC 5321 §4.1.2): a dot-atom local part of at most 64 octets, and a domain of at least two
/// LDH labels (RFC 1035 §2.3.1) whose last is not all digits, 254 octets in all. Quoted local
/// parts and address literals are refused, and so is non-ASCII: give the domain as its A-labels
/// (`xn--…`), as `EmailRule` normalizes it.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as the envelope and the header carry it.
    public let address: String
    /// The name shown beside the address (`山田 太郎`), or nil.
    public let displayName: String?

    /// Checks `address` and `displayName` and keeps them.
    ///
    /// - Throws: `mail.invalid-address` when the address is not a plausible mailbox,
    ///   `mail.header-line-break` when the display name contains CR or LF.
    public init(_ address: String, displayName: String? = nil) throws(MailError) {
        try Self.check(address)
        if let displayName { try HeaderText.checkNoLineBreak(displayName, field: "display name") }
        self.address = address
        self.displayName = displayName?.isEmpty == true ? nil : displayName
    }

    /// The part after the `@`.
    public var domain: Substring {
        address[address.index(after: address.lastIndex(of: "@")!)...]
    }

    public var description: String {
        displayName.map { "\($0) <\(address)>" } ?? address
    }

    static func check(_ address: String) throws(MailError) {
        func invalid(_ why: String) -> MailError {
            MailError(.invalidAddress, "not a plausible mailbox address: \(why)")
        }
        let bytes = Array(address.utf8)
        guard bytes.count <= 254 else { throw invalid("longer than 254 octets") }
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { throw invalid("no @") }
        let local = bytes[..<at], domain = bytes[(at + 1)...]
        guard !local.isEmpty else { throw invalid("nothing before the @") }
        guard local.count <= 64 else { throw invalid("more than 64 octets before the @") }
        guard local.first != UInt8(ascii: "."), local.last != UInt8(ascii: "."),
              !zip(local, local.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }),
              local.allSatisfy({ $0 == UInt8(ascii: ".") || isAtext($0) })
        else { throw invalid("the local part is not a dot-atom of ASCII characters") }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { throw invalid("the domain has no dot") }
        for label in labels {
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                  label.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") })
            else { throw invalid("the domain is not made of letter-digit-hyphen labels of 1 to 63 characters") }
        }
        guard !labels.last!.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw invalid("the top-level label is numeric")
        }
    }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    /// RFC 5322 §3.2.3 `atext`.
    static func isAtext(_ byte: UInt8) -> Bool {
        if isLetterOrDigit(byte) { return true }
        return switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"),
             UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
