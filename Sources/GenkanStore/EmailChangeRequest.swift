/// What asking to move an account to a new address did.
///
/// The page decides what to say: `.addressInUse` is `auth/email-already-in-use`, or, where the
/// site must not reveal which addresses have accounts, the same answer as `.sent`.
public enum EmailChangeRequest: Sendable, Hashable {
    /// A `change-email` code was issued and its mail queued to the new address; the change
    /// happens when the link is opened.
    case sent
    /// Another account has the address (case aside): no code, no mail.
    case addressInUse
    /// The address is the account's own (case aside): no code, no mail.
    case unchanged
}
