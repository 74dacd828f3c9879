/// A TOTP enrolment under way: what the owner's app needs, and the token that names it.
public struct TOTPEnrollmentStarted: Sendable {
    /// Names the enrolment (the page keeps it in its form, the API hands it out as `sessionInfo`);
    /// its only copy.
    public let token: String
    /// The new secret, for the QR code and the text to type (never stored unsealed).
    public let totp: TOTP
    public let expiresAt: Int64
}

/// A second factor just added, with the recovery codes to show once.
public struct SecondFactorAdded: Sendable {
    public let factor: SecondFactor
    /// The ten codes as they are shown; only their digests are stored.
    public let recoveryCodes: [String]
}

/// What a code typed as a second factor turned out to be.
public enum SecondFactorProof: Sendable, Equatable {
    case totp
    /// A recovery code, now used; `left` are still unused.
    case recoveryCode(left: Int)
}

extension Authenticator {
    /// The keys this server seals TOTP secrets with; without them every second-factor operation
    /// answers `.operationNotAllowed` (`.twoFactorUnavailable`).
    private func keys() -> Result<TwoFactorKeys, AuthFailure> {
        twoFactorKeys.map { .success($0) } ?? .failure(.twoFactorUnavailable)
    }

    /// Makes a TOTP secret for the requester's account and keeps it, sealed, for
    /// `AccountStore.totpEnrollmentLifetime` while the owner adds it to an app.
    ///
    /// A browser needs a proof of its owner within `recentAuthentication` (the API door checks its
    /// ID token's `auth_time`). An anonymous account is `.unsupportedFirstFactor`, an address not
    /// yet verified `.unverifiedEmail` (a stranger who signed up with it could otherwise shut its
    /// owner out), an account that has a factor `.secondFactorAlreadyEnrolled`.
    public func beginTOTPEnrollment(_ requester: Requester) -> Result<TOTPEnrollmentStarted, AuthFailure> {
        keys().flatMap { keys in
            acting(as: requester) { (resolved) throws(StoreError) -> Result<TOTPEnrollmentStarted, AuthFailure> in
                let account = resolved.account
                if let session = resolved.session?.session, store.clock.now() - session.authenticatedAt > Self.recentAuthentication {
                    return .failure(.requiresRecentLogin)
                }
                if account.isAnonymous { return .failure(.unsupportedFirstFactor) }
                if account.hasEmail && !account.isVerified { return .failure(.unverifiedEmail) }
                if try store.hasSecondFactor(accountID: account.id) { return .failure(.secondFactorAlreadyEnrolled) }
                let totp = TOTP(secret: TOTP.newSecret()), token = Secret.token(), now = store.clock.now()
                let enrollment = TOTPEnrollment(
                    accountID: account.id, sealedSecret: keys.seal(totp.secret), createdAt: now,
                    expiresAt: now + AccountStore.totpEnrollmentLifetime)
                try store.storage.insertTOTPEnrollment(key: AccountStore.tokenKey(token), enrollment, now: now)
                return .success(TOTPEnrollmentStarted(token: token, totp: totp, expiresAt: enrollment.expiresAt))
            }
        }
    }

    /// The secret of the requester's enrolment under way `token`, to show again (a wrong code
    /// keeps the same secret).
    public func pendingTOTPEnrollment(_ requester: Requester, token: String) -> Result<TOTP, AuthFailure> {
        keys().flatMap { keys in
            acting(as: requester) { (resolved) throws(StoreError) -> Result<TOTP, AuthFailure> in
                try enrollment(token, of: resolved.account, keys: keys).map { TOTP(secret: $0) }
            }
        }
    }

