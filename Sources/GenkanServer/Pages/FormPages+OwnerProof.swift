import GenkanHTTP
import GenkanStore
import GenkanValidation

/// The passkey answer a sensitive form carries in place of its current password (the hidden
/// `passkey` field the page's script fills), when it carries one.
enum OwnerProofField {
    static let name = "passkey"
    /// The longest answer read (the verifier caps the browser's JSON at 128 KiB itself).
    static let maximumBytes = 256 * 1024

    /// The form's passkey answer, or nil: none, or the form had no such field.
    static func passkey(in form: FormData?) -> [UInt8]? {
        guard let text = form?[name], !text.isEmpty, text.utf8.count <= maximumBytes else { return nil }
        return Array(text.utf8)
    }
}

extension PasswordChecks {
    /// A sensitive form's proof of the owner, then `operation`: the passkey answer when the form
    /// carries one (`Authenticator.proving` with `.passkey`, its outcome in the security log),
    /// else the current password behind the sign-in limits.
    func proving<T>(
        _ signedIn: SignedIn, form: FormData?, client: Client, in core: Authenticator,
        _ operation: (ProvenSession) -> Result<T, AuthFailure>
    ) -> Result<T, AuthFailure> {
        if let answer = OwnerProofField.passkey(in: form) {
            return core.proving(
                sessionToken: signedIn.token, .passkey(answer),
                passkeyChecked: { security.passkey(.reauthentication, $0, client: client.address) }, operation)
        }
        let current = form?[FormField.currentPassword.rawValue] ?? ""
        return reauthentication(signedIn, client: client, in: core) {
            core.proving(sessionToken: signedIn.token, password: current, operation)
        }
    }
}
