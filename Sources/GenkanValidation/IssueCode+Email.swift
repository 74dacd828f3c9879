extension IssueCode {
    // MARK: The whole value

    /// The value is longer than `EmailRule.maximumInputLength`, so it was refused unread.
    public static let emailInputTooLong: IssueCode = "email.input-too-long"
    /// Nothing was entered.
    public static let emailEmpty: IssueCode = "email.empty"
    /// There is no `@`.
    public static let emailMissingAt: IssueCode = "email.missing-at"
    /// A look-alike (full-width `＠`, small `﹫`) stands where `@` belongs.
    public static let emailLookalikeAt: IssueCode = "email.lookalike-at"
    /// There is more than one `@`.
    public static let emailMultipleAt: IssueCode = "email.multiple-at"
    /// The value is a display name with an address in angle brackets (RFC 5322 §3.4).
    public static let emailDisplayName: IssueCode = "email.display-name"
    /// The address contains spaces, tabs or line breaks.
    public static let emailWhitespace: IssueCode = "email.whitespace"
    /// The address contains control, format, invisible, private-use or unassigned characters.
    public static let emailUnsafeCharacters: IssueCode = "email.unsafe-characters"
    /// The address is longer than 254 octets in UTF-8 (RFC 5321 §4.5.3.1.3, errata 1690).
    public static let emailTooLong: IssueCode = "email.too-long"

    // MARK: Before the @

    /// Nothing before the `@`.
    public static let emailLocalEmpty: IssueCode = "email.local-empty"
    /// The part before the `@` is longer than 64 characters (RFC 5321 §4.5.3.1.1).
    public static let emailLocalTooLong: IssueCode = "email.local-too-long"
    /// The part before the `@` contains characters a dot-atom does not allow (RFC 5322 §3.2.3).
    public static let emailLocalInvalidCharacters: IssueCode = "email.local-invalid-characters"
    /// The address starts with a dot.
    public static let emailLocalLeadingDot: IssueCode = "email.local-leading-dot"
    /// A dot stands right before the `@`.
    public static let emailLocalTrailingDot: IssueCode = "email.local-trailing-dot"
    /// Two dots in a row before the `@`.
    public static let emailLocalConsecutiveDots: IssueCode = "email.local-consecutive-dots"
    /// The address starts with a combining mark, which would attach to the text before it.
    public static let emailLocalLeadingCombiningMark: IssueCode = "email.local-leading-combining-mark"
    /// The part before the `@` is in quotes (RFC 5321 §4.1.2 quoted-string), which is not accepted.
    public static let emailQuotedLocalPart: IssueCode = "email.quoted-local-part"
    /// The address contains a comment in parentheses (RFC 5322 §3.2.2), which is not accepted.
    public static let emailComment: IssueCode = "email.comment"

    // MARK: After the @

    /// Nothing after the `@`.
    public static let emailDomainEmpty: IssueCode = "email.domain-empty"
    /// The domain is an IP address in brackets (RFC 5321 §4.1.3), which is not accepted.
    public static let emailIPLiteral: IssueCode = "email.ip-literal"
    /// The domain is longer than 253 octets (RFC 1035 §2.3.4).
    public static let emailDomainTooLong: IssueCode = "email.domain-too-long"
    /// The domain contains characters a host name does not allow (RFC 952, RFC 1123 §2.1).
    public static let emailDomainInvalidCharacters: IssueCode = "email.domain-invalid-characters"
    /// A dot stands right after the `@`.
    public static let emailDomainLeadingDot: IssueCode = "email.domain-leading-dot"
    /// The address ends with a dot.
    public static let emailDomainTrailingDot: IssueCode = "email.domain-trailing-dot"
    /// Two dots in a row after the `@`.
    public static let emailDomainConsecutiveDots: IssueCode = "email.domain-consecutive-dots"
    /// A label of the domain is longer than 63 octets (RFC 1035 §2.3.1).
    public static let emailDomainLabelTooLong: IssueCode = "email.domain-label-too-long"
    /// A label of the domain starts or ends with a hyphen (RFC 952, RFC 5891 §4.2.3.1).
    public static let emailDomainLabelHyphen: IssueCode = "email.domain-label-hyphen"
    /// A label has hyphens in its third and fourth places but is not Punycode (RFC 5890 §2.3.1).
    public static let emailDomainLabelReservedHyphens: IssueCode = "email.domain-label-reserved-hyphens"
    /// The domain has no dot, so it is not a domain on the public internet.
    public static let emailDomainNoDot: IssueCode = "email.domain-no-dot"
    /// The top-level domain does not end with a letter (every top-level domain does).
    public static let emailDomainNumericTLD: IssueCode = "email.domain-numeric-tld"
    /// The domain is a special-use or reserved name (RFC 6761, RFC 6762, RFC 7686).
    public static let emailDomainSpecialUse: IssueCode = "email.domain-special-use"
    /// The domain contains characters internationalized domain names do not allow (RFC 5892, UTS #46 §4).
    public static let emailDomainDisallowedCharacters: IssueCode = "email.domain-disallowed-characters"
    /// A label starting with `xn--` is not valid Punycode for an internationalized label (RFC 5891 §5.3).
    public static let emailDomainInvalidPunycode: IssueCode = "email.domain-invalid-punycode"
    /// A label mixes right-to-left and left-to-right text in a way the Bidi Rule forbids (RFC 5893 §2).
    public static let emailDomainBidi: IssueCode = "email.domain-bidi"
    /// A joiner or other contextual character stands where its rule forbids it (RFC 5892 Appendix A).
    public static let emailDomainCharacterContext: IssueCode = "email.domain-character-context"
    /// A label of the domain starts with a combining mark (RFC 5891 §4.2.3.2).
    public static let emailDomainLeadingCombiningMark: IssueCode = "email.domain-leading-combining-mark"
}

