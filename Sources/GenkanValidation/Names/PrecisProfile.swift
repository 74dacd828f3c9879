import GenkanUnicode

/// The three PRECIS profiles Genkan offers, each as RFC 8265 and RFC 8266 define its five rules
/// (RFC 8264 §7 gives their order).
package enum PrecisProfile: Sendable, Hashable {
    /// UsernameCaseMapped (RFC 8265 §3.3).
    case usernameCaseMapped
    /// OpaqueString (RFC 8265 §4.2).
    case opaqueString
    /// Nickname (RFC 8266 §2), case preserved.
    case nickname
    /// Nickname with its case mapping rule applied: the form nicknames are compared in (RFC 8266 §2.4).
    case nicknameCaseMapped

    var stringClass: PrecisStringClass {
        self == .usernameCaseMapped ? .identifier : .freeform
    }

    private var isNickname: Bool { self == .nickname || self == .nicknameCaseMapped }

    /// Why enforcement failed; several reasons can hold at once.
    package enum Failure: Sendable, Hashable {
        /// Nothing is left after the rules (RFC 8264 §7, RFC 8266 §2.3).
        case empty
        /// The Bidi Rule does not hold (RFC 5893 §2).
        case bidiRule
        /// Applying the rules once more would change the result (RFC 8264 §7).
        case unstable
        /// The code point is not valid in the string class, or not where it stands.
        case character(Unicode.Scalar, PrecisDerivedProperty, PrecisCategory)
    }

    /// What enforcement produced: the enforced string, and the failures (none when it is valid).
    package struct Result: Sendable, Hashable {
        package let output: String
        package let failures: [Failure]
        package var isValid: Bool { failures.isEmpty }
        /// Whether lower-casing could change the input (it has an upper-case or title-case letter).
        let inputMayChangeWhenLowercased: Bool
        /// What one pass over the output saw, for the caller's own checks.
        let survey: Survey
    }

    /// Enforces the profile on `input` (RFC 8264 §7): the five rules, then once more to check that
    /// they are stable (for nicknames twice more, RFC 8266 §2.3, since trimming can expose spaces
    /// that NFKC produced), then the string class, code point by code point.
    package func enforce(_ input: String) -> Result {
        var failures: [Failure] = []
        var bidiFailed = false
        var inputSurvey = Survey(input, stringClass)
        let inputMayChange = inputSurvey.mayChangeWhenLowercased
        var output = applyRules(input, survey: &inputSurvey, bidiFailed: &bidiFailed)
        // The survey of the output serves both the next pass and the class check.
        var survey = Survey(output, stringClass)
        var nextSurvey = survey
        var next = applyRules(output, survey: &nextSurvey, bidiFailed: &bidiFailed)
        if isNickname, next != output {
            output = next
            survey = Survey(output, stringClass)
            nextSurvey = survey
            next = applyRules(output, survey: &nextSurvey, bidiFailed: &bidiFailed)
        }
        // When a pass changed nothing, the rules are deterministic and the pass after it would
        // change nothing either, so it is not run.
        if next != output { failures.append(.unstable) }
        if bidiFailed { failures.append(.bidiRule) }
        if output.isEmpty { failures.append(.empty) }
        if !survey.isValidWithoutContext { failures += classFailures(output) }
        return Result(output: output, failures: failures, inputMayChangeWhenLowercased: inputMayChange, survey: survey)
    }

    // MARK: The five rules

    /// One application of the five rules to `value`, whose survey the caller has taken.
    private func applyRules(_ value: String, survey: inout Survey, bidiFailed: inout Bool) -> String {
        var text = value
        if self == .usernameCaseMapped, survey.hasWidthDecomposition {
            text = Self.mapWidth(text)
            survey = Survey(text, stringClass)
        }
        if self != .usernameCaseMapped, survey.hasNonASCIISpace { text = Self.mapNonASCIISpaces(text) }
        if isNickname { text = Self.collapseSpaces(text) }
        if self == .usernameCaseMapped || self == .nicknameCaseMapped, survey.mayChangeWhenLowercased {
            if survey.isASCII {
                text = text.lowercased()
            } else {
                text = text.lowercasedUTF8
                survey.isNormalizedQuickly = (false, false)   // lower-casing can produce combining marks
            }
        }
        if !survey.isASCII {
            let quick = isNickname ? survey.isNormalizedQuickly.nfkc : survey.isNormalizedQuickly.nfc
            if !quick { text = text.normalizedUTF8(isNickname ? .nfkc : .nfc) }
            if self == .usernameCaseMapped {
                let properties = text.unicodeScalars.map(PrecisCodePoint.init)
                if BidiRule.applies(to: properties), !BidiRule.holds(for: properties) { bidiFailed = true }
            }
        }
        return text
    }

    /// Width mapping rule (RFC 8265 §3.3.1): a fullwidth or halfwidth character becomes its
    /// decomposition mapping when that is a single code point.
    static func mapWidth(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if PrecisCodePoint(scalar).hasWidthDecomposition {
                let mapped = String(scalar).normalized(.nfkc).unicodeScalars
                if mapped.count == 1 {
                    result.append(mapped.first!)
                    continue
                }
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// Additional mapping rule of OpaqueString and Nickname (RFC 8265 §4.2.1, RFC 8266 §2.1): every
    /// non-ASCII space (General_Category Zs) becomes U+0020.
    static func mapNonASCIISpaces(_ text: String) -> String {
        func isNonASCIISpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value >= 0x80 && PrecisCodePoint(scalar).generalCategory == .Zs
        }
        guard text.unicodeScalars.contains(where: isNonASCIISpace) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isNonASCIISpace(scalar) {
                bytes.append(0x20)
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The rest of the Nickname additional mapping rule (RFC 8266 §2.1): leading and trailing
    /// U+0020 removed, interior runs of U+0020 reduced to one.
    static func collapseSpaces(_ text: String) -> String {
        func isCollapsed(_ bytes: some Collection<UInt8>) -> Bool {
            var previous: UInt8 = 0x20
            for byte in bytes {
                if byte == 0x20, previous == 0x20 { return false }
                previous = byte
            }
            return previous != 0x20
        }
        let collapsed = text.utf8.withContiguousStorageIfAvailable(isCollapsed) ?? isCollapsed(text.utf8)
        guard !collapsed else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: The string class

    /// Every code point of `output` that its string class refuses, once each, in order.
    private func classFailures(_ output: String) -> [Failure] {
        let scalars = Array(output.unicodeScalars)
        let properties = scalars.map(PrecisCodePoint.init)
        var failures: [Failure] = []
        var seen: [Unicode.Scalar] = []   // a handful at most: a linear search beats hashing
        for (index, scalar) in scalars.enumerated() {
            let property = properties[index].derivedProperty(of: scalar, in: stringClass)
            switch property {
            case .pvalid, .freePvalid: continue   // FREE_PVAL is only produced for the FreeformClass
            case .contextJ, .contextO:
                if PrecisContextRules.allows(scalars, properties, at: index) { continue }
            case .disallowed, .unassigned: break
            }
            if !seen.contains(scalar) {
                seen.append(scalar)
                failures.append(.character(scalar, property, properties[index].precisCategory))
            }
        }
        return failures
    }
}

/// What one pass over a string's code points tells the rules about the work they have to do, and
/// tells NameProfile about an enforced name.
struct Survey: Sendable, Hashable {
    private(set) var isASCII = true
    private(set) var hasNonASCIISpace = false
    private(set) var hasWidthDecomposition = false
    /// Some code point is upper-case or title-case, so lower-casing may change the string.
    private(set) var mayChangeWhenLowercased = false
    /// Every code point is a starter with a quick-check value of Yes, so the string is already in
    /// NFC or NFKC (UAX #15 §9).
    var isNormalizedQuickly = (nfc: true, nfkc: true)
    /// Every code point is PVALID (or FREE_PVAL in the FreeformClass); when false, the class check
    /// looks at each code point in context.
    private(set) var isValidWithoutContext = true
    /// Every code point belongs to one and the same script, or is Common or Inherited without
    /// Script_Extensions of its own. The resolved script set of such a string is not empty: it is
    /// "single script" or "ASCII only" under UTS #39 §5.2, which the spoof checker's restriction
    /// level always accepts.
    private(set) var isSingleScript = true
    /// The number of code points.
    private(set) var count = 0

    init(_ text: String, _ stringClass: PrecisStringClass) {
        // Native Swift strings are contiguous UTF-8; decoding it here is faster than going through
        // the scalar view, and this loop runs several times for every name.
        var survey = Survey()
        var context = Context(stringClass: stringClass)
        let done: Void? = PrecisCodePoint.withTables { basic, supplementary in
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var index = 0
                let end = bytes.count
                while index < end {
                    let lead = UInt32(bytes[index])
                    if lead < 0x80 {
                        survey.seeASCII(lead, &context)
                        index += 1
                        continue
                    }
                    var value: UInt32
                    if lead < 0xE0 {
                        value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                        index += 2
                    } else if lead < 0xF0 {
                        value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                        index += 3
                    } else {
                        value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                        value |= UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                        index += 4
                    }
                    survey.see(value, PrecisCodePoint(codePoint: value, basic: basic, supplementary: supplementary), &context)
                }
            }
        }
        if done == nil {
            for scalar in text.unicodeScalars {
                if scalar.value < 0x80 {
                    survey.seeASCII(scalar.value, &context)
                } else {
                    survey.see(scalar.value, PrecisCodePoint(scalar), &context)
                }
            }
        }
        self = survey
    }

    private init() {}

    /// What the survey carries from one code point to the next.
    private struct Context {
        let stringClass: PrecisStringClass
        var script: UInt8?
        let latin = PrecisCodePoint.Scripts.latin
        let common = PrecisCodePoint.Scripts.common
        let inherited = PrecisCodePoint.Scripts.inherited
    }

    private mutating func seeScript(_ code: UInt8, _ context: inout Context) {
        if let script = context.script, script != code { isSingleScript = false }
        context.script = code
    }

    private mutating func seeASCII(_ value: UInt32, _ context: inout Context) {
        count += 1
        switch value {
        case 0x41...0x5A:
            mayChangeWhenLowercased = true
            seeScript(context.latin, &context)
        case 0x61...0x7A: seeScript(context.latin, &context)
        case 0x20: if context.stringClass == .identifier { isValidWithoutContext = false }   // RFC 8264 §9.14
        case 0x00..<0x20, 0x7F: isValidWithoutContext = false   // RFC 8264 §9.12
        default: break   // ASCII7 (RFC 8264 §9.11)
        }
    }

    private mutating func see(_ value: UInt32, _ properties: PrecisCodePoint, _ context: inout Context) {
        count += 1
        isASCII = false
        if properties.generalCategory == .Zs { hasNonASCIISpace = true }
        if properties.hasWidthDecomposition { hasWidthDecomposition = true }
        if properties.mayChangeWhenLowercased { mayChangeWhenLowercased = true }
        if !properties.isNFCStarter { isNormalizedQuickly.nfc = false }
        if !properties.isNFKCStarter { isNormalizedQuickly.nfkc = false }
        switch properties.derivedProperty(of: value, in: context.stringClass) {
        case .pvalid, .freePvalid: break
        default: isValidWithoutContext = false
        }
        // UTS #39 §5.1: Common and Inherited code points without Script_Extensions of their own
        // (spaces, most punctuation and symbols, emoji, combining accents) belong to every script.
        let code = properties.script
        if code == context.common || code == context.inherited { return }
        if code == PrecisCodePoint.Scripts.extended || code == PrecisCodePoint.Scripts.unknown {
            isSingleScript = false
        } else {
            seeScript(code, &context)
        }
    }

    static func == (a: Survey, b: Survey) -> Bool {
        a.isASCII == b.isASCII && a.hasNonASCIISpace == b.hasNonASCIISpace
            && a.hasWidthDecomposition == b.hasWidthDecomposition && a.mayChangeWhenLowercased == b.mayChangeWhenLowercased
            && a.isNormalizedQuickly == b.isNormalizedQuickly && a.isValidWithoutContext == b.isValidWithoutContext
            && a.isSingleScript == b.isSingleScript && a.count == b.count
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(isValidWithoutContext)
    }
}
