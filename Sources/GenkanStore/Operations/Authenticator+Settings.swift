import GenkanWebAuthn

extension Authenticator {
    /// What every connection's core shares: made once (its dummy hash costs an Argon2id run), then
    /// handed to each worker thread's `Authenticator`.
    public struct Settings: Sendable {
        public let hasher: PasswordHasher
        public let mail: any AccountMail
        public let passkeys: WebAuthnVerifier?
        /// Seals and opens TOTP secrets; nil where the server has no key file.
        public let twoFactorKeys: TwoFactorKeys?
        /// The operator's blocking hooks, asked before every account creation and sign-in; nil
        /// where none is configured.
        public let hooks: (any AccountHooks)?
        /// A hash of a random password with the current parameters, verified against when there is
        /// no account, so that an unknown address costs what a wrong password costs.
        let dummyHash: String

        public init(
            hasher: PasswordHasher = .owaspMinimum, mail: any AccountMail = NoAccountMail(), passkeys: WebAuthnVerifier? = nil,
            twoFactorKeys: TwoFactorKeys? = nil, hooks: (any AccountHooks)? = nil
        ) throws(StoreError) {
            self.hooks = hooks
            self.hasher = hasher
            self.mail = mail
            self.passkeys = passkeys
            self.twoFactorKeys = twoFactorKeys
            dummyHash = try hasher.hash(Secret.token())
        }
    }
}
