import GenkanJSON
import GenkanWebAuthn

/// A passkey ceremony (a sign-in, a re-authentication) that the verification accepted.
public struct VerifiedPasskey: Sendable {
    public let account: Account
    /// The passkey that signed, as it was before this sign-in.
    public let passkey: Passkey
    /// Set when a synced passkey's counter did not increase (accepted; worth a line in the log).
    public let counterAnomaly: CounterAnomaly?
}

/// What proves, on a sensitive form, that the person at a signed-in browser is the account's
/// owner: the current password, or one of the account's passkeys.
public enum OwnerProof: Sendable, Hashable {
    case password(String)
    /// The browser's `AuthenticationResponseJSON` for a re-authentication challenge.
    case passkey([UInt8])
}

extension Authenticator {
    /// The binding of a session's challenges: a hash of its token, never the token.
    static func passkeyBinding(sessionToken: String) -> String {
        "session:" + Secret.hex(AccountStore.sessionKey(token: sessionToken))
    }

    /// The session token of a browser requester; passkeys are added and stand in for a password
    /// only in a browser.
    private func sessionToken(_ requester: Requester) -> String? {
        if case .session(let token) = requester { token } else { nil }
    }

    private func descriptors(_ passkeys: [Passkey]) -> [CredentialDescriptor] {
        passkeys.map { CredentialDescriptor(id: $0.credentialID, transports: $0.transports) }
    }

    // MARK: Registration

    /// Begins adding a passkey to the signed-in account: the options for
    /// `navigator.credentials.create` (its user handle, made now if it has none; its passkeys to
    /// exclude; a challenge bound to the session, stored for `AccountStore.passkeyChallengeLifetime`).
    ///
    /// Adding a way in is a sensitive change: the session must have proved the owner (signed in,
    /// or confirmed with the password or a passkey) within `recentAuthentication`. The challenge
    /// is issued only then, and finishing needs it, so a finished registration is at most that
    /// long plus a challenge's lifetime after the proof.
    ///
    /// - Returns: `PublicKeyCredentialCreationOptionsJSON`, or `.requiresRecentLogin`,
    ///   `.passkeysUnavailable`, `.userTokenExpired`, `.userDisabled`.
    public func beginPasskeyRegistration(_ requester: Requester, in store: AccountStore) -> Result<JSONValue, AuthFailure> {
        guard let verifier = passkeys, let token = sessionToken(requester) else { return .failure(.passkeysUnavailable) }
        return acting(as: requester, in: store) { (resolved) throws(StoreError) -> Result<JSONValue, AuthFailure> in
            let account = resolved.account
            guard let session = resolved.session?.session, store.clock.now() - session.authenticatedAt <= Self.recentAuthentication else {
                return .failure(.requiresRecentLogin)
            }
            let handle = try store.passkeyUserHandle(accountID: account.id)
            let existing = try store.passkeys(accountID: account.id)
            let challenge = try store.issuePasskeyChallenge(
                .registration, binding: Self.passkeyBinding(sessionToken: token), accountID: account.id)
            let user = UserEntity(id: handle, name: account.email, displayName: account.displayName.isEmpty ? account.email : account.displayName)
            return .success(verifier.registrationOptions(user: user, challenge: challenge, excludeCredentials: descriptors(existing)))
        }
    }

