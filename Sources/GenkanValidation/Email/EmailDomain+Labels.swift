import GenkanUnicode

extension EmailDomain {
    /// The labels of `domain` as written: the text between label separators that are characters
    /// of their own (a separator followed by a combining mark is part of a larger character, as
    /// Swift's Character view sees it, and does not split).
    static func labelTexts(_ domain: Substring) -> [Substring] {
        var labels: [Substring] = []
        UTF8Text.withBytes(of: domain) { bytes in
            forEachLabel(in: bytes) { labels.append(domain[domain.index(atUTF8Offset: $0.lowerBound)..<domain.index(atUTF8Offset: $0.upperBound)]) }
        }
        return labels
    }

    /// Calls `body` with the byte range of each label of the domain in `bytes`, as `labelTexts`
    /// splits it.
    static func forEachLabel(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = 0
        var index = 0
        while index < bytes.count {
            // Every separator but the full stop is three bytes long and starts with 0xE3 or 0xEF.
            let byte = bytes[index]
            guard byte == UInt8(ascii: ".") || byte == 0xE3 || byte == 0xEF else {
                index += 1
                continue
            }
            let (scalar, next) = UTF8Text.scalar(at: index, in: bytes)
            if isLabelSeparator(scalar) {
                let previous = index > 0 ? UTF8Text.scalar(at: UTF8Text.start(ofScalarBefore: index, in: bytes), in: bytes).scalar : nil
                let following = next < bytes.count ? UTF8Text.scalar(at: next, in: bytes).scalar : nil
                if standsAlone(scalar, after: previous, before: following) {
                    body(start..<index)
                    start = next
                }
            }
            index = next
        }
        body(start..<bytes.count)
    }

    /// Whether `separator` is a character of its own between its neighbours.
    ///
    /// A separator is not one of the code points the longer grapheme cluster rules look for
    /// (regional indicators, emoji, Indic consonants), so only its neighbours can join it: a
    /// prepended character before it (UAX #29 GB9b), an extending or spacing mark or a joiner
    /// after it (GB9, GB9a). ASCII neighbours never do, nor those ICU's data puts in none of
    /// these classes; for the others, and for code points ICU does not know (a newer Unicode
    /// version may), Swift's segmentation of the three scalars decides, as it decides for the
    /// whole domain.
    private static func standsAlone(_ separator: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?) -> Bool {
        func mayJoin(_ scalar: Unicode.Scalar?, before: Bool) -> Bool {
            guard let scalar, !scalar.isASCII else { return false }
            let properties = PrecisCodePoint(scalar)
            return (before ? properties.isPrepend : properties.extendsGraphemeCluster) || properties.generalCategory == .Cn
        }
        if !mayJoin(previous, before: true), !mayJoin(next, before: false) { return true }
        var window = String.UnicodeScalarView()
        if let previous { window.append(previous) }
        window.append(separator)
        if let next { window.append(next) }
        return String(window).count == window.count
    }

    /// A label in its two forms, from its bytes as written: ASCII labels are lower-cased
    /// (A-labels are checked), others go through UTS #46 and then the IDNA2008 derived property.
    static func label(_ part: UnsafeBufferPointer<UInt8>, shortcuts: Bool = true) -> Label {
        if UTF8Text.isASCII(part) {
            return withLowercaseASCII(part) { lower in
                isACEPrefixed(lower) ? aceLabel(String(decoding: lower, as: UTF8.self), shortcuts: shortcuts) : Label(lowercaseASCII: lower)
            }
        }
        if shortcuts, let simple = simpleLabelForms(part) { return Label(unicode: simple.unicode, ascii: simple.ascii, isACE: false) }
        let (unicode, ascii) = IDNA.toUnicodeAndASCII(utf8: part, options: idnaOptions)
        let text = String(decoding: part, as: UTF8.self)
        // A label that maps to an ASCII "xn--" label (written in full-width letters) is an
        // A-label. Only an x, or a compatibility character that NFKC_Casefold maps to text
        // starting with x (or to nothing), can map to the leading x: the case folding and
        // compatibility mappings go code point by code point, and composing with what follows
        // never makes an x (it has no decomposition).
        let first = UTF8Text.scalar(at: 0, in: part).scalar
        let mayMapToACE = first == "x" || first == "X" || PrecisCodePoint(first).compatibilityMappingMayStartWithX
        let mappedToACE = mayMapToACE && text.normalizedUTF8(.nfkcCasefold).hasPrefix("xn--")
        var label = Label(unicode: unicode.value ?? text, ascii: ascii.value ?? text, isACE: mappedToACE)
        label.issues = idnaIssues(unicode.errors.union(ascii.errors), label: label)
        if label.issues.isEmpty { label.issues = derivedPropertyIssues(label) }
        return label
    }

