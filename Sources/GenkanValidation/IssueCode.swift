/// The stable code of one validation outcome, such as `email.missing-at` or `password.too-short`.
///
/// Codes are the spine of Genkan: Swift callers switch on them, the browser receives them in JSON,
/// and each is the key of its message in the String Catalog. A code never changes meaning once
/// shipped; a new outcome gets a new code.
public struct IssueCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// What a code means and which parameters its issues carry, for the catalog and its tooling.
public struct IssueCodeDescriptor: Sendable, Hashable {
    public let code: IssueCode
    /// Parameter names in the order the catalog's positional specifiers use them (`%1$lld` is
    /// the first).
    public let parameters: [String]
    /// One sentence for translators: when the issue is raised.
    public let explanation: String

    public init(_ code: IssueCode, parameters: [String] = [], _ explanation: String) {
        self.code = code
        self.parameters = parameters
        self.explanation = explanation
    }
}

extension IssueCode {
    /// Every code GenkanValidation can produce, with its parameters. The catalog must have a key
    /// for each (the localization tests and `genkan catalog lint` check it).
    public static var all: [IssueCodeDescriptor] {
        emailCodes + passwordCodes + nameCodes + formCodes
    }
}
