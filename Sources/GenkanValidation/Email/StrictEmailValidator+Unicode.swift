import GenkanUnicode

extension StrictEmailValidator {
    /// The verdict on an address with non-ASCII characters whose local part is valid and whose
    /// domain labels need no Unicode mapping, decided over its bytes with table lookups and no
    /// ICU call; nil for any other address, so that the full path decides and explains.
    ///
    /// It gives exactly what the full path gives for such addresses (the tests compare the two):
    /// - no `"`, `<` or `\` before the first `@`, and no combining character after it, so the
    ///   address splits there;
    /// - a local part of 1 to 64 code points: a dot-atom of ASCII atext and of non-ASCII code
    ///   points email-validator deems safe that are also NFC starters with NFC_QC=Yes, so it is
    ///   already NFC (UAX #15 §9);
    /// - a plain ASCII domain (`scanPlainDomain`), or labels separated by full stops that are
    ///   ASCII letters, digits and hyphens or simple labels (`EmailDomain.PlainLabel`); a domain
    ///   that then breaks a registration rule or the Bidi Rule gets the issues the functions of
    ///   the full path find;
    /// - a valid address is at most 254 octets as given, normalized and with the ASCII domain,
    ///   and has only `email.too-long` otherwise.
    static func validatePlainUnicode(_ input: String) -> EmailValidation? {
        UTF8Text.withBytes(of: input[...]) { plainUnicode($0, input) }
    }

    private static func plainUnicode(_ bytes: UnsafeBufferPointer<UInt8>, _ input: String) -> EmailValidation? {
        guard !UTF8Text.isASCII(bytes) else { return nil }   // validatePlainASCII's
        let dot = UInt8(ascii: "."), atSign = UInt8(ascii: "@")
        var index = 0
        var length = 0   // in code points
        var localIsASCII = true
        var previous = dot   // a dot first is refused like two dots in a row
        while index < bytes.count, bytes[index] != atSign {
            let byte = bytes[index]
            length += 1
            if byte < 0x80 {
                // atext has none of the characters that start a quote, an escape or a display name.
                guard byte == dot ? previous != dot : isAtext(byte: byte) else { return nil }
                previous = byte
                index += 1
                continue
            }
            localIsASCII = false
            let (scalar, next) = UTF8Text.scalar(at: index, in: bytes)
            let properties = PrecisCodePoint(scalar)
            guard properties.isNFCStarter, EmailCharacters.isSafe(properties.generalCategory, atStart: index == 0) else { return nil }
            previous = byte
            index = next
        }
        let at = index
        guard at < bytes.count, length <= localMaximumLength, previous != dot else { return nil }
        let domain = UnsafeBufferPointer(rebasing: bytes[(at + 1)...])
        // A character that composes with the `@` would make it an ordinary character.
        if let first = domain.first, first >= 0x80, !PrecisCodePoint(UTF8Text.scalar(at: 0, in: domain).scalar).isNFCStarter {
            return nil
        }
        let forms: (unicode: [UInt8], ascii: [UInt8])
        switch plainDomain(domain) {
        case nil: return nil
        case .valid(let unicode, let ascii): forms = (unicode, ascii)
        case .invalid(let domainIssues):
            // What the full path reports: no issue with the local part, the domain's, and the
            // length of the address as given.
            var issues = domainIssues
            if bytes.count > EmailRule.maximumLength {
                issues.appendOnce(ValidationIssue(.emailTooLong, ["maximum": EmailRule.maximumLength, "actual": bytes.count]))
            }
            return .invalid(input, issues)
        }

        let local = UnsafeBufferPointer(rebasing: bytes[..<at])
        let lowercasesLocal = localIsASCII && isCaseInsensitiveMailbox(local)
        let normalized: String
        // The Unicode form is the domain with its ASCII letters lower-cased.
        if !lowercasesLocal, !domain.contains(where: UTF8Text.isUppercaseASCII) {
            normalized = input
        } else {
            normalized = address(local, lowercased: lowercasesLocal, forms.unicode)
        }
        let ascii = localIsASCII ? address(local, lowercased: lowercasesLocal, forms.ascii) : nil
        // RFC 5321 §4.5.3.1.3, as the full path measures it; with both parts valid, the length
        // is then the only issue.
        let longest = max(bytes.count, local.count + 1 + forms.unicode.count, local.count + 1 + forms.ascii.count)
        guard longest <= EmailRule.maximumLength else {
            return .invalid(input, [ValidationIssue(.emailTooLong, ["maximum": EmailRule.maximumLength, "actual": longest])])
        }
        return EmailValidation(input: input, issues: [], normalized: normalized, ascii: ascii, requiresSMTPUTF8: !localIsASCII)
    }

