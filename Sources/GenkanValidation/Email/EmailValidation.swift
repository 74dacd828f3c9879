import GenkanJSON

/// The verdict of an `EmailRule` on one value: every issue found, and the forms to store and to
/// send when the address is valid.
public struct EmailValidation: Sendable, Hashable {
    /// The value as given.
    public let input: String
    /// Every issue found, each with its own code and parameters; empty when the address is valid.
    public let issues: [ValidationIssue]
    public var isValid: Bool { issues.isEmpty }
    /// The form to store and compare: NFC, domain lower-cased (and, in `.strict` mode, in
    /// Unicode); nil when invalid.
    public let normalized: String?
    /// The form to send: the domain in ASCII (Punycode); nil when the local part needs SMTPUTF8
    /// (RFC 6531) or the address is invalid.
    public let ascii: String?
    /// Whether the local part has non-ASCII characters, so only SMTPUTF8 servers can deliver to it.
    public let requiresSMTPUTF8: Bool

    init(input: String, issues: [ValidationIssue], normalized: String?, ascii: String?, requiresSMTPUTF8: Bool) {
        self.input = input
        self.issues = issues
        self.normalized = normalized
        self.ascii = ascii
        self.requiresSMTPUTF8 = requiresSMTPUTF8
    }

    static func invalid(_ input: String, _ issues: [ValidationIssue]) -> EmailValidation {
        precondition(!issues.isEmpty, "an invalid address needs at least one issue")
        return EmailValidation(input: input, issues: issues, normalized: nil, ascii: nil, requiresSMTPUTF8: false)
    }
}

extension EmailValidation {
    /// The verdict as JSON: `{"value", "valid", "normalized", "ascii", "requiresSMTPUTF8",
    /// "issues": [{"code", "parameters"}]}`.
    public var json: JSONValue {
        .object([
            ("value", .string(input)),
            ("valid", .bool(isValid)),
            ("normalized", .optional(normalized)),
            ("ascii", .optional(ascii)),
            ("requiresSMTPUTF8", .bool(requiresSMTPUTF8)),
            ("issues", .array(issues.map { .object([("code", .string($0.code.rawValue)), ("parameters", $0.parameters.json)]) })),
        ])
    }
}
