import GenkanUnicode

/// `EmailRule.Mode.html`: the verdict of `<input type=email>` in Chromium, which a server can
/// then promise matches what the browser accepted.
///
/// The value is sanitized as the HTML Living Standard says (§4.10.5.1.5: strip CR and LF, then
/// leading and trailing ASCII whitespace). A value with non-ASCII characters has the part after
/// its first `@` converted by ICU's UTS #46 ToASCII with Chromium's options (transitional
/// processing, CheckBidi; Blink's `EmailInputType::ConvertEmailAddressToASCII`), kept only when
/// the conversion has no error, is at most 255 units long and makes the whole value match. The
/// result must match the WHATWG "valid e-mail address" pattern.
enum HTMLEmailValidator {
    /// Chromium's `kIdnaConversionOption` (UIDNA_CHECK_BIDI alone, so transitional).
    static let chromiumIDNAOptions: IDNA.Options = [.checkBidi]
    static let maximumDomainLength = 255

    static func validate(_ input: String) -> EmailValidation {
        // Most values are ASCII with nothing to sanitize: match them as they are.
        if isSanitizedASCII(input) {
            if EmailPatterns.whatwg.matches(input) { return valid(input, input: input) }
            return .invalid(input, diagnose(input, conversion: nil))
        }
        var value = sanitize(input)
        var conversion: (errors: IDNA.Errors, ascii: String?)?
        if !value.utf8.allSatisfy({ $0 < 0x80 }), let at = value.firstIndex(of: "@") {
            let host = String(value[value.index(after: at)...])
            let converted = IDNA.toASCII(host, options: chromiumIDNAOptions)
            conversion = (converted.errors, converted.value)
            if let ascii = converted.value, converted.errors.isEmpty, ascii.utf16.count <= maximumDomainLength {
                let candidate = String(value[..<at]) + "@" + ascii
                if EmailPatterns.whatwg.matches(candidate) { value = candidate }
            }
        }
        if !value.isEmpty, EmailPatterns.whatwg.matches(value) { return valid(value, input: input) }
        return .invalid(input, diagnose(value, conversion: conversion))
    }

    /// A matching value, stored with its domain lower-cased.
    private static func valid(_ value: String, input: String) -> EmailValidation {
        let at = value.utf8.firstIndex(of: UInt8(ascii: "@"))!
        let domain = value.utf8[value.utf8.index(after: at)...]
        let normalized = domain.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
            ? String(value[...at]) + String(value[value.index(after: at)...]).lowercased()
            : value
        return EmailValidation(input: input, issues: [], normalized: normalized, ascii: normalized, requiresSMTPUTF8: false)
    }

    /// Whether `input` is ASCII and sanitization would leave it unchanged: no CR or LF, no ASCII
    /// whitespace at either end.
    private static func isSanitizedASCII(_ input: String) -> Bool {
        let utf8 = input.utf8
        guard let first = utf8.first, let last = utf8.last,
            !isASCIIWhitespace(first), !isASCIIWhitespace(last)
        else { return false }
        return !utf8.contains { $0 >= 0x80 || $0 == 0x0A || $0 == 0x0D }
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The value as `<input type=email>` stores it.
    static func sanitize(_ input: String) -> String {
        var scalars = Substring(input).unicodeScalars.filter { $0 != "\r" && $0 != "\n" }[...]
        let isASCIIWhitespace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{0C}" }
        while let first = scalars.first, isASCIIWhitespace(first) { scalars.removeFirst() }
        while let last = scalars.last, isASCIIWhitespace(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Why `value` does not match the WHATWG pattern, clause by clause, in the same codes the
    /// strict mode uses.
    static func diagnose(_ value: String, conversion: (errors: IDNA.Errors, ascii: String?)?) -> [ValidationIssue] {
        if value.isEmpty { return [ValidationIssue(.emailEmpty)] }
        guard let at = value.firstIndex(of: "@") else {
            if value.contains("＠") { return [ValidationIssue(.emailLookalikeAt, ["character": "＠"])] }
            if value.contains("﹫") { return [ValidationIssue(.emailLookalikeAt, ["character": "﹫"])] }
            return [ValidationIssue(.emailMissingAt)]
        }
        let local = value[..<at]
        let domain = value[value.index(after: at)...]
        var issues: [ValidationIssue] = []

        if local.isEmpty {
            issues.append(ValidationIssue(.emailLocalEmpty))
        } else {
            var refused = RefusedCharacters()
            for scalar in local.unicodeScalars where !(scalar == "." || StrictEmailValidator.LocalPart.isAtext(scalar)) {
                refused.refuse(scalar)
            }
            issues += refused.issues(invalidCode: .emailLocalInvalidCharacters, in: local)
        }

        if domain.isEmpty {
            issues.append(ValidationIssue(.emailDomainEmpty))
            return issues
        }
        let domainIssues: [ValidationIssue]
        if let conversion, !conversion.errors.isEmpty {
            domainIssues = conversionIssues(domain, conversion: conversion)
        } else {
            // ASCII, or converted to ASCII without error: the pattern's clauses on that form.
            domainIssues = patternIssues(conversion?.ascii.map { $0[...] } ?? domain)
        }
        issues += domainIssues
        if issues.isEmpty {
            // Not reached when the clauses above are complete; still, name the characters the
            // pattern cannot match rather than give no reason.
            let outside = domain.unicodeScalars.filter { !$0.isASCII }
            issues.append(ValidationIssue(.emailDomainInvalidCharacters, ["characters": EmailCharacters.display(outside)]))
        }
        return issues
    }

    /// The domain clauses of the pattern: labels of letters, digits and hyphens, 1 to 63 long,
    /// not starting or ending with a hyphen, separated by single dots.
    static func patternIssues(_ domain: Substring) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        var refused = RefusedCharacters()
        var extraAt = false
        for scalar in domain.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", ".": break
            case "@": extraAt = true
            default: refused.refuse(scalar)
            }
        }
        if extraAt { issues.append(ValidationIssue(.emailMultipleAt)) }
        issues += refused.issues(invalidCode: .emailDomainInvalidCharacters, in: domain)
        issues += labelIssues(domain.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        return issues
    }

    private static func labelIssues(_ labels: [String]) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if labels.first?.isEmpty == true { issues.append(ValidationIssue(.emailDomainLeadingDot)) }
        if labels.count > 1, labels.last?.isEmpty == true { issues.append(ValidationIssue(.emailDomainTrailingDot)) }
        if labels.count > 2, labels.dropFirst().dropLast().contains(where: \.isEmpty) {
            issues.append(ValidationIssue(.emailDomainConsecutiveDots))
        }
        if let hyphenated = labels.first(where: { $0.hasPrefix("-") || $0.hasSuffix("-") }) {
            issues.append(ValidationIssue(.emailDomainLabelHyphen, ["label": hyphenated]))
        }
        if let long = labels.first(where: { $0.utf8.count > StrictEmailValidator.labelMaximumLength }) {
            issues.append(ValidationIssue(.emailDomainLabelTooLong, ["maximum": StrictEmailValidator.labelMaximumLength, "actual": long.utf8.count]))
        }
        return issues
    }