    /// Finishes an enrolment with the first code of the owner's app: the factor, ten new recovery
    /// codes and the mail to the account's address, in one transaction. A wrong code changes
    /// nothing but the account's count of codes checked.
    public func finishTOTPEnrollment(
        _ requester: Requester, token: String, code: String, displayName: String? = nil, locale: String
    ) -> Result<SecondFactorAdded, AuthFailure> {
        keys().flatMap { keys in
            acting(as: requester) { (resolved) throws(StoreError) -> Result<SecondFactorAdded, AuthFailure> in
                let account = resolved.account
                if try store.hasSecondFactor(accountID: account.id) { return .failure(.secondFactorAlreadyEnrolled) }
                let secret: [UInt8]
                switch try enrollment(token, of: account, keys: keys) {
                case .failure(let failure): return .failure(failure)
                case .success(let opened): secret = opened
                }
                guard case .totp(let digits) = SecondFactorCode(code) else { return .failure(.invalidVerificationCode) }
                let step: Int64
                switch try checked(TOTP(secret: secret), digits, lastUsedStep: nil, account: account, locale: locale) {
                case .failure(let failure): return .failure(failure)
                case .success(let accepted): step = accepted
                }
                let codes = RecoveryCode.newSet()
                let factor = SecondFactor(
                    accountID: account.id, enrollmentID: Secret.token(), sealedSecret: keys.seal(secret), displayName: displayName,
                    enrolledAt: store.clock.now(), lastUsedStep: step)
                try store.storage.insertSecondFactor(factor, recoveryCodes: codes.map { RecoveryCode.digest(RecoveryCode.normalized($0)!) })
                try store.storage.deleteTOTPEnrollment(accountID: account.id)
                try store.record(.secondFactorAdded, uid: account.uid, details: EventDetails(method: SecondFactorMethod.totp))
                if let message = mail.secondFactorChanged(to: account, change: .added, locale: locale) {
                    try store.enqueueMail(message, accountID: account.id)
                }
                return .success(SecondFactorAdded(factor: factor, recoveryCodes: codes))
            }
        }
    }

    /// Removes the account's second factor and its recovery codes, and every sign-in waiting for
    /// it, with a `second_factor.removed` naming the requester's actor. A browser must type a
    /// current code or an unused recovery code (its door has proved the password or a passkey); an
    /// API client proves a recent sign-in and names the factor; an administrator (the console)
    /// types nothing, so that an owner who lost the app and the codes, or a server that lost the
    /// key that sealed them, can be let back in: that removal needs no key.
    public func removeSecondFactor(
        _ requester: Requester, code: String?, enrollmentID: String? = nil, locale: String
    ) -> Result<SecondFactor, AuthFailure> {
        let keys = twoFactorKeys
        if keys == nil && !requester.isAdministrative { return .failure(.twoFactorUnavailable) }
        return acting(as: requester) { (resolved) throws(StoreError) -> Result<SecondFactor, AuthFailure> in
            let account = resolved.account
            guard let factor = try store.storage.secondFactor(accountID: account.id),
                enrollmentID == nil || enrollmentID == factor.enrollmentID
            else { return .failure(.multiFactorInfoNotFound) }
            if resolved.session != nil || code != nil {
                guard let keys else { return .failure(.twoFactorUnavailable) }
                guard let code, let typed = SecondFactorCode(code) else { return .failure(.invalidVerificationCode) }
                if case .failure(let failure) = try prove(typed, factor: factor, account: account, keys: keys, locale: locale) {
                    return .failure(failure)
                }
            }
            try store.storage.deleteSecondFactor(accountID: account.id)
            try store.storage.deletePendingSecondSteps(accountID: account.id)
            try store.record(
                .secondFactorRemoved, uid: account.uid, actor: requester.actor, details: EventDetails(method: SecondFactorMethod.totp))
            if let message = mail.secondFactorChanged(to: account, change: .removed, locale: locale) {
                try store.enqueueMail(message, accountID: account.id)
            }
            return .success(factor)
        }
    }

    /// Ten new recovery codes in place of the account's (used or not), after a current code or
    /// an unused recovery code; mailed about.
    public func newRecoveryCodes(_ requester: Requester, code: String, locale: String) -> Result<[String], AuthFailure> {
        keys().flatMap { keys in
            acting(as: requester) { (resolved) throws(StoreError) -> Result<[String], AuthFailure> in
                let account = resolved.account
                guard let factor = try store.storage.secondFactor(accountID: account.id) else { return .failure(.multiFactorInfoNotFound) }
                guard let typed = SecondFactorCode(code) else { return .failure(.invalidVerificationCode) }
                if case .failure(let failure) = try prove(typed, factor: factor, account: account, keys: keys, locale: locale) {
                    return .failure(failure)
                }
                let codes = RecoveryCode.newSet()
                try store.storage.replaceRecoveryCodes(accountID: account.id, codes.map { RecoveryCode.digest(RecoveryCode.normalized($0)!) })
                try store.record(.recoveryCodesReplaced, uid: account.uid)
                if let message = mail.secondFactorChanged(to: account, change: .newRecoveryCodes, locale: locale) {
                    try store.enqueueMail(message, accountID: account.id)
                }
                return .success(codes)
            }
        }
    }