    /// Finishes adding a passkey: takes the challenge the response answers (it works once, and
    /// only for this session's account), verifies the registration (WebAuthn Level 3 §7.1),
    /// refuses a credential any account has, stores the passkey and mails the account's address a
    /// notice.
    ///
    /// - Parameters:
    ///   - responseJSON: the browser's `RegistrationResponseJSON`.
    ///   - name: what the owner typed, if anything; else the authenticator model's name when its
    ///     AAGUID is a known one, else `defaultName` (the door's "Chrome on Linux").
    /// - Returns: the stored passkey, or `.passkeyChallengeInvalid`, `.passkeyRejected`,
    ///   `.passkeyAlreadyRegistered`, `.passkeysUnavailable`, `.userTokenExpired`, `.userDisabled`.
    public func finishPasskeyRegistration(
        _ requester: Requester, responseJSON: [UInt8], name: String?, defaultName: String, locale: String = "en", in store: AccountStore
    ) -> Result<Passkey, AuthFailure> {
        guard let verifier = passkeys, let token = sessionToken(requester) else { return .failure(.passkeysUnavailable) }
        let response: RegistrationResponse
        do throws(WebAuthnFailure) {
            response = try RegistrationResponse(json: responseJSON, limits: verifier.policy.limits)
        } catch {
            return .failure(.passkeyRejected(error.reason, account: nil))
        }
        return acting(as: requester, in: store) { (resolved) throws(StoreError) -> Result<Passkey, AuthFailure> in
            let account = resolved.account
            guard
                let challenge = try store.takePasskeyChallenge(
                    clientDataJSON: response.clientDataJSON, ceremony: .registration, binding: Self.passkeyBinding(sessionToken: token),
                    accountID: account.id)
            else { return .failure(.passkeyChallengeInvalid) }
            let credential: RegisteredCredential
            do throws(WebAuthnFailure) {
                credential = try verifier.verifyRegistration(response, expectedChallenge: challenge)
            } catch {
                return .failure(.passkeyRejected(error.reason, account: account))
            }
            // §7.1 step 26: a credential id another account (or this one) has is refused.
            if try store.storage.passkey(credentialID: credential.id) != nil { return .failure(.passkeyAlreadyRegistered) }
            let chosen = name.flatMap(AccountStore.passkeyName) ?? credential.aaguid.authenticator.flatMap { AccountStore.passkeyName($0.name) }
                ?? AccountStore.passkeyName(defaultName) ?? "Passkey"
            let now = store.clock.now()
            var passkey = Passkey(
                accountID: account.id, credentialID: credential.id, publicKey: credential.publicKey.bytes, signCount: credential.signCount,
                backupEligible: credential.backupEligible, backedUp: credential.backedUp, aaguid: credential.aaguid.bytes,
                transports: credential.transports, name: chosen, createdAt: now)
            do throws(StoreError) {
                let id = try store.storage.insertPasskey(passkey)
                passkey = Passkey(
                    id: id, accountID: passkey.accountID, credentialID: passkey.credentialID, publicKey: passkey.publicKey,
                    signCount: passkey.signCount, backupEligible: passkey.backupEligible, backedUp: passkey.backedUp,
                    aaguid: passkey.aaguid, transports: passkey.transports, name: passkey.name, createdAt: passkey.createdAt)
            } catch where error.code == .constraint {
                return .failure(.passkeyAlreadyRegistered)
            }
            if let notice = mail.passkeyChanged(to: account, name: chosen, added: true, locale: locale) {
                try store.enqueueMail(notice, accountID: account.id)
            }
            return .success(passkey)
        }
    }

    // MARK: Sign-in

    /// Begins a sign-in with a passkey: the options for `navigator.credentials.get` without
    /// `allowCredentials` (the browser offers the site's discoverable passkeys, in its dialog or
    /// in autofill), with a challenge bound to `binding` (the browser's pre-session).
    public func beginPasskeySignIn(binding: String, in store: AccountStore) -> Result<JSONValue, AuthFailure> {
        guard let verifier = passkeys else { return .failure(.passkeysUnavailable) }
        return attempt { () throws(StoreError) in
            .success(verifier.authenticationOptions(challenge: try store.issuePasskeyChallenge(.signIn, binding: binding)))
        }
    }

