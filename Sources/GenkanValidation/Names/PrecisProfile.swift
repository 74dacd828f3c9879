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
    }

    /// Enforces the profile on `input` (RFC 8264 §7): the five rules, once more to check that they
    /// are stable (twice more for nicknames, RFC 8266 §2.3), then the string class per code point.
    package func enforce(_ input: String) -> Result {
        var failures: [Failure] = []
        var bidiFailed = false
        var output = applyRules(input, bidiFailed: &bidiFailed)
        if self == .nickname || self == .nicknameCaseMapped {
            output = applyRules(output, bidiFailed: &bidiFailed)
        }
        if applyRules(output, bidiFailed: &bidiFailed) != output { failures.append(.unstable) }
        if bidiFailed { failures.append(.bidiRule) }
        if output.isEmpty { failures.append(.empty) }
        failures += classFailures(output)
        return Result(output: output, failures: failures)
    }

    // MARK: The five rules

    private func applyRules(_ value: String, bidiFailed: inout Bool) -> String {
        var text = value
        if self == .usernameCaseMapped { text = Self.mapWidth(text) }
        switch self {
        case .opaqueString: text = Self.mapNonASCIISpaces(text)
        case .nickname, .nicknameCaseMapped: text = Self.collapseSpaces(Self.mapNonASCIISpaces(text))
        case .usernameCaseMapped: break
        }
        if self == .usernameCaseMapped || self == .nicknameCaseMapped { text = Self.lowercased(text) }
        text = text.normalized(self == .nickname || self == .nicknameCaseMapped ? .nfkc : .nfc)
        if self == .usernameCaseMapped, !isASCIIFast(text) {
            let properties = text.unicodeScalars.map(CodePointProperties.init)
            if BidiRule.applies(to: properties), !BidiRule.holds(for: properties) { bidiFailed = true }
        }
        return text
    }

    /// Width mapping rule (RFC 8265 §3.3.1): a fullwidth or halfwidth character becomes its
    /// decomposition mapping when that is a single code point.
    static func mapWidth(_ text: String) -> String {
        if isASCIIFast(text) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let properties = CodePointProperties(scalar)
            if properties.decompositionType == .wide || properties.decompositionType == .narrow {
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
        if isASCIIFast(text) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x80, CodePointProperties(scalar).generalCategory == .Zs {
                result.append(" ")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The rest of the Nickname additional mapping rule (RFC 8266 §2.1): leading and trailing
    /// U+0020 removed, interior runs of U+0020 reduced to one.
    static func collapseSpaces(_ text: String) -> String {
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

    /// Case mapping rule (RFC 8265 §3.3.1, RFC 8266 §2.4): Unicode toLowerCase.
    static func lowercased(_ text: String) -> String {
        if isASCIIFast(text) { return text.lowercased() }
        return text.icuLowercased
    }

    // MARK: The string class

    /// Every code point of `output` that its string class refuses, once each, in order.
    private func classFailures(_ output: String) -> [Failure] {
        var failures: [Failure] = []
        if isASCIIFast(output) {
            // ASCII7 is PVALID; only spaces and controls need a look (RFC 8264 §9.11).
            var seen = Set<UInt8>()
            for byte in output.utf8 where byte < 0x21 || byte == 0x7F {
                guard seen.insert(byte).inserted else { continue }
                let scalar = Unicode.Scalar(byte)
                if byte == 0x20 {
                    if stringClass == .identifier { failures.append(.character(scalar, .disallowed, .spaces)) }
                } else {
                    failures.append(.character(scalar, .disallowed, .controls))
                }
            }
            return failures
        }
        let scalars = Array(output.unicodeScalars)
        let properties = scalars.map(CodePointProperties.init)
        var seen = Set<Unicode.Scalar>()
        for (index, scalar) in scalars.enumerated() {
            let (property, category) = properties[index].precisDerivedProperty(of: scalar, in: stringClass)
            switch property {
            case .pvalid: continue
            case .freePvalid: continue   // only produced for the FreeformClass
            case .contextJ, .contextO:
                if PrecisContextRules.allows(scalars, properties, at: index) { continue }
            case .disallowed, .unassigned: break
            }
            if seen.insert(scalar).inserted { failures.append(.character(scalar, property, category)) }
        }
        return failures
    }
}
