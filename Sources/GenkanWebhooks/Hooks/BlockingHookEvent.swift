/// The moments a blocking hook is asked about, as Firebase's blocking functions name them.
public enum BlockingHookEvent: String, Sendable, CaseIterable {
    /// Before an account is stored (after its input was checked, before anything is written).
    case beforeCreate
    /// After the credentials were checked, before a session or a token is issued.
    case beforeSignIn

    /// The webhook type of the request's body (`user.beforeCreate`), Firebase's event name with
    /// Standard Webhooks' dotted form.
    public var messageType: String { "user." + rawValue }
}

/// What a server does when a blocking hook cannot be asked (it does not answer within its time, it
/// answers 5xx, or its answer cannot be read): `--hooks-fail open|closed`.
public enum HooksFailMode: String, Sendable, CaseIterable {
    /// Go on as if the hook had allowed it.
    case open
    /// Refuse, as if the hook had refused.
    case closed
}