    // MARK: The second step of a sign-in

    /// Starts the second step of a sign-in whose first factor (`firstFactor`, as sessions record
    /// it) proved `account`: a token for the browser's cookie (bound to `binding`, its
    /// pre-session) or for the API's `mfaPendingCredential` (`binding` nil), valid
    /// `AccountStore.secondStepLifetime` seconds. Nothing else is issued: no session, no token.
    func beginSecondStep(
        for account: Account, firstFactor: String, binding: String?, returnTo: String?
    ) throws(StoreError) -> String {
        let token = Secret.token(), now = store.clock.now()
        let step = PendingSecondStep(
            accountID: account.id, bindingHash: binding.map { AccountStore.bindingHash($0) } ?? [], firstFactor: firstFactor,
            returnTo: returnTo, createdAt: now, expiresAt: now + AccountStore.secondStepLifetime)
        try store.storage.insertPendingSecondStep(key: AccountStore.tokenKey(token), step, now: now)
        return token
    }

    /// Checks the code typed in the second step `token` (of the browser with `binding`, or the
    /// API's with nil) and, when it is right, ends the step: the account, the step (what the
    /// first factor was, where to go) and what proved the second factor. The door then issues the
    /// session or the tokens exactly as a sign-in without a second factor would.
    ///
    /// A wrong code counts against the step (`AccountStore.wrongCodesPerSecondStep`, then the
    /// step ends: `.invalidMultiFactorSession`) and the account (`secondFactorChecks`); an unknown,
    /// expired or another browser's step is `.invalidMultiFactorSession`.
    public func finishSecondStep(
        token: String, binding: String?, code: String, enrollmentID: String? = nil, locale: String
    ) -> Result<(account: Account, step: PendingSecondStep, proof: SecondFactorProof), AuthFailure> {
        keys().flatMap { keys in
            attempt { () throws(StoreError) in
                try store.transaction { () throws(StoreError) -> Result<(account: Account, step: PendingSecondStep, proof: SecondFactorProof), AuthFailure> in
                    guard let step = try store.pendingSecondStep(token: token, binding: binding),
                        let account = try store.account(id: step.accountID)
                    else { return .failure(.invalidMultiFactorSession) }
                    if account.isDisabled {
                        try store.record(.signInRefused, uid: account.uid, details: EventDetails(method: SecondFactorMethod.step, reason: "account-disabled"))
                        return .failure(.userDisabled)
                    }
                    guard let factor = try store.storage.secondFactor(accountID: account.id) else { return .failure(.invalidMultiFactorSession) }
                    if let enrollmentID, enrollmentID != factor.enrollmentID { return .failure(.multiFactorInfoNotFound) }
                    guard let typed = SecondFactorCode(code) else { return .failure(.invalidVerificationCode) }
                    switch try prove(typed, factor: factor, account: account, keys: keys, locale: locale) {
                    case .success(let proof):
                        _ = try store.storage.takePendingSecondStep(key: AccountStore.tokenKey(token))
                        try store.record(.secondStepPassed, uid: account.uid, details: EventDetails(method: SecondFactorMethod.name(of: proof)))
                        return .success((account, step, proof))
                    case .failure(let failure):
                        // A wrong or spent code is a failed sign-in by someone who knew the first
                        // factor; bounded by the account's checks, like wrong passwords. A refusal
                        // by that limit is not recorded (see `signIn(email:password:)`).
                        if let reason = SecondFactorMethod.failureReason(failure) {
                            try store.record(.signInFailed, uid: account.uid, details: EventDetails(method: SecondFactorMethod.step, reason: reason))
                        }
                        let wrong = try store.storage.countWrongCode(pendingKey: AccountStore.tokenKey(token)) ?? AccountStore.wrongCodesPerSecondStep
                        if wrong >= AccountStore.wrongCodesPerSecondStep {
                            _ = try store.storage.takePendingSecondStep(key: AccountStore.tokenKey(token))
                        }
                        return .failure(failure)
                    }
                }
            }
        }
    }

    // MARK: Checking a code

