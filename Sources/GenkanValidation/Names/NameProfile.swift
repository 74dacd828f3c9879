import GenkanUnicode

/// How a name is prepared, checked and compared: a PRECIS profile (RFC 8264) plus length limits
/// and a confusable check.
///
/// ```swift
/// let result = NameProfile.nickname.enforce("ﾀﾛｳ　Ｙａｍａｄａ")
/// result.normalized      // "タロウ Yamada"
/// result.comparisonKey   // "タロウ yamada"
/// ```
public struct NameProfile: Sendable, Hashable {
    /// Display names: RFC 8266 Nickname (spaces mapped, trimmed and collapsed; NFKC).
    public static let nickname = NameProfile(
        precis: .nickname, maximumGraphemes: 64, maximumBytes: 256, checksConfusables: true)
    /// Account identifiers: RFC 8265 §3.3 UsernameCaseMapped (width mapping, lower case, NFC, the
    /// Bidi Rule; letters and digits only).
    public static let username = NameProfile(
        precis: .usernameCaseMapped, maximumGraphemes: 32, maximumBytes: 128, checksConfusables: true)
    /// Secrets and other strings compared exactly: RFC 8265 §4.2 OpaqueString.
    public static let opaqueString = NameProfile(
        precis: .opaqueString, maximumGraphemes: 4096, maximumBytes: 16384, checksConfusables: false)

    /// The most user-perceived characters (extended grapheme clusters, UAX #29) a name may have.
    public let maximumGraphemes: Int
    /// The most UTF-8 bytes the enforced name may take.
    public let maximumBytes: Int
    let precis: PrecisProfile
    /// Whether ICU's spoof checker looks for mixed-script confusables (UTS #39 §5.2).
    let checksConfusables: Bool

    /// An input longer than this many UTF-8 bytes is refused by its length alone, before any
    /// Unicode processing; mapping can shorten a name, but never by this much in practice.
    var inputByteLimit: Int { maximumBytes * 4 }

    init(precis: PrecisProfile, maximumGraphemes: Int, maximumBytes: Int, checksConfusables: Bool) {
        self.precis = precis
        self.maximumGraphemes = maximumGraphemes
        self.maximumBytes = maximumBytes
        self.checksConfusables = checksConfusables
    }

    /// The codes that come from Genkan's own limits rather than from the PRECIS profile.
    package static let policyCodes: Set<IssueCode> = [.nameTooLong, .nameTooManyBytes, .nameMixedScriptConfusable]

    /// Enforces the profile on `input`: reports every reason it is refused, or gives the form to
    /// store and the form to compare.
    public func enforce(_ input: String) -> NameValidation {
        let inputBytes = input.utf8.count
        if inputBytes > inputByteLimit {
            return NameValidation(
                input: input,
                issues: [ValidationIssue(.nameTooManyBytes, field: .name, ["maximum": maximumBytes, "actual": inputBytes])],
                normalized: nil, comparisonKey: nil)
        }
        let result = precis.enforce(input)
        var issues = Self.issues(for: result.failures)
        let output = result.output
        if !output.isEmpty {
            let graphemes = output.graphemeCount
            if graphemes > maximumGraphemes {
                issues.append(ValidationIssue(.nameTooLong, field: .name, ["maximum": maximumGraphemes, "actual": graphemes]))
            }
            let bytes = output.utf8.count
            if bytes > maximumBytes {
                issues.append(ValidationIssue(.nameTooManyBytes, field: .name, ["maximum": maximumBytes, "actual": bytes]))
            }
        }
        if checksConfusables, result.isValid, !isASCIIFast(output),
            SpoofChecker.check(output).contains(.mixedScriptConfusable)
        {
            issues.append(ValidationIssue(.nameMixedScriptConfusable, field: .name))
        }
        guard issues.isEmpty else {
            return NameValidation(input: input, issues: issues, normalized: nil, comparisonKey: nil)
        }
        let key = precis == .nickname ? PrecisProfile.nicknameCaseMapped.enforce(input).output : output
        return NameValidation(input: input, issues: [], normalized: output, comparisonKey: key)
    }

    /// The PRECIS verdict alone, without Genkan's length limits and confusable check.
    package func enforcePrecis(_ input: String) -> (output: String?, comparisonKey: String?) {
        let result = precis.enforce(input)
        guard result.isValid else { return (nil, nil) }
        guard precis == .nickname else { return (result.output, result.output) }
        let key = PrecisProfile.nicknameCaseMapped.enforce(input)
        return (result.output, key.isValid ? key.output : nil)
    }
}