    /// Whether lower-case `bytes` start with `xn--`.
    private static func isACEPrefixed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 4 && bytes[0] == UInt8(ascii: "x") && bytes[1] == UInt8(ascii: "n")
            && bytes[2] == UInt8(ascii: "-") && bytes[3] == UInt8(ascii: "-")
    }

    /// Runs `body` with ASCII `bytes` lower-cased, in a temporary buffer.
    private static func withLowercaseASCII<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[index] = UTF8Text.lowercaseASCII(byte)
            }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// UTF-8 `bytes` with their ASCII letters lower-cased, byte by byte.
    static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if !bytes.contains(where: UTF8Text.isUppercaseASCII) { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = UTF8Text.lowercaseASCII(byte) }
            return bytes.count
        }
    }

    /// An A-label written by the user: its Punycode must decode to a valid U-label that encodes
    /// back to the same A-label (RFC 5891 §5.3).
    private static func aceLabel(_ lower: String, shortcuts: Bool) -> Label {
        if shortcuts, let unicode = simpleULabel(ofALabel: lower) { return Label(unicode: unicode, ascii: lower, isACE: true) }
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

    /// The issues ICU's UTS #46 processing reports that are not structure (empty labels,
    /// hyphens and lengths are checked on every label alike in `structureIssues`).
    private static func idnaIssues(_ errors: IDNA.Errors, label: Label) -> [ValidationIssue] {
        if errors.isEmpty { return [] }
        var issues: [ValidationIssue] = []
        // Each flag on its own: a set literal of a type from another module is built through the
        // generic SetAlgebra initializer, a measurable cost on every invalid label.
        if errors.contains(.disallowed) || errors.contains(.labelHasDot) {
            let characters = label.unicode.unicodeScalars.filter {
                !$0.isASCII && IDNA.toUnicode(String($0), options: idnaOptions).errors.contains(.disallowed)
            }
            issues.append(ValidationIssue(.emailDomainDisallowedCharacters, EmailCharacters.parameters(characters)))
        }
        if errors.contains(.punycode) || errors.contains(.invalidACELabel) {
            issues.append(ValidationIssue(.emailDomainInvalidPunycode, ["label": label.ascii]))
        }
        if errors.contains(.leadingCombiningMark) {
            issues.append(ValidationIssue(.emailDomainLeadingCombiningMark, ["label": label.unicode]))
        }
        if errors.contains(.contextJ) || errors.contains(.contextOPunctuation) || errors.contains(.contextODigits) {
            let characters = label.unicode.unicodeScalars.filter {
                let property = IDNA2008.derivedProperty(of: $0)
                return property == .contextJ || property == .contextO
            }
            issues.append(ValidationIssue(.emailDomainCharacterContext, EmailCharacters.parameters(characters)))
        }
        return issues
    }

    /// Characters UTS #46 keeps but IDNA2008 disallows (RFC 5892 §3), in the U-label.
    private static func derivedPropertyIssues(_ label: Label) -> [ValidationIssue] {
        var disallowed: [Unicode.Scalar] = []
        for scalar in label.unicode.unicodeScalars where !scalar.isASCII {
            switch IDNA2008.derivedProperty(of: scalar) {
            case .pvalid, .contextJ, .contextO: break
            case .disallowed, .unassigned: disallowed.append(scalar)
            }
        }
        if disallowed.isEmpty { return [] }
        return [ValidationIssue(.emailDomainDisallowedCharacters, EmailCharacters.parameters(disallowed))]
    }
}
