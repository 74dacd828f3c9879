import GenkanJSON

extension EmailRule {
    /// The attributes of the `<input>` that asks for an address under this rule, in order.
    ///
    /// `type=email` makes the browser apply the WHATWG pattern (exactly `.html` mode) before the
    /// form is sent; `maxlength` is the address limit of RFC 5321 §4.5.3.1.3.
    public var htmlAttributes: [(name: String, value: String)] {
        [
            ("type", "email"),
            ("required", ""),
            ("maxlength", String(Self.maximumLength)),
            ("autocomplete", "email"),
            ("inputmode", "email"),
            ("autocapitalize", "none"),
            ("spellcheck", "false"),
        ]
    }

    /// The codes this rule can report, in the order of `IssueCode.emailCodes`.
    public var issueCodes: [IssueCode] {
        let all = IssueCode.emailCodes.map(\.code)
        switch mode {
        case .strict:
            return all
        case .html:
            // The WHATWG pattern has no length limits on the address or local part, allows any
            // dots and a single-label domain, and knows nothing of quotes, literals or names.
            let strictOnly: Set<IssueCode> = [
                .emailDisplayName, .emailTooLong, .emailLocalTooLong, .emailLocalLeadingDot,
                .emailLocalTrailingDot, .emailLocalConsecutiveDots, .emailLocalLeadingCombiningMark,
                .emailQuotedLocalPart, .emailIPLiteral, .emailDomainNoDot, .emailDomainNumericTLD,
                .emailDomainSpecialUse, .emailDomainCharacterContext,
            ]
            return all.filter { !strictOnly.contains($0) }
        }
    }

    /// The rule for the browser: `{"rule": "email", "mode", "attributes": {...}, "limits": {...},
    /// "codes": [...]}`, with attributes as in `htmlAttributes`.
    public var json: JSONValue {
        RuleDescription.json(
            rule: "email", setting: ("mode", mode.rawValue), attributes: htmlAttributes,
            limits: [
                ("maxlength", .integer(Self.maximumLength)),
                ("maximumInputLength", .integer(Self.maximumInputLength)),
            ],
            codes: issueCodes)
    }

    /// `json`, serialized.
    public var jsonDescription: String { json.serialized() }
}
