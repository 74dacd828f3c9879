import GenkanUnicode

/// The domain of a strict e-mail address: checked, and converted to its Unicode form (for
/// storage and display) and its ASCII form (for sending).
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

    /// The label separators of UTS #46 §4: full stop, ideographic, full-width and half-width ideographic full stops.
    static let labelSeparators: Set<Unicode.Scalar> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"]

    static func check(_ domain: Substring) -> Result {
        var result = Result()
        if domain.isEmpty {
            result.issues.append(ValidationIssue(.emailDomainEmpty))
            return result
        }
        if domain.first == "[", domain.last == "]" {
            result.issues.append(ValidationIssue(.emailIPLiteral))
            return result
        }
        // Checked before any label is processed: IDNA work on a long label is not linear.
        let length = domain.unicodeScalars.count
        if length > StrictEmailValidator.domainMaximumLength {
            result.issues.append(ValidationIssue(.emailDomainTooLong, ["maximum": StrictEmailValidator.domainMaximumLength, "actual": length]))
            return result
        }
        result.issues = characterIssues(domain)
        guard result.issues.isEmpty else { return result }

        let labels = domain.utf8.allSatisfy({ $0 < 0x80 }) ? asciiLabels(domain) : internationalLabels(domain)
        result.issues = structureIssues(labels)
        guard result.issues.isEmpty else { return result }
        for label in labels { result.issues.appendOnce(contentsOf: label.issues) }
        guard result.issues.isEmpty else { return result }

        let ascii = labels.map(\.ascii).joined(separator: ".")
        result.issues = registrationIssues(ascii: ascii, labels: labels)
        let breaking = IDNA2008.labelsBreakingBidiRule(labels.map(\.unicode))
        if let first = breaking.first {
            result.issues.append(ValidationIssue(.emailDomainBidi, ["label": first]))
        }
        guard result.issues.isEmpty else { return result }
        result.ascii = ascii
        result.unicode = labels.map(\.unicode).joined(separator: ".")
        return result
    }

    // MARK: Characters

    /// Characters no host name may contain, before any mapping: ASCII other than letters,
    /// digits, hyphen and dot; separators, controls and format characters; a leading combining
    /// mark; and characters whose decomposition holds a full stop (`⒈`), which would split labels.
    static func characterIssues(_ domain: Substring) -> [ValidationIssue] {
        var refused = RefusedCharacters()
        var disallowed: [Unicode.Scalar] = []
        var leadingMark = false
        var extraAt = false
        for (offset, scalar) in domain.unicodeScalars.enumerated() {
            if scalar.isASCII {
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", ".": break
                case "@": extraAt = true
                default: refused.refuse(scalar)
                }
                continue
            }
            let properties = CodePointProperties(scalar)
            if !EmailCharacters.isSafe(properties.generalCategory, atStart: offset == 0) {
                if offset == 0, properties.generalCategory.isMark {
                    leadingMark = true
                } else {
                    refused.refuseAsUnsafe(scalar)
                }
            } else if scalar != "\u{FF0E}", properties.changesUnderNFKC, decomposesWithFullStop(scalar) {
                disallowed.append(scalar)
            }
        }
        var issues: [ValidationIssue] = []
        if extraAt { issues.append(ValidationIssue(.emailMultipleAt)) }
        issues += refused.issues(invalidCode: .emailDomainInvalidCharacters, in: domain)
        if leadingMark {
            let first = domain.split(whereSeparator: { labelSeparators.contains($0.unicodeScalars.first!) }).first
            issues.append(ValidationIssue(.emailDomainLeadingCombiningMark, ["label": String(first ?? domain)]))
        }
        if !disallowed.isEmpty {
            issues.append(ValidationIssue(.emailDomainDisallowedCharacters, ["characters": EmailCharacters.display(disallowed)]))
        }
        return issues
    }

    private static func decomposesWithFullStop(_ scalar: Unicode.Scalar) -> Bool {
        String(scalar).normalized(.nfkd).utf8.contains(UInt8(ascii: "."))
    }

    // MARK: Labels

    /// One label in its two forms, with what IDNA found wrong with it.
    struct Label {
        /// The label after UTS #46 mapping, Punycode decoded.
        var unicode: String
        /// The label as sent: lower-case ASCII, Punycode for an internationalized label.
        var ascii: String
        /// Whether the label was written as an A-label (`xn--…`).
        var isACE: Bool
        var issues: [ValidationIssue] = []
    }

    static func asciiLabels(_ domain: Substring) -> [Label] {
        domain.split(separator: ".", omittingEmptySubsequences: false).map { part in
            let lower = part.lowercased()
            guard lower.hasPrefix("xn--") else { return Label(unicode: lower, ascii: lower, isACE: false) }
            return aceLabel(lower)
        }
    }

    /// An A-label written by the user: its Punycode must decode to a valid U-label that encodes
    /// back to the same A-label (RFC 5891 §5.3).
    private static func aceLabel(_ lower: String) -> Label {
        let decoded = IDNA.toUnicode(lower, options: idnaOptions)
        var label = Label(unicode: decoded.value ?? lower, ascii: lower, isACE: true)
        label.issues = idnaIssues(decoded.errors, label: label)
        if label.issues.isEmpty, IDNA.toASCII(label.unicode, options: idnaOptions).value != lower {
            label.issues.append(ValidationIssue(.emailDomainInvalidPunycode, ["label": lower]))
        }
        if label.issues.isEmpty {
            label.issues = derivedPropertyIssues(label)
        }
        return label
    }

    static func internationalLabels(_ domain: Substring) -> [Label] {
        domain.split(omittingEmptySubsequences: false, whereSeparator: { character in
            character.unicodeScalars.count == 1 && labelSeparators.contains(character.unicodeScalars.first!)
        }).map { part in
            if part.utf8.allSatisfy({ $0 < 0x80 }) {
                let lower = part.lowercased()
                return lower.hasPrefix("xn--") ? aceLabel(lower) : Label(unicode: lower, ascii: lower, isACE: false)
            }
            let text = String(part)
            let unicode = IDNA.toUnicode(text, options: idnaOptions)
            let ascii = IDNA.toASCII(text, options: idnaOptions)
            // A label that maps to an ASCII "xn--" label (written in full-width letters) is an
            // A-label. Only an x, or a compatibility character, can map to the leading x.
            let first = part.unicodeScalars.first!
            let decomposition = first.isASCII ? .none : CodePointProperties(first).decompositionType
            let mayMapToACE = first == "x" || first == "X" || (decomposition != .none && decomposition != .canonical)
            let mappedToACE = mayMapToACE && text.normalized(.nfkcCasefold).hasPrefix("xn--")
            var label = Label(unicode: unicode.value ?? text, ascii: ascii.value ?? text, isACE: mappedToACE)
            label.issues = idnaIssues(unicode.errors.union(ascii.errors), label: label)
            if label.issues.isEmpty { label.issues = derivedPropertyIssues(label) }
            return label
        }
    }

    /// The issues ICU's UTS #46 processing reports that are not structure (empty labels,
    /// hyphens and lengths are checked on every label alike in `structureIssues`).
    private static func idnaIssues(_ errors: IDNA.Errors, label: Label) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if !errors.isDisjoint(with: [.disallowed, .labelHasDot]) {
            let characters = label.unicode.unicodeScalars.filter {
                !$0.isASCII && IDNA.toUnicode(String($0), options: idnaOptions).errors.contains(.disallowed)
            }
            issues.append(ValidationIssue(.emailDomainDisallowedCharacters, ["characters": EmailCharacters.display(characters)]))
        }
        if !errors.isDisjoint(with: [.punycode, .invalidACELabel]) {
            issues.append(ValidationIssue(.emailDomainInvalidPunycode, ["label": label.ascii]))
        }
        if errors.contains(.leadingCombiningMark) {
            issues.append(ValidationIssue(.emailDomainLeadingCombiningMark, ["label": label.unicode]))
        }
        if !errors.isDisjoint(with: [.contextJ, .contextOPunctuation, .contextODigits]) {
            let characters = label.unicode.unicodeScalars.filter {
                let property = IDNA2008.derivedProperty(of: $0)
                return property == .contextJ || property == .contextO
            }
            issues.append(ValidationIssue(.emailDomainCharacterContext, ["characters": EmailCharacters.display(characters)]))
        }
        return issues
    }

    /// Characters UTS #46 keeps but IDNA2008 disallows (RFC 5892 §3), in the U-label.
    private static func derivedPropertyIssues(_ label: Label) -> [ValidationIssue] {
        var disallowed: [Unicode.Scalar] = []
        let stable = IDNA2008.isStable(label.unicode)
        for scalar in label.unicode.unicodeScalars where !scalar.isASCII {
            switch IDNA2008.derivedProperty(of: scalar, knownStable: stable) {
            case .pvalid, .contextJ, .contextO: break
            case .disallowed, .unassigned: disallowed.append(scalar)
            }
        }
        if disallowed.isEmpty { return [] }
        return [ValidationIssue(.emailDomainDisallowedCharacters, ["characters": EmailCharacters.display(disallowed)])]
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
        for label in labels where !label.unicode.isEmpty {
            let forms = label.isACE ? [label.ascii, label.unicode] : [label.unicode]
            if forms.contains(where: { $0.hasPrefix("-") || $0.hasSuffix("-") }) {
                issues.appendOnce(ValidationIssue(.emailDomainLabelHyphen, ["label": label.unicode]))
            }
            let scalars = Array(label.unicode.unicodeScalars)
            if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-", !label.unicode.hasPrefix("xn--") {
                issues.appendOnce(ValidationIssue(.emailDomainLabelReservedHyphens, ["label": label.unicode]))
            }
            for form in [label.unicode, label.ascii] {
                for scalar in form.unicodeScalars where scalar.isASCII {
                    switch scalar {
                    case "a"..."z", "0"..."9", "-": break
                    default: mappedInvalid.append(scalar)
                    }
                }
            }
        }
        if !mappedInvalid.isEmpty {
            var refused = RefusedCharacters()
            for scalar in mappedInvalid { refused.refuse(scalar) }
            issues.append(contentsOf: refused.issues(invalidCode: .emailDomainInvalidCharacters, in: ""))
        }
        return issues
    }

    // MARK: Registration

    /// What a domain on the public internet needs: at most 253 octets and 63 per label in ASCII
    /// form, at least two labels, a top-level domain ending in a letter, no special-use name.
    static func registrationIssues(ascii: String, labels: [Label]) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        let length = ascii.utf8.count
        if length > StrictEmailValidator.domainMaximumLength {
            issues.append(ValidationIssue(.emailDomainTooLong, ["maximum": StrictEmailValidator.domainMaximumLength, "actual": length]))
        }
        if let long = labels.first(where: { $0.ascii.utf8.count > StrictEmailValidator.labelMaximumLength }) {
            issues.append(ValidationIssue(.emailDomainLabelTooLong, ["maximum": StrictEmailValidator.labelMaximumLength, "actual": long.ascii.utf8.count]))
        }
        if labels.count < 2 { issues.append(ValidationIssue(.emailDomainNoDot)) }
        if let last = ascii.utf8.last, !((last >= 0x61 && last <= 0x7A) || (last >= 0x41 && last <= 0x5A)) {
            issues.append(ValidationIssue(.emailDomainNumericTLD, ["tld": labels.last?.unicode ?? ""]))
        }
        if let special = StrictEmailValidator.specialUseDomains.first(where: { ascii == $0 || ascii.hasSuffix("." + $0) }) {
            issues.append(ValidationIssue(.emailDomainSpecialUse, ["domain": special]))
        }
        return issues
    }
}
