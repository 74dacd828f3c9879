import GenkanUnicode

extension AccountStore {
    /// The comparison key of a normalized address (GenkanValidation's `normalizedEmail`): its
    /// default full case folding (ICU `u_strFoldCase`, `U_FOLD_CASE_DEFAULT`), so `Taro@example.com`,
    /// `TARO@example.com` and `taro@example.com` are one account, and so are `ÉCOLE@…` and
    /// `école@…` or `STRASSE@…` and `straße@…`.
    ///
    /// The domain is already lower-case after normalization; folding the local part too follows
    /// Firebase Auth, Keycloak and Kratos rather than RFC 5321 §2.4 (which lets a server tell
    /// local parts apart by case; mail providers do not do so in practice).
    public static func emailKey(_ normalizedEmail: String) -> String {
        normalizedEmail.caseFolded
    }
}
