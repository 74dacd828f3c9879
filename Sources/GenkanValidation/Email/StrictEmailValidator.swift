import GenkanUnicode

/// `EmailRule.Mode.strict`: the addresses python email-validator 2.4 accepts with `strict=True`
/// and no deliverability check, with every problem reported rather than the first.
///
/// The local part is a dot-atom (RFC 5322 §3.2.3) of at most 64 characters, internationalized
/// by RFC 6531 §3.3 (then flagged as needing SMTPUTF8) and normalized to NFC (RFC 6532 §3.1);
/// the domain is a host name (RFC 1123 §2.1) after UTS #46 mapping, checked against IDNA2008
/// (RFC 5891 §4.2, RFC 5892, RFC 5893) with at least two labels, a top-level domain ending in a
/// letter and no special-use name (RFC 6761); the whole address is at most 254 octets.
enum StrictEmailValidator {
    static let localMaximumLength = 64
    static let domainMaximumLength = 253
    static let labelMaximumLength = 63

    /// RFC 2142 mailbox names, which are case-insensitive and stored lower-cased.
    static let caseInsensitiveMailboxes: [String] = [
        "info", "marketing", "sales", "support", "abuse", "noc", "security", "postmaster",
        "hostmaster", "usenet", "news", "webmaster", "www", "uucp", "ftp",
    ]

    /// Names reserved by RFC 6761, RFC 6762 and RFC 7686, and all of `.arpa`: no address under
    /// them receives mail from the internet.
    static let specialUseDomains = ["arpa", "invalid", "local", "localhost", "onion", "test"]

    static func validate(_ input: String) -> EmailValidation {
        validatePlainASCII(input) ?? validatePlainUnicode(input) ?? validateFully(input)
    }

    /// The full path, which explains every problem; `validatePlainASCII` and
    /// `validatePlainUnicode` only shortcut it.
    static func validateFully(_ input: String) -> EmailValidation {
        if input.isEmpty { return .invalid(input, [ValidationIssue(.emailEmpty)]) }

        let local: Substring
        let domain: Substring
        switch EmailAddressParts(input) {
        case .missingAt(let lookalike?):
            return .invalid(input, [ValidationIssue(.emailLookalikeAt, ["character": String(lookalike)])])
        case .missingAt(nil):
            return .invalid(input, [ValidationIssue(.emailMissingAt)])
        case .displayName:
            return .invalid(input, [ValidationIssue(.emailDisplayName)])
        case .address(let l, let d):
            local = l
            domain = d
        }

        var issues: [ValidationIssue] = []
        let localResult = LocalPart.check(local)
        issues.appendOnce(contentsOf: localResult.issues)
        let domainResult = EmailDomain.check(domain)
        issues.appendOnce(contentsOf: domainResult.issues)

        // RFC 5321 §4.5.3.1.3: the address as given, as normalized and with the ASCII domain.
        var longest = input.utf8.count
        if let normalizedLocal = localResult.normalized, let unicodeDomain = domainResult.unicode,
            let asciiDomain = domainResult.ascii
        {
            let normalizedLength = normalizedLocal.utf8.count + 1 + unicodeDomain.utf8.count
            let asciiLength = normalizedLocal.utf8.count + 1 + asciiDomain.utf8.count
            longest = max(longest, normalizedLength, asciiLength)
        }
        if longest > EmailRule.maximumLength {
            issues.appendOnce(ValidationIssue(.emailTooLong, ["maximum": EmailRule.maximumLength, "actual": longest]))
        }

        guard issues.isEmpty, let normalizedLocal = localResult.normalized,
            let unicodeDomain = domainResult.unicode, let asciiDomain = domainResult.ascii
        else {
            return .invalid(input, issues)
        }
        let normalized = address(normalizedLocal, unicodeDomain)
        return EmailValidation(
            input: input, issues: [], normalized: normalized,
            ascii: localResult.asciiForm.map { address($0, asciiDomain) },
            requiresSMTPUTF8: localResult.requiresSMTPUTF8)
    }
}

extension StrictEmailValidator {
    /// `local@domain`, the bytes copied into one allocation (none for a short address).
    static func address(_ local: String, _ domain: String) -> String {
        UTF8Text.withBytes(of: local) { local in
            UTF8Text.withBytes(of: domain) { domain in
                String(unsafeUninitializedCapacity: local.count + 1 + domain.count) { buffer in
                    _ = buffer.initialize(from: local)
                    buffer[local.count] = UInt8(ascii: "@")
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[(local.count + 1)...]).initialize(from: domain)
                    return local.count + 1 + domain.count
                }
            }
        }
    }
}

extension CodePointProperties.GeneralCategory {
    var isMark: Bool { self == .Mn || self == .Mc || self == .Me }
}
