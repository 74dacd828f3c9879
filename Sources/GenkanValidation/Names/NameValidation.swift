/// The outcome of enforcing a `NameProfile` on one input.
public struct NameValidation: Sendable, Hashable {
    /// The string as it was given.
    public let input: String
    /// Every reason the name was refused; empty when it is valid.
    public let issues: [ValidationIssue]
    public var isValid: Bool { issues.isEmpty }
    /// The enforced form to store and display, or nil when the name is not valid.
    public let normalized: String?
    /// The form to compare for uniqueness ("is this name taken?"), or nil when the name is not
    /// valid: lower-cased for nicknames (RFC 8266 §2.4), the enforced form otherwise.
    public let comparisonKey: String?
}
