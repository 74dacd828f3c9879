import GenkanValidation

/// One rule of a Firebase password policy that a password failed, read from the server's
/// `PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [...]` detail.
public enum PasswordRequirement: Sendable, Hashable, CustomStringConvertible {
    /// At least this many characters.
    case minimumLength(Int)
    /// At most this many characters.
    case maximumLength(Int)
    /// At least one lowercase letter.
    case lowercase
    /// At least one uppercase letter.
    case uppercase
    /// At least one digit.
    case digit
    /// At least one character that is neither a letter nor a digit.
    case nonAlphanumeric
    /// A requirement this version does not know, with the server's text.
    case unrecognized(String)

    /// The requirements in a server detail; empty when the detail names none.
    ///
    /// The server lists the unmet rules in brackets, separated by commas: `Missing password
    /// requirements: [Password must contain at least 8 characters, Password must contain a numeric
    /// character]`. Policy field names (`containsNumericCharacter`) are understood too.
    public static func parse(detail: String) -> [PasswordRequirement] {
        guard let open = detail.firstIndex(of: "["),
              let close = detail[open...].firstIndex(of: "]")
        else { return [] }
        return detail[detail.index(after: open)..<close]
            .split(separator: ",")
            .prefix(32)
            .map { $0.trimmingSpaces }
            .filter { !$0.isEmpty }
            .map(PasswordRequirement.init(serverText:))
    }

    /// The requirement one server phrase states (`Password must contain an upper case character`).
    public init(serverText: String) {
        let text = serverText.lowercased()
        let words = text.filter { $0.isLetter || $0.isNumber }
        let number = Int(String(text.drop { !$0.isNumber }.prefix { $0.isNumber }).prefix(9))
        if let number, words.contains("atleast") || words.contains("minpasswordlength") {
            self = .minimumLength(number)
        } else if let number, words.contains("atmost") || words.contains("maxpasswordlength") {
            self = .maximumLength(number)
        } else if words.contains("lowercase") {
            self = .lowercase
        } else if words.contains("uppercase") {
            self = .uppercase
        } else if words.contains("nonalphanumeric") {
            self = .nonAlphanumeric
        } else if words.contains("numeric") || words.contains("digit") {
            self = .digit
        } else {
            self = .unrecognized(serverText)
        }
    }

    /// The symbols Firebase password policies count as non-alphanumeric characters.
    public static let firebaseSymbols = #"^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~"#

    /// The GenkanValidation issue that states the same rule, where one exists; its message is used.
    ///
    /// Length rules have none: the server does not say how long the password was, and
    /// `password.too-short` needs that.
    public var validationIssue: ValidationIssue? {
        switch self {
        case .lowercase: ValidationIssue("password.missing-lowercase", field: .password)
        case .uppercase: ValidationIssue("password.missing-uppercase", field: .password)
        case .digit: ValidationIssue("password.missing-number", field: .password)
        case .nonAlphanumeric: ValidationIssue("password.missing-symbol", field: .password, ["characters": Self.firebaseSymbols])
        case .minimumLength, .maximumLength, .unrecognized: nil
        }
    }

    /// The catalog key of this requirement's message.
    public var messageKey: String {
        switch self {
        case .minimumLength: "auth.password-requirement.minimum-length"
        case .maximumLength: "auth.password-requirement.maximum-length"
        case .unrecognized: "auth.password-requirement.unrecognized"
        case .lowercase, .uppercase, .digit, .nonAlphanumeric: validationIssue!.code.rawValue
        }
    }

    /// The parameters of the message, by name, in the order the message numbers them.
    public var parameters: IssueParameters {
        switch self {
        case .minimumLength(let minimum): ["minimum": minimum]
        case .maximumLength(let maximum): ["maximum": maximum]
        case .unrecognized(let text): ["requirement": text]
        case .lowercase, .uppercase, .digit, .nonAlphanumeric: validationIssue!.parameters
        }
    }

    public var description: String {
        switch self {
        case .minimumLength(let minimum): "minimum-length(\(minimum))"
        case .maximumLength(let maximum): "maximum-length(\(maximum))"
        case .lowercase: "lowercase"
        case .uppercase: "uppercase"
        case .digit: "digit"
        case .nonAlphanumeric: "non-alphanumeric"
        case .unrecognized(let text): "unrecognized(\(text))"
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
