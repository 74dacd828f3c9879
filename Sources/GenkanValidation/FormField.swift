/// The fields of Genkan's forms; an issue names the field it belongs to.
public enum FormField: String, Sendable, Hashable, CaseIterable, Codable {
    case name
    case email
    case password
    case passwordConfirmation = "password-confirmation"
    case currentPassword = "current-password"
    case newPassword = "new-password"
    /// A checkbox that confirms an irreversible step (deleting the account); any value is a tick.
    case confirmation = "confirm"
    /// A second factor's code: six digits from an authenticator app, or a recovery code (the core
    /// tells them apart by their form).
    case code
}
