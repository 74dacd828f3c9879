/// The state of a sign-in with an OpenID provider between the redirect and the callback, kept in
/// the database so that any server on it can finish what another began.
extension Authenticator {
    /// Keeps an authorization request under its `state` (stored as its hash) until it is taken or
    /// expires.
    public func saveAuthorization(state: String, _ authorization: ProviderAuthorization) throws(StoreError) {
        try store.saveAuthorization(state: state, authorization)
    }

    /// Keeps a provider's posted answer (Apple's `form_post`: its code and `user`) with the live
    /// request its state names, for the callback that follows.
    ///
    /// - Returns: whether such a request was waiting.
    @discardableResult
    public func recordAuthorizationResponse(state: String, provider: String, code: String, user: String?) throws(StoreError) -> Bool {
        try store.recordAuthorizationResponse(state: state, provider: provider, code: code, user: user)
    }

    /// Takes the request `state` names, once: nil when it is unknown, used or expired.
    public func takeAuthorization(state: String) throws(StoreError) -> ProviderAuthorization? {
        try store.takeAuthorization(state: state)
    }
}