    /// Checks a sign-in with a passkey, in one transaction: takes the challenge the response
    /// answers (once, whatever follows, and only for the browser it was issued to), finds the
    /// passkey by its credential id, verifies the assertion (WebAuthn Level 3 §7.2: signature,
    /// flags, the user handle against the account's, the counter) and records its counter,
    /// backup state and time. The door then starts the session, as after a password.
    ///
    /// A disabled account is reported only after the passkey verified. A counter that did not
    /// increase on a device-bound passkey is `.passkeyRejected(.counterNotIncreased, …)` (a
    /// possible clone: the door logs it as a security event); on a synced passkey it is accepted
    /// with `counterAnomaly` set.
    ///
    /// - Returns: the account, or `.passkeyChallengeInvalid`, `.passkeyNotFound` (unknown or
    ///   removed), `.passkeyRejected`, `.userDisabled`, `.passkeysUnavailable`.
    public func signInWithPasskey(responseJSON: [UInt8], binding: String, in store: AccountStore) -> Result<VerifiedPasskey, AuthFailure> {
        withAssertion(responseJSON, in: store) { (response, verifier) throws(StoreError) in
            guard try store.takePasskeyChallenge(clientDataJSON: response.clientDataJSON, ceremony: .signIn, binding: binding) != nil
            else { return .failure(.passkeyChallengeInvalid) }
            return try verifyAssertion(response, verifier: verifier, accountID: nil, in: store)
        }
    }

    /// Reads the assertion a browser sent and runs `check` on it (the ceremony's own checks, then
    /// `verifyAssertion`) in one transaction; a response that is not an assertion fails before
    /// the store is touched.
    private func withAssertion(
        _ responseJSON: [UInt8], in store: AccountStore,
        _ check: (AssertionResponse, WebAuthnVerifier) throws(StoreError) -> Result<VerifiedPasskey, AuthFailure>
    ) -> Result<VerifiedPasskey, AuthFailure> {
        guard let verifier = passkeys else { return .failure(.passkeysUnavailable) }
        let response: AssertionResponse
        do throws(WebAuthnFailure) {
            response = try AssertionResponse(json: responseJSON, limits: verifier.policy.limits)
        } catch {
            return .failure(.passkeyRejected(error.reason, account: nil))
        }
        return attempt { () throws(StoreError) in
            try store.transaction { () throws(StoreError) in try check(response, verifier) }
        }
    }

    /// Verifies an assertion whose challenge was taken, against the passkey its credential id
    /// names (of `accountID` only, when given), and records the use; inside the caller's
    /// transaction.
    private func verifyAssertion(_ response: AssertionResponse, verifier: WebAuthnVerifier, accountID: Int64?, in store: AccountStore)
        throws(StoreError) -> Result<VerifiedPasskey, AuthFailure>
    {
        guard let found = try store.storage.passkey(credentialID: response.credentialID),
            accountID.map({ $0 == found.passkey.accountID }) ?? true
        else { return .failure(.passkeyNotFound) }
        let account = found.account.account
        let stored = StoredCredential(
            id: found.passkey.credentialID, publicKey: found.passkey.publicKey, signCount: found.passkey.signCount,
            backupEligible: found.passkey.backupEligible, userHandle: found.userHandle)
        let result: AssertionResult
        do throws(WebAuthnFailure) {
            // The challenge was checked when it was taken: hand the verifier the one the client
            // data names, which it compares again.
            let challenge = try ClientData(bytes: response.clientDataJSON, limits: verifier.policy.limits).challenge
            result = try verifier.verifyAssertion(response, expectedChallenge: challenge, credential: stored)
        } catch {
            return .failure(.passkeyRejected(error.reason, account: account))
        }
        if account.isDisabled { return .failure(.userDisabled) }
        guard try store.storage.setPasskeyUsed(id: found.passkey.id, signCount: result.signCount, backedUp: result.backedUp, at: store.clock.now())
        else { return .failure(.passkeyNotFound) }
        return .success(VerifiedPasskey(account: account, passkey: found.passkey, counterAnomaly: result.counterAnomaly))
    }

    // MARK: Re-authentication

