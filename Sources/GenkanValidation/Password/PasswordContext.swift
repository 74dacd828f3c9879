/// What else the form knows about the user, so a password can be checked against it.
public struct PasswordContext: Sendable, Hashable {
    /// The e-mail address being registered; its local part (before the last `@`) is compared.
    public var email: String?
    /// The user's name.
    public var name: String?

    public init(email: String? = nil, name: String? = nil) {
        self.email = email
        self.name = name
    }
}
