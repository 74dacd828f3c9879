/// Identities at OpenID providers linked to accounts, and authorization requests waiting for the
/// provider's callback (stored under the SHA-256 of their state).
public protocol IdentityStorage: AnyObject {
    /// - Throws: `StoreError.Code.constraint` when the identity (issuer and subject) is linked
    ///   already, to any account, or the account has an identity of that issuer.
    func insertIdentity(accountID: Int64, _ identity: ProviderIdentity) throws(StoreError)

    /// The account's identities in the order they were linked.
    func identities(accountID: Int64) throws(StoreError) -> [ProviderIdentity]

    /// The account an identity is linked to.
    func account(issuer: String, subject: String) throws(StoreError) -> Account?

    func setIdentityLastUsed(issuer: String, subject: String, _ time: Int64) throws(StoreError)

    /// Deletes the account's identity of the configured provider `provider`; false when it has none.
    func deleteIdentity(accountID: Int64, provider: String) throws(StoreError) -> Bool

    /// Deletes the account's identities linked at or after `linkedSince` (all of them when nil);
    /// returns how many.
    @discardableResult func deleteIdentities(accountID: Int64, linkedSince: Int64?) throws(StoreError) -> Int

    func insertAuthorization(stateKey: [UInt8], _ authorization: ProviderAuthorization, at time: Int64) throws(StoreError)

    /// Deletes the requests whose expiry is at or before `now`.
    func deleteExpiredAuthorizations(now: Int64) throws(StoreError)

    /// Records what the provider posted with the request under `stateKey`, only if it is for
    /// `provider`, unexpired at `now` and not answered yet.
    ///
    /// - Returns: whether a request took the answer.
    func recordAuthorizationResponse(
        stateKey: [UInt8], provider: String, code: String, user: String?, now: Int64
    ) throws(StoreError) -> Bool

    /// Deletes the request under `stateKey` and returns it (whatever its expiry), or nil when there
    /// was none: exactly one caller gets a request.
    func takeAuthorization(stateKey: [UInt8]) throws(StoreError) -> ProviderAuthorization?
}
