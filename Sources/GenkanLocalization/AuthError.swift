/// A Firebase Authentication error as received, with what Genkan could read from it.
///
/// ```swift
/// let error = AuthError(parsing: #"{"error":{"code":400,"message":"EMAIL_EXISTS"}}"#)
/// error.code        // .emailAlreadyInUse
/// ```
public struct AuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error; `.internalError` when the input named none.
    public let code: AuthErrorCode
    /// The text the error was read from (a spelling, a server message, a REST body, an SDK message).
    public let input: String
    /// The server's detail after `CODE : `, such as `Password should be at least 6 characters`.
    public let detail: String?
    /// The unmet rules of `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`, in the server's order.
    public let unmetRequirements: [PasswordRequirement]
    /// False when the input named no known error and `code` is the internal-error fallback.
    public let isRecognized: Bool

    public init(
        _ code: AuthErrorCode, input: String? = nil, detail: String? = nil,
        unmetRequirements: [PasswordRequirement] = [], isRecognized: Bool = true
    ) {
        self.code = code
        self.input = input ?? code.rawValue
        self.detail = detail
        self.unmetRequirements = unmetRequirements
        self.isRecognized = isRecognized
    }

    public var description: String {
        var text = code.rawValue
        if let detail { text += " : \(detail)" }
        if !isRecognized { text += " (unrecognized: \(input))" }
        return text
    }
}