    /// Why the browser could not convert a Unicode domain, from ICU's UTS #46 errors.
    private static func conversionIssues(_ domain: Substring, conversion: (errors: IDNA.Errors, ascii: String?)) -> [ValidationIssue] {
        let errors = conversion.errors
        var issues: [ValidationIssue] = []
        var refused = RefusedCharacters()
        for scalar in domain.unicodeScalars where scalar.isASCII {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", ".": break
            case "@": issues.appendOnce(ValidationIssue(.emailMultipleAt))
            default: refused.refuse(scalar)
            }
        }
        issues += refused.issues(invalidCode: .emailDomainInvalidCharacters, in: domain)
        // Labels as the user wrote them (mapped separators split them), for the structural errors.
        let written = EmailDomain.labelTexts(domain).map { $0.lowercased() }
        let labels = (conversion.ascii ?? String(domain)).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if !errors.isDisjoint(with: [.emptyLabel, .leadingHyphen, .trailingHyphen]) {
            issues.append(contentsOf: labelIssues(written).filter { $0.code != .emailDomainLabelTooLong })
        }
        if errors.contains(.labelTooLong) {
            issues.append(contentsOf: labelIssues(labels).filter { $0.code == .emailDomainLabelTooLong })
        }
        if errors.contains(.hyphen34),
            let label = written.first(where: { $0.count >= 4 && Array($0)[2...3] == ["-", "-"] && !$0.hasPrefix("xn--") })
        {
            issues.append(ValidationIssue(.emailDomainLabelReservedHyphens, ["label": label]))
        }
        if errors.contains(.domainTooLong) {
            issues.append(ValidationIssue(.emailDomainTooLong, ["maximum": StrictEmailValidator.domainMaximumLength, "actual": conversion.ascii?.utf8.count ?? domain.utf8.count]))
        }
        if !errors.isDisjoint(with: [.disallowed, .labelHasDot]) {
            let characters = domain.unicodeScalars.filter {
                !$0.isASCII && !IDNA.toASCII(String($0), options: chromiumIDNAOptions).errors.isDisjoint(with: [.disallowed, .labelHasDot])
            }
            if refused.isEmpty || !characters.isEmpty {
                issues.append(ValidationIssue(.emailDomainDisallowedCharacters, ["characters": EmailCharacters.display(characters)]))
            }
        }
        if !errors.isDisjoint(with: [.punycode, .invalidACELabel]) {
            let label = labels.first { $0.lowercased().hasPrefix("xn--") } ?? String(domain)
            issues.append(ValidationIssue(.emailDomainInvalidPunycode, ["label": label]))
        }
        if errors.contains(.leadingCombiningMark) {
            let label = domain.split(separator: ".").first { $0.unicodeScalars.first.map { CodePointProperties($0).generalCategory.isMark } ?? false }
            issues.append(ValidationIssue(.emailDomainLeadingCombiningMark, ["label": String(label ?? domain)]))
        }
        if errors.contains(.bidi) {
            let unicodeLabels = domain.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let label = IDNA2008.labelsBreakingBidiRule(unicodeLabels).first ?? String(domain)
            issues.append(ValidationIssue(.emailDomainBidi, ["label": label]))
        }
        return issues
    }
}
