/// What a one-time code sent by mail lets its holder do.
public enum ActionCodePurpose: String, Sendable, Hashable, CaseIterable {
    /// Prove that the account's address is the holder's.
    case verifyEmail = "verify-email"
    /// Set a new password without the old one.
    case resetPassword = "reset-password"
    /// Move the account to a new address (the code carries it and is mailed there).
    case changeEmail = "change-email"
}

/// How long one-time codes live, in seconds, by purpose.
public struct ActionCodePolicy: Sendable, Hashable {
    public var resetPassword: Int64
    public var verifyEmail: Int64
    public var changeEmail: Int64

    /// A reset link lives an hour (it replaces the password); the others three days (a mail may
    /// wait over a weekend before it is read).
    public static let standard = ActionCodePolicy(resetPassword: 3600, verifyEmail: 3 * 86_400, changeEmail: 3 * 86_400)

    public init(resetPassword: Int64, verifyEmail: Int64, changeEmail: Int64) {
        self.resetPassword = resetPassword
        self.verifyEmail = verifyEmail
        self.changeEmail = changeEmail
    }

    /// Seconds from issue to expiry of a code for `purpose`.
    public func lifetime(of purpose: ActionCodePurpose) -> Int64 {
        switch purpose {
        case .resetPassword: resetPassword
        case .verifyEmail: verifyEmail
        case .changeEmail: changeEmail
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
    /// reset: the code is void once the account's address changes), or the new address (change).
    public let email: String
    public let createdAt: Int64
    public let expiresAt: Int64
}

/// Why a code cannot be used (`AuthFailure(_:)` turns it into the Firebase error).
public enum ActionCodeFailure: Error, Sendable, Hashable {
    /// Unknown, already used, replaced by a newer code, for another purpose, or its account is
    /// gone, disabled or has changed its address.
    case invalid
    /// Right code, past its expiry.
    case expired
}