    /// The secret of the account's enrolment under way `token`, opened.
    private func enrollment(_ token: String, of account: Account, keys: TwoFactorKeys) throws(StoreError)
        -> Result<[UInt8], AuthFailure>
    {
        guard let enrollment = try store.storage.totpEnrollment(key: AccountStore.tokenKey(token)), enrollment.accountID == account.id
        else { return .failure(.invalidVerificationID) }
        guard store.clock.now() < enrollment.expiresAt else { return .failure(.sessionExpired) }
        guard case .secret(let secret, _) = keys.open(enrollment.sealedSecret) else { return .failure(.twoFactorKeyMissing) }
        return .success(secret)
    }

    /// Checks `typed` against the account's factor: an authenticator code (its step recorded, its
    /// secret sealed again under the current key if an older one sealed it) or an unused recovery
    /// code (used now). Every check spends from the account's `secondFactorChecks` first.
    private func prove(
        _ typed: SecondFactorCode, factor: SecondFactor, account: Account, keys: TwoFactorKeys, locale: String
    ) throws(StoreError) -> Result<SecondFactorProof, AuthFailure> {
        switch typed {
        case .totp(let digits):
            let secret: [UInt8], resealed: [UInt8]?
            switch keys.open(factor.sealedSecret) {
            case .secret(let opened, let byPrevious):
                secret = opened
                resealed = byPrevious ? keys.seal(opened) : nil
            case .unknownKey, .damaged:
                return .failure(.twoFactorKeyMissing)
            }
            switch try checked(TOTP(secret: secret), digits, lastUsedStep: factor.lastUsedStep, account: account, locale: locale) {
            case .failure(let failure): return .failure(failure)
            case .success(let step):
                // Another server may have accepted this step meanwhile: then it is spent.
                guard try store.storage.recordTOTPStep(accountID: account.id, step: step, resealed: resealed) else {
                    return .failure(.verificationCodeReused)
                }
                return .success(.totp)
            }
        case .recovery(let normalized):
            let filled: Bool
            switch try spendCheck(account: account, locale: locale) {
            case .failure(let failure): return .failure(failure)
            case .success(let full): filled = full
            }
            guard try store.storage.useRecoveryCode(accountID: account.id, digest: RecoveryCode.digest(normalized), at: store.clock.now())
            else {
                if filled { try mailCodesGuessed(to: account, locale: locale) }
                return .failure(.invalidVerificationCode)
            }
            return .success(.recoveryCode(left: try store.storage.unusedRecoveryCodes(accountID: account.id)))
        }
    }

    /// A TOTP check behind the account's limit: the accepted step, or why not.
    private func checked(_ totp: TOTP, _ digits: String, lastUsedStep: Int64?, account: Account, locale: String)
        throws(StoreError) -> Result<Int64, AuthFailure>
    {
        let filled: Bool
        switch try spendCheck(account: account, locale: locale) {
        case .failure(let failure): return .failure(failure)
        case .success(let full): filled = full
        }
        let verdict = totp.check(digits, at: store.clock.now(), lastUsedStep: lastUsedStep)
        if case .accepted(let step) = verdict { return .success(step) }
        if filled { try mailCodesGuessed(to: account, locale: locale) }
        return .failure(verdict == .reused ? .verificationCodeReused : .invalidVerificationCode)
    }

    /// Spends one check from the account's `secondFactorChecks`: refused while the bucket has no
    /// room (the owner is told, `mailCodesGuessed`), else true when this check left it without
    /// room for the next. The bucket drains continuously, so "full" is "the next would wait", not
    /// a level of exactly the capacity.
    private func spendCheck(account: Account, locale: String) throws(StoreError) -> Result<Bool, AuthFailure> {
        let limit = AccountStore.secondFactorChecks
        let decision = try store.spendLimit(limit, key: String(account.id))
        guard decision.allowed else {
            try mailCodesGuessed(to: account, locale: locale)
            return .failure(.secondFactorLocked(retryAfter: decision.retryAfter))
        }
        return .success(limit.rule.wait(at: try store.limitLevel(limit, key: String(account.id))) != 0)
    }

    /// Tells the owner that codes are being guessed: sent by the wrong code that leaves no room
    /// for the next, or by the first check refused, at most once each 15 minutes
    /// (`AccountStore.codesGuessedMails`), so a guesser who keeps trying fills no mailbox.
    private func mailCodesGuessed(to account: Account, locale: String) throws(StoreError) {
        guard try store.spendLimit(AccountStore.codesGuessedMails, key: String(account.id)).allowed else { return }
        if let message = mail.secondFactorChanged(to: account, change: .codesGuessed, locale: locale) {
            try store.enqueueMail(message, accountID: account.id)
        }
    }
}