    /// Begins proving the owner of a signed-in browser with a passkey instead of the password: the
    /// options for `navigator.credentials.get` listing the account's passkeys, with a challenge
    /// bound to the session.
    ///
    /// - Returns: `PublicKeyCredentialRequestOptionsJSON`, or `.passkeyNotFound` (the account has
    ///   none), `.passkeysUnavailable`, `.userTokenExpired`, `.userDisabled`.
    public func beginPasskeyReauthentication(_ requester: Requester, in store: AccountStore) -> Result<JSONValue, AuthFailure> {
        guard let verifier = passkeys, let token = sessionToken(requester) else { return .failure(.passkeysUnavailable) }
        return acting(as: requester, in: store) { (resolved) throws(StoreError) -> Result<JSONValue, AuthFailure> in
            let existing = try store.passkeys(accountID: resolved.account.id)
            guard !existing.isEmpty else { return .failure(.passkeyNotFound) }
            let challenge = try store.issuePasskeyChallenge(
                .reauthentication, binding: Self.passkeyBinding(sessionToken: token), accountID: resolved.account.id)
            return .success(verifier.authenticationOptions(challenge: challenge, allowCredentials: descriptors(existing)))
        }
    }

    /// The page's door to a sensitive operation with either proof: the password as `proving`
    /// checks it, or a passkey of the session's account answering a re-authentication challenge
    /// issued to this session (checked as a sign-in checks it, its use recorded, and the session's
    /// proof time set to now); then `operation` for that session.
    ///
    /// - Returns: `operation`'s result, or `.invalidCredential` (a wrong password),
    ///   `.passkeyChallengeInvalid`, `.passkeyNotFound` (not a passkey of this account),
    ///   `.passkeyRejected`, `.userDisabled`, `.userTokenExpired`.
    public func proving<T>(
        sessionToken: String, _ proof: OwnerProof, in store: AccountStore,
        passkeyChecked: (Result<VerifiedPasskey, AuthFailure>) -> Void = { _ in },
        _ operation: (_ requester: ProvenSession) -> Result<T, AuthFailure>
    ) -> Result<T, AuthFailure> {
        switch proof {
        case .password(let password):
            return proving(sessionToken: sessionToken, password: password, in: store, operation)
        case .passkey(let json):
            let checked = reauthenticateWithPasskey(sessionToken: sessionToken, responseJSON: json, in: store)
            passkeyChecked(checked)
            switch checked {
            case .failure(let failure): return .failure(failure)
            case .success(let verified): return operation(ProvenSession(token: sessionToken, accountID: verified.account.id))
            }
        }
    }

    /// Checks a re-authentication with a passkey in one transaction: the challenge issued to this
    /// session, a passkey of the session's account, the assertion; records the passkey's use and
    /// the session's proof time.
    public func reauthenticateWithPasskey(sessionToken: String, responseJSON: [UInt8], in store: AccountStore)
        -> Result<VerifiedPasskey, AuthFailure>
    {
        withAssertion(responseJSON, in: store) { (response, verifier) throws(StoreError) in
            guard let session = try store.unexpiredSession(token: sessionToken) else { return .failure(.userTokenExpired) }
            let accountID = session.account.id
            guard
                try store.takePasskeyChallenge(
                    clientDataJSON: response.clientDataJSON, ceremony: .reauthentication,
                    binding: Self.passkeyBinding(sessionToken: sessionToken), accountID: accountID) != nil
            else { return .failure(.passkeyChallengeInvalid) }
            let verified = try verifyAssertion(response, verifier: verifier, accountID: accountID, in: store)
            if case .success = verified, !(try store.refreshAuthentication(token: sessionToken)) { return .failure(.userTokenExpired) }
            return verified
        }
    }

    /// Confirms the owner of a signed-in browser before adding a passkey, with the password or a
    /// passkey, and records the time in the session (what `beginPasskeyRegistration` looks at).
    ///
    /// - Returns: the account, or what `proving` fails with, `.missingPassword`.
    public func confirmOwner(sessionToken: String, _ proof: OwnerProof, in store: AccountStore) -> Result<Account, AuthFailure> {
        switch proof {
        case .password(let password):
            if password.isEmpty { return .failure(.missingPassword) }
            return reauthenticate(sessionToken: sessionToken, password: password, in: store)
        case .passkey(let json):
            return reauthenticateWithPasskey(sessionToken: sessionToken, responseJSON: json, in: store).map(\.account)
        }
    }

