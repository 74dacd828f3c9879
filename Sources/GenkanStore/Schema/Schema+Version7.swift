extension Schema {
    /// Migration 7: `accounts.credentials_trusted_since`, the moment since which every way into the
    /// account was put there by the owner of its address (`StoredAccount.credentialsTrustedSince`).
    /// Existing accounts start without one: nothing on them is known to be the owner's, so the
    /// owner's next reset or first sign-in link removes what a stranger may have added before.
    static let version7: [Step] = [
        .ddl { "ALTER TABLE accounts ADD COLUMN credentials_trusted_since \($0.integer)" }
    ]
}
