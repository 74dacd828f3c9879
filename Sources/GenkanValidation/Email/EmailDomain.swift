import GenkanUnicode

/// The domain of a strict e-mail address: checked, and converted to its Unicode form (for
/// storage and display) and its ASCII form (for sending).
///
/// The work is done on the UTF-8 bytes of the domain as stored; only the labels become strings.
enum EmailDomain {
    struct Result {
        var issues: [ValidationIssue] = []
        /// UTS #46-mapped labels with Punycode decoded (RFC 5891 §5.3 U-labels); nil when invalid.
        var unicode: String?
        /// The same labels as A-labels (RFC 5891 §4.4); nil when invalid.
        var ascii: String?
    }

    /// UTS #46 processing as IDNA2008 registries apply it: non-transitional (ß stays ß) with the
    /// CONTEXTJ and CONTEXTO rules; the Bidi Rule is checked across the domain separately.
    static let idnaOptions: IDNA.Options = [.nontransitional, .checkContextJ, .checkContextO]

    /// The label separators of UTS #46 §4: full stop, ideographic, full-width and half-width
    /// ideographic full stops.
    static func isLabelSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "\u{3002}", "\u{FF0E}", "\u{FF61}": true
        default: false
        }
    }

    /// Checks `domain` and gives its two forms. With `shortcuts` off (for the tests, which
    /// compare), plain domains and simple labels go through the same steps and ICU as any other.
    static func check(_ domain: Substring, shortcuts: Bool = true) -> Result {
        var result = Result()
        if domain.isEmpty {
            result.issues.append(ValidationIssue(.emailDomainEmpty))
            return result
        }
        // Characters, not bytes: a bracket with a combining mark is something else.
        if domain.utf8.first == UInt8(ascii: "["), domain.utf8.last == UInt8(ascii: "]"), domain.first == "[", domain.last == "]" {
            result.issues.append(ValidationIssue(.emailIPLiteral))
            return result
        }
        return UTF8Text.withBytes(of: domain) { check($0, domain, shortcuts: shortcuts) }
    }

    private static func check(_ bytes: UnsafeBufferPointer<UInt8>, _ domain: Substring, shortcuts: Bool) -> Result {
        // The common case, decided in one pass over the bytes: a plain domain that needs no
        // IDNA and is valid. The rest of this function gives the same forms for it.
        if shortcuts, let isLowercase = StrictEmailValidator.scanPlainDomain(bytes) {
            let lower = isLowercase ? String(domain) : asciiLowercased(bytes)
            return Result(issues: [], unicode: lower, ascii: lower)
        }
        var result = Result()
        // Checked before any label is processed: IDNA work on a long label is not linear.
        let length = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }   // scalars: bytes that start one
        if length > StrictEmailValidator.domainMaximumLength {
            result.issues.append(ValidationIssue(.emailDomainTooLong, ["maximum": StrictEmailValidator.domainMaximumLength, "actual": length]))
            return result
        }
        result.issues = characterIssues(bytes, domain)
        guard result.issues.isEmpty else { return result }

        var labels: [Label] = []
        forEachLabel(in: bytes) { labels.append(label(UnsafeBufferPointer(rebasing: bytes[$0]), shortcuts: shortcuts)) }
        result.issues = structureIssues(labels)
        guard result.issues.isEmpty else { return result }
        for index in labels.indices { result.issues.appendOnce(contentsOf: labels[index].issues) }
        guard result.issues.isEmpty else { return result }

        let ascii = joined(labels, ascii: true)
        result.issues = registrationAndBidiIssues(ascii: ascii, labels: labels)
        guard result.issues.isEmpty else { return result }
        result.ascii = ascii
        result.unicode = joined(labels, ascii: false)
        return result
    }

    /// The labels' ASCII or Unicode forms joined by full stops, their bytes copied into one
    /// allocation. By index: iterating would copy every label.
    private static func joined(_ labels: [Label], ascii: Bool) -> String {
        let count = labels.indices.reduce(labels.count - 1) { $0 + (ascii ? labels[$1].ascii : labels[$1].unicode).utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for index in labels.indices {
                if index > 0 {
                    buffer[offset] = UInt8(ascii: ".")
                    offset += 1
                }
                UTF8Text.withBytes(of: ascii ? labels[index].ascii : labels[index].unicode) { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + bytes.count)]).initialize(from: bytes)
                    offset += bytes.count
                }
            }
            return offset
        }
    }

    // MARK: Characters

    /// Characters no host name may contain, before any mapping: ASCII other than letters,
    /// digits, hyphen and dot; separators, controls and format characters; a leading combining
    /// mark; and characters whose decomposition holds a full stop (`⒈`), which would split labels.
    private static func characterIssues(_ bytes: UnsafeBufferPointer<UInt8>, _ domain: Substring) -> [ValidationIssue] {
        var refused = RefusedCharacters()
        var disallowed: [Unicode.Scalar] = []
        var leadingMark = false
        var extraAt = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    break
                case UInt8(ascii: "@"): extraAt = true
                default: refused.refuse(Unicode.Scalar(byte))
                }
                index += 1
                continue
            }
            let (scalar, next) = UTF8Text.scalar(at: index, in: bytes)
            let properties = PrecisCodePoint(scalar)
            if !EmailCharacters.isSafe(properties.generalCategory, atStart: index == 0) {
                if index == 0, properties.generalCategory.isMark {
                    leadingMark = true
                } else {
                    refused.refuseAsUnsafe(scalar)
                }
            } else if scalar != "\u{FF0E}", properties.compatibilityMappingHasFullStop {
                disallowed.append(scalar)
            }
            index = next
        }
        var issues: [ValidationIssue] = []
        if extraAt { issues.append(ValidationIssue(.emailMultipleAt)) }
        refused.appendIssues(to: &issues, invalidCode: .emailDomainInvalidCharacters, in: domain)
        if leadingMark {
            let first = domain.split(whereSeparator: { isLabelSeparator($0.unicodeScalars.first!) }).first
            issues.append(ValidationIssue(.emailDomainLeadingCombiningMark, ["label": String(first ?? domain)]))
        }
        if !disallowed.isEmpty {
            issues.append(ValidationIssue(.emailDomainDisallowedCharacters, EmailCharacters.parameters(disallowed)))
        }
        return issues
    }

    // MARK: Structure

    /// Dots and hyphens: no empty label (RFC 1035 §2.3.1), no label starting or ending with a
    /// hyphen (RFC 952), no `--` in the third and fourth places unless the label is an A-label
    /// (RFC 5891 §4.2.3.1), and only letters, digits and hyphens once mapped (RFC 1123 §2.1).
    static func structureIssues(_ labels: [Label]) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if labels.first?.unicode.isEmpty == true { issues.append(ValidationIssue(.emailDomainLeadingDot)) }
        if labels.count > 1, labels.last?.unicode.isEmpty == true { issues.append(ValidationIssue(.emailDomainTrailingDot)) }
        if labels.count > 2, labels.dropFirst().dropLast().contains(where: { $0.unicode.isEmpty }) {
            issues.append(ValidationIssue(.emailDomainConsecutiveDots))
        }
        var mappedInvalid: [Unicode.Scalar] = []
        // By index: iterating would copy every label.
        for index in labels.indices where !labels[index].unicode.isEmpty {
            let shape = labels[index].shape
            if shape.hyphenAtEitherEnd {
                issues.appendOnce(ValidationIssue(.emailDomainLabelHyphen, ["label": labels[index].unicode]))
            }
            if shape.reservedHyphens {
                issues.appendOnce(ValidationIssue(.emailDomainLabelReservedHyphens, ["label": labels[index].unicode]))
            }
            mappedInvalid += shape.nonLDH
        }
        if !mappedInvalid.isEmpty {
            var refused = RefusedCharacters()
            for scalar in mappedInvalid { refused.refuse(scalar) }
            refused.appendIssues(to: &issues, invalidCode: .emailDomainInvalidCharacters, in: "")
        }
        return issues
    }

    // MARK: Registration

    /// What a domain whose labels are all valid may still break: `registrationIssues`, then the
    /// Bidi Rule across its labels (RFC 5893 §2).
    static func registrationAndBidiIssues(ascii: String, labels: [Label]) -> [ValidationIssue] {
        var issues = registrationIssues(ascii: ascii, labels: labels)
        if labels.indices.contains(where: { labels[$0].shape.mayBeRightToLeft }),
            let first = IDNA2008.labelsBreakingBidiRule(labels.indices.map { labels[$0].unicode }).first
        {
            issues.append(ValidationIssue(.emailDomainBidi, ["label": first]))
        }
        return issues
    }

    /// What a domain on the public internet needs: at most 253 octets and 63 per label in ASCII
    /// form, at least two labels, a top-level domain ending in a letter, no special-use name.
    static func registrationIssues(ascii: String, labels: [Label]) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        let length = ascii.utf8.count
        if length > StrictEmailValidator.domainMaximumLength {
            issues.append(ValidationIssue(.emailDomainTooLong, ["maximum": StrictEmailValidator.domainMaximumLength, "actual": length]))
        }
        if let long = labels.indices.first(where: { labels[$0].ascii.utf8.count > StrictEmailValidator.labelMaximumLength }) {
            issues.append(ValidationIssue(.emailDomainLabelTooLong, ["maximum": StrictEmailValidator.labelMaximumLength, "actual": labels[long].ascii.utf8.count]))
        }
        if labels.count < 2 { issues.append(ValidationIssue(.emailDomainNoDot)) }
        UTF8Text.withBytes(of: ascii) { bytes in
            if let last = bytes.last, !((last >= 0x61 && last <= 0x7A) || (last >= 0x41 && last <= 0x5A)) {
                issues.append(ValidationIssue(.emailDomainNumericTLD, ["tld": labels.last?.unicode ?? ""]))
            }
            if let special = specialUseName(under: bytes, ascii) {
                issues.append(ValidationIssue(.emailDomainSpecialUse, ["domain": special]))
            }
        }
        return issues
    }

    /// The special-use name that `ascii` is or is under.
    private static func specialUseName(under bytes: UnsafeBufferPointer<UInt8>, _ ascii: String) -> String? {
        guard UTF8Text.isASCII(bytes) else {
            return StrictEmailValidator.specialUseDomains.first { ascii == $0 || ascii.hasSuffix("." + $0) }
        }
        return specialUseName(underASCII: bytes)
    }

    /// The special-use name that the ASCII domain in `bytes` is or is under.
    static func specialUseName(underASCII bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // In ASCII text every character is one byte but CR LF, which no name holds, so the last
        // label's bytes say what `==` and `hasSuffix` say.
        let last = UnsafeBufferPointer(rebasing: bytes[(bytes.lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0)...])
        return StrictEmailValidator.specialUseName(exactly: last)
    }
}