    // MARK: The account's passkeys

    /// Gives the requester's passkey `id` a new name (already through the door's rules; cut to
    /// `AccountStore.maximumPasskeyNameLength`).
    ///
    /// - Returns: the renamed passkey, or `.passkeyNotFound` (not this account's), `.userTokenExpired`…
    public func renamePasskey(_ requester: Requester, id: Int64, name: String, in store: AccountStore) -> Result<Passkey, AuthFailure> {
        guard let chosen = AccountStore.passkeyName(name) else { return .failure(.passkeyNotFound) }
        return acting(as: requester, in: store) { (resolved) throws(StoreError) -> Result<Passkey, AuthFailure> in
            guard try store.storage.setPasskeyName(accountID: resolved.account.id, id: id, chosen),
                let renamed = try store.passkeys(accountID: resolved.account.id).first(where: { $0.id == id })
            else { return .failure(.passkeyNotFound) }
            return .success(renamed)
        }
    }

    /// Removes the requester's passkey `id`, unless it is the account's last way in (no password,
    /// no provider, no other passkey): `.lastSignInMethod`; mails the account's address a notice.
    /// The page proves the owner first (the password or a passkey).
    ///
    /// - Returns: the removed passkey, or `.passkeyNotFound`, `.lastSignInMethod`, `.userTokenExpired`…
    public func removePasskey(_ requester: Requester, id: Int64, locale: String = "en", in store: AccountStore) -> Result<Passkey, AuthFailure> {
        acting(as: requester, in: store) { (resolved) throws(StoreError) -> Result<Passkey, AuthFailure> in
            let account = resolved.account
            let methods = try store.signInMethods(accountID: account.id)
            guard let passkey = methods.passkeys.first(where: { $0.id == id }) else { return .failure(.passkeyNotFound) }
            guard methods.count > 1 else { return .failure(.lastSignInMethod) }
            guard try store.storage.deletePasskey(accountID: account.id, id: id) else { return .failure(.passkeyNotFound) }
            if let notice = mail.passkeyChanged(to: account, name: passkey.name, added: false, locale: locale) {
                try store.enqueueMail(notice, accountID: account.id)
            }
            return .success(passkey)
        }
    }

    /// Removes the requester's password, when another way in remains (a passkey or a provider):
    /// else `.lastSignInMethod`. Every other session and every app signed in with it ends (the
    /// requester's own session stays), and the account's address is mailed a notice. The page
    /// proves the owner first.
    ///
    /// - Returns: how many other sessions and apps ended, or `.missingPassword` (it has none),
    ///   `.lastSignInMethod`, `.userTokenExpired`…
    public func removePassword(_ requester: Requester, locale: String = "en", in store: AccountStore) -> Result<Int, AuthFailure> {
        acting(as: requester, in: store) { (resolved) throws(StoreError) -> Result<Int, AuthFailure> in
            let account = resolved.account
            let methods = try store.signInMethods(accountID: account.id)
            guard methods.hasPassword else { return .failure(.missingPassword) }
            guard methods.count > 1 else { return .failure(.lastSignInMethod) }
            _ = try store.storage.setPasswordHash(accountID: account.id, nil)
            let ended: Int
            if let token = sessionToken(requester) {
                ended = try store.endOtherSessions(sessionToken: token)
            } else {
                ended = try store.storage.deleteSessions(accountID: account.id, keeping: nil)
                try store.storage.deleteRefreshTokens(accountID: account.id)
            }
            if let notice = mail.passwordRemoved(to: account, locale: locale) { try store.enqueueMail(notice, accountID: account.id) }
            return .success(ended)
        }
    }
}
