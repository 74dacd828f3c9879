/// What a one-time code sent by mail lets its holder do.
public enum ActionCodePurpose: String, Sendable, Hashable, CaseIterable {
    /// Prove that the account's address is the holder's.
    case verifyEmail = "verify-email"
    /// Set a new password without the old one.
    case resetPassword = "reset-password"
    /// Move the account to a new address (the code carries it and is mailed there).
    case changeEmail = "change-email"
    /// Undo an address change (the code carries the old address and is mailed there): Firebase's
    /// recoverEmail.
    case recoverEmail = "recover-email"

    /// Whether a code of this purpose carries an address of its own (the new one of a change, the
    /// old one of a recovery) rather than the account's address when it was issued; such a code
    /// stays usable when the account's address changes.
    var carriesOwnAddress: Bool { self == .changeEmail || self == .recoverEmail }
}

/// How long one-time codes live, in seconds, by purpose.
public struct ActionCodePolicy: Sendable, Hashable {
    public var resetPassword: Int64
    public var verifyEmail: Int64
    public var changeEmail: Int64
    /// How long the old address can undo a change.
    public var recoverEmail: Int64
    /// How long a sign-in link works (a sign-in code, `AccountStore.issueSignInCode`).
    public var signIn: Int64

    /// A reset link and a sign-in link live an hour (each opens the account); the others three
    /// days (a mail may wait over a weekend before it is read).
    public static let standard = ActionCodePolicy(
        resetPassword: 3600, verifyEmail: 3 * 86_400, changeEmail: 3 * 86_400, recoverEmail: 3 * 86_400)

    public init(resetPassword: Int64, verifyEmail: Int64, changeEmail: Int64, recoverEmail: Int64 = 3 * 86_400, signIn: Int64 = 3600) {
        self.resetPassword = resetPassword
        self.verifyEmail = verifyEmail
        self.changeEmail = changeEmail
        self.recoverEmail = recoverEmail
        self.signIn = signIn
    }

    /// Seconds from issue to expiry of a code for `purpose`.
    public func lifetime(of purpose: ActionCodePurpose) -> Int64 {
        switch purpose {
        case .resetPassword: resetPassword
        case .verifyEmail: verifyEmail
        case .changeEmail: changeEmail
        case .recoverEmail: recoverEmail
        }
    }
}

/// A code just issued. `token` is the only copy (the store keeps its SHA-256): put it in the link
/// and forget it.
public struct IssuedCode: Sendable, Hashable, CustomStringConvertible {
    public let token: String
    public let purpose: ActionCodePurpose
    public let accountID: Int64
    public let expiresAt: Int64
    /// The outbox row of the mail that carries the code, when one was written.
    public let mailID: Int64?

    /// Everything but the token, so that logging the value does not log a credential.
    public var description: String {
        "IssuedCode(\(purpose.rawValue), account \(accountID), expires \(expiresAt), mail \(mailID.map(String.init) ?? "none"))"
    }
}

/// A live code and the account it belongs to.
public struct ActionCode: Sendable, Hashable {
    public let purpose: ActionCodePurpose
    public let account: Account
    /// The address the code is about: the account's address when it was issued (verification,
    /// reset: the code is void once the account's address changes), the new address (change), or
    /// the address before the change (recovery).
    public let email: String
    public let createdAt: Int64
    public let expiresAt: Int64
}

/// Why a code cannot be used (`AuthFailure(_:)` turns it into the Firebase error).
public enum ActionCodeFailure: Error, Sendable, Hashable {
    /// Unknown, already used, replaced by a newer code, for another purpose, or its account is
    /// gone, disabled or has changed its address (a verification or reset code); an address
    /// change requested before the password was changed or the address recovered.
    case invalid
    /// Right code, past its expiry.
    case expired
}
