/// Validates e-mail addresses, in one of two modes that each match a named reference exactly.
///
/// ```swift
/// let result = EmailRule.strict.validate("Dörte@Sörensen.example.com")
/// result.isValid            // true
/// result.normalized         // "Dörte@sörensen.example.com"
/// result.ascii              // nil: the local part needs SMTPUTF8
/// EmailRule.strict.validate("user@localhost").issues.map(\.code)   // [.emailDomainNoDot, .emailDomainSpecialUse]
/// ```
public struct EmailRule: Sendable, Hashable {
    public enum Mode: String, Sendable, CaseIterable {
        /// What `<input type=email>` accepts in Chromium: the WHATWG pattern after the browser's
        /// sanitization and UTS #46 conversion of a Unicode domain. Use it to agree with the browser.
        case html
        /// What python email-validator 2.4 accepts with `strict=True` and no deliverability
        /// check. The default, for sign-up.
        case strict
    }

    public var mode: Mode

    public init(mode: Mode = .strict) {
        self.mode = mode
    }

    public static let strict = EmailRule(mode: .strict)
    public static let html = EmailRule(mode: .html)

    /// The longest value, in UTF-8 bytes, that is read at all; a longer one is refused with
    /// `email.input-too-long` before any pattern or Unicode processing runs.
    public static let maximumInputLength = 1024

    /// The longest address, in octets (RFC 5321 §4.5.3.1.3 as corrected by errata 1690).
    public static let maximumLength = 254

    /// Every issue of `input` under this rule, and its normalized and ASCII forms when valid.
    public func validate(_ input: String) -> EmailValidation {
        let length = input.utf8.count
        if length > Self.maximumInputLength {
            return .invalid(input, [ValidationIssue(.emailInputTooLong, ["maximum": Self.maximumInputLength, "actual": length])])
        }
        switch mode {
        case .strict: return StrictEmailValidator.validate(input)
        case .html: return HTMLEmailValidator.validate(input)
        }
    }
}
