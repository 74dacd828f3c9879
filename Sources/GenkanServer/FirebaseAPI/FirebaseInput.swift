import GenkanStore
import GenkanValidation

/// The API's fields checked with the site's rules (GenkanValidation), as the pages check them, and
/// their failures in Firebase's strings.
struct FirebaseInput: Sendable {
    let rules: ValidationViewModel

    /// The normalized address, or `INVALID_EMAIL` (`missing` when there is none).
    func email(_ value: String?, missing: FirebaseErrorCode = .missingEmail) throws(FirebaseError) -> String {
        guard let value else { throw FirebaseError(missing) }
        guard let normalized = rules.validate(.passwordResetRequest, values: [.email: value]).normalizedEmail else {
            throw FirebaseError(.invalidEmail)
        }
        return normalized
    }

    /// A new password prepared for hashing, under the site's policy with the address and name as
    /// context: `WEAK_PASSWORD : Password should be at least N characters` when too short,
    /// `PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: […]` for a missing
    /// character class, and `WEAK_PASSWORD : …` naming the site's issue for the rest (a common
    /// password, one that contains the address).
    func newPassword(_ value: String?, email: String?, name: String?) throws(FirebaseError) -> String {
        guard let value else { throw FirebaseError(.missingPassword) }
        let verdict = rules.validate(
            .passwordReset, values: [.newPassword: value, .passwordConfirmation: value], context: PasswordContext(email: email, name: name))
        if let prepared = verdict.preparedPassword, verdict.isValid { return prepared }
        let codes = verdict.issues.map(\.code.rawValue)
        let minimum = rules.passwordPolicy.minimumLength
        if codes.contains("password.too-short") {
            throw FirebaseError(.weakPassword, "Password should be at least \(minimum) characters")
        }
        let requirements = codes.compactMap { code -> String? in
            switch code {
            case "password.missing-lowercase": "Password must contain a lower case character"
            case "password.missing-uppercase": "Password must contain an upper case character"
            case "password.missing-number": "Password must contain a numeric character"
            case "password.missing-symbol": "Password must contain a non-alphanumeric character"
            default: nil
            }
        }
        if !requirements.isEmpty {
            throw FirebaseError(.passwordRequirements, "Missing password requirements: [\(requirements.joined(separator: ", "))]")
        }
        throw FirebaseError(.weakPassword, "Password does not meet the site's policy (\(codes.joined(separator: ", ")))")
    }

    /// The password of a sign-in, prepared as the sign-in page prepares it (the policy is not
    /// applied, so an older password still signs in).
    func password(_ value: String?, email: String) throws(FirebaseError) -> String {
        guard let value else { throw FirebaseError(.missingPassword) }
        guard let prepared = rules.validate(.signIn, values: [.email: email, .password: value]).preparedPassword else {
            throw FirebaseError(.invalidLoginCredentials)
        }
        return prepared
    }

    /// A display name normalized as the sign-up page stores it, with its comparison key; an empty
    /// name is no name.
    func displayName(_ value: String?) throws(FirebaseError) -> (name: String, key: String) {
        guard let value, !value.isEmpty else { return ("", "") }
        let verdict = rules.validate(.nameChange, values: [.name: value])
        guard let name = verdict.normalizedName, let key = verdict.nameComparisonKey else {
            throw .invalidArgument("Invalid value at 'displayName' (\(verdict.issues.map(\.code.rawValue).joined(separator: ", "))).")
        }
        return (name, key)
    }

    /// A photo URL: kept as given, at most `AccountStore.maximumPhotoURLLength` bytes.
    func photoURL(_ value: String?) throws(FirebaseError) -> String? {
        guard let value else { return nil }
        guard value.utf8.count <= AccountStore.maximumPhotoURLLength else {
            throw .invalidArgument("Invalid value at 'photoUrl': longer than \(AccountStore.maximumPhotoURLLength) bytes.")
        }
        return value
    }
}
