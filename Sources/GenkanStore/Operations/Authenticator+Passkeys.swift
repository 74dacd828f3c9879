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
    public func beginPasskeyRegistration(_ requester: Requester) -> Result<JSONValue, AuthFailure> {
        guard let verifier = passkeys, let token = sessionToken(requester) else { return .failure(.passkeysUnavailable) }
        return acting(as: requester) { (resolved) throws(StoreError) -> Result<JSONValue, AuthFailure> in
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
        _ requester: Requester, responseJSON: [UInt8], name: String?, defaultName: String, locale: String = "en"
    ) -> Result<Passkey, AuthFailure> {
        guard let verifier = passkeys, let token = sessionToken(requester) else { return .failure(.passkeysUnavailable) }
        let response: RegistrationResponse
        do throws(WebAuthnFailure) {
            response = try RegistrationResponse(json: responseJSON, limits: verifier.policy.limits)
        } catch {
            return .failure(.passkeyRejected(error.reason, account: nil))
        }
        // Verified before the write transaction (a signature check no other writer should wait
        // for), against the challenge the client data names; taking it below proves it was issued
        // to this session for this ceremony, and the verifier compares it again.
        let verified = Result { () throws(WebAuthnFailure) -> RegisteredCredential in
            let challenge = try ClientData(bytes: response.clientDataJSON, limits: verifier.policy.limits).challenge
            return try verifier.verifyRegistration(response, expectedChallenge: challenge)
        }
        return acting(as: requester) { (resolved) throws(StoreError) -> Result<Passkey, AuthFailure> in
            let account = resolved.account
            guard
                try store.takePasskeyChallenge(
                    clientDataJSON: response.clientDataJSON, ceremony: .registration, binding: Self.passkeyBinding(sessionToken: token),
                    accountID: account.id) != nil
            else { return .failure(.passkeyChallengeInvalid) }
            let credential: RegisteredCredential
            switch verified {
            case .failure(let error): return .failure(.passkeyRejected(error.reason, account: account))
            case .success(let registered): credential = registered
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
            try store.record(.passkeyAdded, uid: account.uid, actor: requester.actor)
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
    public func beginPasskeySignIn(binding: String) -> Result<JSONValue, AuthFailure> {
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
    public func signInWithPasskey(responseJSON: [UInt8], binding: String) -> Result<VerifiedPasskey, AuthFailure> {
        checkAssertion(responseJSON, accountID: nil) { response throws(StoreError) in
            try store.takePasskeyChallenge(clientDataJSON: response.clientDataJSON, ceremony: .signIn, binding: binding) != nil
                ? nil : .passkeyChallengeInvalid
        }
    }

    /// Checks an assertion a browser sent against the passkey its credential id names (of
    /// `accountID` only, when given) and records the use. The signature is verified before any
    /// write transaction, on the passkey as read then (an RSA check takes time no other writer
    /// should wait for); then one transaction runs `take` (the ceremony's challenge, taken once
    /// whatever the verdict, and its own checks: nil when they pass), finds the passkey as it was
    /// verified (verifying again in the rare case another sign-in moved its counter meanwhile),
    /// refuses a disabled account, records the use, and runs `after`.
    private func checkAssertion(
        _ responseJSON: [UInt8], accountID: Int64?,
        take: (AssertionResponse) throws(StoreError) -> AuthFailure?,
        after: (VerifiedPasskey) throws(StoreError) -> AuthFailure? = { _ in nil }
    ) -> Result<VerifiedPasskey, AuthFailure> {
        guard let verifier = passkeys else { return .failure(.passkeysUnavailable) }
        let response: AssertionResponse
        do throws(WebAuthnFailure) {
            response = try AssertionResponse(json: responseJSON, limits: verifier.policy.limits)
        } catch {
            return .failure(.passkeyRejected(error.reason, account: nil))
        }
        return attempt { () throws(StoreError) in
            let read = try store.storage.passkey(credentialID: response.credentialID)
            let verdict = read.map { found in Self.verify(response, against: found, with: verifier) }
            return try store.transaction { () throws(StoreError) -> Result<VerifiedPasskey, AuthFailure> in
                if let failure = try take(response) { return .failure(failure) }
                guard let found = try store.storage.passkey(credentialID: response.credentialID),
                    accountID.map({ $0 == found.passkey.accountID }) ?? true
                else { return .failure(.passkeyNotFound) }
                let account = found.account.account
                let result: AssertionResult
                switch (found.passkey == read?.passkey ? verdict : nil) ?? Self.verify(response, against: found, with: verifier) {
                case .failure(let error): return .failure(.passkeyRejected(error.reason, account: account))
                case .success(let checked): result = checked
                }
                if account.isDisabled { return .failure(.userDisabled) }
                guard try store.storage.setPasskeyUsed(
                    id: found.passkey.id, signCount: result.signCount, backedUp: result.backedUp, at: store.clock.now())
                else { return .failure(.passkeyNotFound) }
                let verified = VerifiedPasskey(account: account, passkey: found.passkey, counterAnomaly: result.counterAnomaly)
                if let failure = try after(verified) { return .failure(failure) }
                return .success(verified)
            }
        }
    }

    /// WebAuthn's checks of an assertion (§7.2) against a stored passkey. The challenge was (or
    /// will be) checked when it is taken: the verifier gets the one the client data names, and
    /// compares it again.
    private static func verify(
        _ response: AssertionResponse, against found: (passkey: Passkey, userHandle: [UInt8]?, account: StoredAccount),
        with verifier: WebAuthnVerifier
    ) -> Result<AssertionResult, WebAuthnFailure> {
        let stored = StoredCredential(
            id: found.passkey.credentialID, publicKey: found.passkey.publicKey, signCount: found.passkey.signCount,
            backupEligible: found.passkey.backupEligible, userHandle: found.userHandle)
        return Result { () throws(WebAuthnFailure) -> AssertionResult in
            let challenge = try ClientData(bytes: response.clientDataJSON, limits: verifier.policy.limits).challenge
            return try verifier.verifyAssertion(response, expectedChallenge: challenge, credential: stored)
        }
    }

    // MARK: Re-authentication

    /// Begins proving the owner of a signed-in browser with a passkey instead of the password: the
    /// options for `navigator.credentials.get` listing the account's passkeys, with a challenge
    /// bound to the session.
    ///
    /// - Returns: `PublicKeyCredentialRequestOptionsJSON`, or `.passkeyNotFound` (the account has
    ///   none), `.passkeysUnavailable`, `.userTokenExpired`, `.userDisabled`.
    public func beginPasskeyReauthentication(_ requester: Requester) -> Result<JSONValue, AuthFailure> {
        guard let verifier = passkeys, let token = sessionToken(requester) else { return .failure(.passkeysUnavailable) }
        return acting(as: requester) { (resolved) throws(StoreError) -> Result<JSONValue, AuthFailure> in
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
        sessionToken: String, _ proof: OwnerProof,
        passkeyChecked: (Result<VerifiedPasskey, AuthFailure>) -> Void = { _ in },
        _ operation: (_ requester: ProvenSession) -> Result<T, AuthFailure>
    ) -> Result<T, AuthFailure> {
        switch proof {
        case .password(let password):
            return proving(sessionToken: sessionToken, password: password, operation)
        case .passkey(let json):
            let checked = reauthenticateWithPasskey(sessionToken: sessionToken, responseJSON: json)
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
    public func reauthenticateWithPasskey(sessionToken: String, responseJSON: [UInt8])
        -> Result<VerifiedPasskey, AuthFailure>
    {
        let accountID: Int64
        do {
            guard let session = try store.unexpiredSession(token: sessionToken) else { return .failure(.userTokenExpired) }
            accountID = session.account.id
        } catch {
            return .failure(.internalError(error))
        }
        return checkAssertion(
            responseJSON, accountID: accountID,
            take: { response throws(StoreError) in
                // The session again, inside the transaction: it may have ended meanwhile.
                guard try store.unexpiredSession(token: sessionToken)?.account.id == accountID else { return .userTokenExpired }
                return try store.takePasskeyChallenge(
                    clientDataJSON: response.clientDataJSON, ceremony: .reauthentication,
                    binding: Self.passkeyBinding(sessionToken: sessionToken), accountID: accountID) != nil ? nil : .passkeyChallengeInvalid
            },
            after: { _ throws(StoreError) in try store.refreshAuthentication(token: sessionToken) ? nil : .userTokenExpired })
    }

    /// Confirms the owner of a signed-in browser before adding a passkey, with the password or a
    /// passkey, and records the time in the session (what `beginPasskeyRegistration` looks at).
    ///
    /// - Returns: the account, or what `proving` fails with, `.missingPassword`.
    public func confirmOwner(sessionToken: String, _ proof: OwnerProof) -> Result<Account, AuthFailure> {
        switch proof {
        case .password(let password):
            if password.isEmpty { return .failure(.missingPassword) }
            return reauthenticate(sessionToken: sessionToken, password: password)
        case .passkey(let json):
            return reauthenticateWithPasskey(sessionToken: sessionToken, responseJSON: json).map(\.account)
        }
    }

    // MARK: The account's passkeys

    /// Gives the requester's passkey `id` a new name (already through the door's rules; cut to
    /// `AccountStore.maximumPasskeyNameLength`).
    ///
    /// - Returns: the renamed passkey, or `.passkeyNotFound` (not this account's), `.userTokenExpired`…
    public func renamePasskey(_ requester: Requester, id: Int64, name: String) -> Result<Passkey, AuthFailure> {
        guard let chosen = AccountStore.passkeyName(name) else { return .failure(.passkeyNotFound) }
        return acting(as: requester) { (resolved) throws(StoreError) -> Result<Passkey, AuthFailure> in
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
    public func removePasskey(_ requester: Requester, id: Int64, locale: String = "en") -> Result<Passkey, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Passkey, AuthFailure> in
            let account = resolved.account
            let methods = try store.signInMethods(accountID: account.id)
            guard let passkey = methods.passkeys.first(where: { $0.id == id }) else { return .failure(.passkeyNotFound) }
            guard methods.count > 1 else { return .failure(.lastSignInMethod) }
            guard try store.storage.deletePasskey(accountID: account.id, id: id) else { return .failure(.passkeyNotFound) }
            try store.record(.passkeyRemoved, uid: account.uid, actor: requester.actor, details: EventDetails(count: 1))
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
    public func removePassword(_ requester: Requester, locale: String = "en") -> Result<Int, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Int, AuthFailure> in
            let account = resolved.account
            let methods = try store.signInMethods(accountID: account.id)
            guard methods.hasPassword else { return .failure(.missingPassword) }
            guard methods.count > 1 else { return .failure(.lastSignInMethod) }
            _ = try store.storage.setPasswordHash(accountID: account.id, nil)
            try store.record(.passwordRemoved, uid: account.uid, actor: requester.actor)
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