    /// A domain of plain labels, as `EmailDomain.check` judges it.
    private enum PlainDomain {
        /// Its Unicode and ASCII forms, as bytes.
        case valid(unicode: [UInt8], ascii: [UInt8])
        /// Every label is valid, but the domain breaks a registration rule or the Bidi Rule.
        case invalid([ValidationIssue])
    }

    /// The verdict on a plain ASCII domain, or on labels separated by full stops that are ASCII
    /// letters, digits and hyphens or simple labels; nil for any other domain.
    private static func plainDomain(_ domain: UnsafeBufferPointer<UInt8>) -> PlainDomain? {
        if let isLowercase = scanPlainDomain(domain) {
            let lower = isLowercase ? Array(domain) : domain.map(UTF8Text.lowercaseASCII)
            return .valid(unicode: lower, ascii: lower)
        }
        guard !UTF8Text.isASCII(domain) else { return nil }   // an ASCII domain that is not plain
        let scalarCount = domain.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        guard !domain.isEmpty, scalarCount <= domainMaximumLength else { return nil }

        var labels: [(range: Range<Int>, kind: EmailDomain.PlainLabel)] = []
        var isPlain = true
        EmailDomain.forEachLabel(in: domain) { range in
            guard isPlain else { return }
            let label = UnsafeBufferPointer(rebasing: domain[range])
            // Only full stops separate the labels, so the Unicode form is the domain lower-cased.
            let separatedByFullStop = range.lowerBound == 0 || domain[range.lowerBound - 1] == UInt8(ascii: ".")
            guard separatedByFullStop, let kind = EmailDomain.PlainLabel(label) else {
                isPlain = false
                return
            }
            labels.append((range, kind))
        }
        guard isPlain else { return nil }

        var unicode: [UInt8] = []
        var ascii: [UInt8] = []
        unicode.reserveCapacity(domain.count)
        ascii.reserveCapacity(2 * domain.count + 32)   // Punycode is longer than UTF-8 for few code points
        var asciiLabels: [Range<Int>] = []
        var labelsFit = true
        for (index, label) in labels.enumerated() {
            if index > 0 {
                unicode.append(UInt8(ascii: "."))
                ascii.append(UInt8(ascii: "."))
            }
            let asciiStart = ascii.count
            label.kind.appendForms(of: UnsafeBufferPointer(rebasing: domain[label.range]), unicode: &unicode, ascii: &ascii)
            asciiLabels.append(asciiStart..<ascii.count)
            if ascii.count - asciiStart > labelMaximumLength { labelsFit = false }
        }
        let unicodeLabels = { unicode.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) }
        let isRegistrable = labelsFit && labels.count >= 2 && ascii.count <= domainMaximumLength
            && ascii.last.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } == true
            && ascii.withUnsafeBufferPointer({ EmailDomain.specialUseName(underASCII: $0) }) == nil
        // Lead bytes of right-to-left code points are 0xD6 and above; only then can the domain
        // be a Bidi domain name (RFC 5893 §1.4).
        if isRegistrable, !unicode.contains(where: { $0 >= 0xD6 })
            || IDNA2008.labelsBreakingBidiRule(unicodeLabels().map { String(decoding: $0, as: UTF8.self) }).isEmpty
        {
            return .valid(unicode: unicode, ascii: ascii)
        }
        // Rare, so the issues come from the very functions `EmailDomain.check` calls.
        let domainLabels = zip(unicodeLabels(), asciiLabels).map { unicode, asciiRange in
            EmailDomain.Label(unicode: String(decoding: unicode, as: UTF8.self), ascii: String(decoding: ascii[asciiRange], as: UTF8.self), isACE: false)
        }
        let issues = EmailDomain.registrationAndBidiIssues(ascii: String(decoding: ascii, as: UTF8.self), labels: domainLabels)
        return issues.isEmpty ? nil : .invalid(issues)
    }

    /// `local` (ASCII when `lowercased`) lower-cased or not, `@` and the domain `form`.
    private static func address(_ local: UnsafeBufferPointer<UInt8>, lowercased: Bool, _ form: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: local.count + 1 + form.count) { buffer in
            for (index, byte) in local.enumerated() { buffer[index] = lowercased ? UTF8Text.lowercaseASCII(byte) : byte }
            buffer[local.count] = UInt8(ascii: "@")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[(local.count + 1)...]).initialize(from: form)
            return local.count + 1 + form.count
        }
    }
}