extension IssueCode {
    /// The codes of Email issues.
    ///
    /// Text parameters named `characters` list the offending characters once each, in the order
    /// they first appear, separated by spaces; a character that cannot be seen is written as
    /// `U+XXXX`.
    public static var emailCodes: [IssueCodeDescriptor] {
        [
            IssueCodeDescriptor(.emailInputTooLong, parameters: ["maximum", "actual"],
                "The value is longer (actual bytes) than the most the form reads (maximum bytes), so it was refused without being checked."),
            IssueCodeDescriptor(.emailEmpty, "No e-mail address was entered."),
            IssueCodeDescriptor(.emailMissingAt, "The e-mail address has no @ sign."),
            IssueCodeDescriptor(.emailLookalikeAt, parameters: ["character"],
                "The e-mail address uses a character that looks like the @ sign (such as the full-width ＠) instead of @."),
            IssueCodeDescriptor(.emailMultipleAt, "The e-mail address has more than one @ sign."),
            IssueCodeDescriptor(.emailDisplayName,
                "The value is a name followed by an address in angle brackets; only the address itself should be entered."),
            IssueCodeDescriptor(.emailWhitespace, "The e-mail address contains spaces, tabs or line breaks."),
            IssueCodeDescriptor(.emailUnsafeCharacters, parameters: ["characters"],
                "The e-mail address contains invisible or control characters (listed as U+ codes) that are not allowed."),
            IssueCodeDescriptor(.emailTooLong, parameters: ["maximum", "actual"],
                "The whole e-mail address is longer than the maximum number of bytes (actual is its length)."),

            IssueCodeDescriptor(.emailLocalEmpty, "Nothing was entered before the @ sign."),
            IssueCodeDescriptor(.emailLocalTooLong, parameters: ["maximum", "actual"],
                "The part before the @ sign has more characters (actual) than allowed (maximum)."),
            IssueCodeDescriptor(.emailLocalInvalidCharacters, parameters: ["characters"],
                "The part before the @ sign contains characters that are not allowed there."),
            IssueCodeDescriptor(.emailLocalLeadingDot, "The e-mail address starts with a dot."),
            IssueCodeDescriptor(.emailLocalTrailingDot, "There is a dot immediately before the @ sign."),
            IssueCodeDescriptor(.emailLocalConsecutiveDots, "The part before the @ sign has two dots in a row."),
            IssueCodeDescriptor(.emailLocalLeadingCombiningMark,
                "The e-mail address starts with an accent or other combining mark that has no letter to sit on."),
            IssueCodeDescriptor(.emailQuotedLocalPart,
                "The part before the @ sign is written in quotation marks, which this form does not accept."),
            IssueCodeDescriptor(.emailComment,
                "The e-mail address contains a comment in parentheses, which this form does not accept."),

            IssueCodeDescriptor(.emailDomainEmpty, "Nothing was entered after the @ sign."),
            IssueCodeDescriptor(.emailIPLiteral,
                "The part after the @ sign is an IP address in square brackets, which this form does not accept."),
            IssueCodeDescriptor(.emailDomainTooLong, parameters: ["maximum", "actual"],
                "The domain after the @ sign is longer than the maximum number of bytes (actual is its length)."),
            IssueCodeDescriptor(.emailDomainInvalidCharacters, parameters: ["characters"],
                "The domain after the @ sign contains characters that are not allowed in domain names."),
            IssueCodeDescriptor(.emailDomainLeadingDot, "There is a dot immediately after the @ sign."),
            IssueCodeDescriptor(.emailDomainTrailingDot, "The e-mail address ends with a dot."),
            IssueCodeDescriptor(.emailDomainConsecutiveDots, "The domain after the @ sign has two dots in a row."),
            IssueCodeDescriptor(.emailDomainLabelTooLong, parameters: ["maximum", "actual"],
                "One part of the domain between dots is longer than the maximum number of bytes (actual is its length)."),
            IssueCodeDescriptor(.emailDomainLabelHyphen, parameters: ["label"],
                "The named part of the domain between dots starts or ends with a hyphen."),
            IssueCodeDescriptor(.emailDomainLabelReservedHyphens, parameters: ["label"],
                "The named part of the domain has two hyphens in its third and fourth places, which is reserved for encoded international names."),
            IssueCodeDescriptor(.emailDomainNoDot,
                "The domain after the @ sign has no dot, so it cannot receive mail from the internet (such as example.com)."),
            IssueCodeDescriptor(.emailDomainNumericTLD, parameters: ["tld"],
                "The last part of the domain (the named top-level domain) does not end with a letter, so it does not exist."),
            IssueCodeDescriptor(.emailDomainSpecialUse, parameters: ["domain"],
                "The domain is a reserved name (such as localhost or .test) that cannot receive e-mail."),
            IssueCodeDescriptor(.emailDomainDisallowedCharacters, parameters: ["characters"],
                "The domain contains characters that international domain names do not allow."),
            IssueCodeDescriptor(.emailDomainInvalidPunycode, parameters: ["label"],
                "The named part of the domain starts with xn-- but is not a correctly encoded international name."),
            IssueCodeDescriptor(.emailDomainBidi, parameters: ["label"],
                "The named part of the domain mixes right-to-left and left-to-right text in a way that could display misleadingly."),
            IssueCodeDescriptor(.emailDomainCharacterContext, parameters: ["characters"],
                "The domain uses joining or punctuation characters in a position where they are not allowed."),
            IssueCodeDescriptor(.emailDomainLeadingCombiningMark, parameters: ["label"],
                "The named part of the domain starts with an accent or other combining mark."),
        ]
    }
}
