import GenkanHTTP
import GenkanJSON
import GenkanStore

/// Identity Platform's v2 second-factor calls, as the JS SDK's `TotpMultiFactorGenerator`,
/// `multiFactor(user)` and `getMultiFactorResolver` make them (field names from the SDK's own
/// sources: docs/architecture/two-factor.md). One factor per account whichever door enrolled it:
/// the same core operations as the site's pages.
extension FirebaseAPI {
    static let identityToolkitV2 = identityToolkit + "/v2"

    func registerMultiFactor(on v2: RouteGroup<SiteContext, APIContext>, limits: FirebaseLimits) {
        v2.post("/accounts/mfaEnrollment:start", use: startEnrollment)
        v2.post("/accounts/mfaEnrollment:finalize", use: finalizeEnrollment)
        v2.post("/accounts/mfaEnrollment:withdraw", use: withdrawEnrollment)
        v2.group("", limits.codePerClient).post("/accounts/mfaSignIn:start", use: startSecondStep)
        v2.group("", limits.codePerClient).post("/accounts/mfaSignIn:finalize", use: finalizeSecondStep)
    }

    /// `generateSecret`: `{idToken, totpEnrollmentInfo: {}}` → `totpSessionInfo`, the secret in
    /// base32 and the `sessionInfo` that names the enrolment until `finalizeEnrollmentTime`.
    func startEnrollment(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            let claims = try claims(fields)
            guard try fields.object("totpEnrollmentInfo") != nil else {
                // `phoneEnrollmentInfo`: SMS is not a second factor Genkan offers.
                throw FirebaseError(.operationNotAllowed, "Only TOTP (totpEnrollmentInfo) second factors are supported.")
            }
            try requireRecentSignIn(claims)
            return answer(.interactive(request, context)) { core in
                Self.account(claims, in: core).flatMap { profile in
                    core.beginTOTPEnrollment(Self.requester(claims, profile)).mapError { self.error($0, request) }
                        .map { started in
                            .object([
                                ("totpSessionInfo", .object([
                                    ("sharedSecretKey", .string(Base32.encode(started.totp.secret))),
                                    ("verificationCodeLength", .integer(TOTP.digits)),
                                    ("hashingAlgorithm", .string("SHA1")),
                                    ("periodSec", .integer(Int(TOTP.period))),
                                    ("sessionInfo", .string(started.token)),
                                    ("finalizeEnrollmentTime", .string(RFC3339.format(started.expiresAt))),
                                ]))
                            ])
                        }
                }
            }
        }
    }

    /// `enroll(assertionForEnrollment(secret, code), displayName)`: `{idToken, displayName,
    /// totpVerificationInfo: {sessionInfo, verificationCode}}` → new tokens.
    func finalizeEnrollment(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            let claims = try claims(fields)
            guard let info = try fields.object("totpVerificationInfo") else {
                throw FirebaseError(.operationNotAllowed, "Only TOTP (totpVerificationInfo) second factors are supported.")
            }
            guard let session = try info.string("sessionInfo") else { throw FirebaseError(.missingSessionInfo) }
            guard let code = try info.string("verificationCode") else { throw FirebaseError(.missingCode) }
            let displayName = try fields.string("displayName").map { String($0.prefix(64)) }
            try requireRecentSignIn(claims)
            let locale = context.locale
            return answer(.interactive(request, context)) { core in
                Self.account(claims, in: core).flatMap { profile in
                    core.finishTOTPEnrollment(
                        Self.requester(claims, profile), token: session, code: code, displayName: displayName, locale: locale
                    ).flatMap { _ in core.continueTokens(for: profile.account, signInProvider: claims.signInProvider) }
                        .mapError { self.error($0, request) }
                        .map { started in .object(tokenFields(profile, authTime: claims.authTime, refreshToken: started.refreshToken, provider: claims.signInProvider)) }
                }
            }
        }
    }

    /// `unenroll(info)`: `{idToken, mfaEnrollmentId}` → new tokens. A recent sign-in stands for
    /// the code the page asks for.
    func withdrawEnrollment(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            let claims = try claims(fields)
            guard let enrollmentID = try fields.string("mfaEnrollmentId") else { throw FirebaseError(.missingMFAEnrollmentID) }
            try requireRecentSignIn(claims)
            let locale = context.locale
            return answer(.interactive(request, context)) { core in
                Self.account(claims, in: core).flatMap { profile in
                    core.removeSecondFactor(
                        Self.requester(claims, profile), code: nil, enrollmentID: enrollmentID, locale: locale
                    ).flatMap { _ in core.continueTokens(for: profile.account, signInProvider: claims.signInProvider) }
                        .mapError { self.error($0, request) }
                        .map { started in .object(tokenFields(profile, authTime: claims.authTime, refreshToken: started.refreshToken, provider: claims.signInProvider)) }
                }
            }
        }
    }

    /// `mfaSignIn:start` sends an SMS for a phone factor; a TOTP factor has nothing to start (the
    /// SDK goes straight to `finalize`).
    func startSecondStep(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            guard try context.body.string("mfaPendingCredential") != nil else { throw FirebaseError(.missingMFAPendingCredential) }
            throw FirebaseError(.operationNotAllowed, "TOTP second factors need no start: call mfaSignIn:finalize with the code.")
        }
    }

    /// `resolver.resolveSignIn(assertionForSignIn(enrollmentId, code))`: `{mfaPendingCredential,
    /// mfaEnrollmentId, totpVerificationInfo: {verificationCode}}` → the sign-in's tokens.
    func finalizeSecondStep(_ request: HTTPRequest, _ context: APIContext) -> Reply {
        Self.reading { () throws(FirebaseError) in
            let fields = context.body
            guard let pending = try fields.string("mfaPendingCredential") else { throw FirebaseError(.missingMFAPendingCredential) }
            guard let enrollmentID = try fields.string("mfaEnrollmentId") else { throw FirebaseError(.missingMFAEnrollmentID) }
            guard let code = try fields.object("totpVerificationInfo")?.string("verificationCode") else { throw FirebaseError(.missingCode) }
            let locale = context.locale
            return answer(.interactive(request, context)) { core in
                core.finishSecondStep(token: pending, binding: nil, code: code, enrollmentID: enrollmentID, locale: locale)
                    .flatMap { done in
                        core.startTokens(for: done.account, signInProvider: done.step.firstFactor, secondFactorProven: true).map { ($0, done.step) }
                    }
                    .mapError { self.error($0, request) }
                    .map { started, step in
                        let profile = (try? core.profile(id: started.account.id)) ?? nil
                            ?? AccountProfile(account: started.account, photoURL: nil, lastLoginAt: started.authTime)
                        return .object(
                            tokenFields(
                                profile, authTime: started.authTime, refreshToken: started.refreshToken, provider: step.firstFactor,
                                claims: started.claims))
                    }
            }
        }
    }

    /// What a sign-in answers instead of tokens when the account has a second factor: the SDK
    /// throws `auth/multi-factor-auth-required` on seeing `mfaPendingCredential`, and its resolver
    /// offers the `mfaInfo` hints.
    static func secondStepFields(token: String, factor: SecondFactor) -> JSONValue.Members {
        [("mfaPendingCredential", .string(token)), ("mfaInfo", .array([UserRecord.mfaInfo(factor)]))]
    }
}

extension UserRecord {
    /// An enrolment as lookup and the sign-in hints carry it; `totpInfo` is how the SDK tells a
    /// TOTP factor.
    static func mfaInfo(_ factor: SecondFactor) -> JSONValue {
        var fields: JSONValue.Members = [("mfaEnrollmentId", .string(factor.enrollmentID))]
        if let name = factor.displayName { fields.append(("displayName", .string(name))) }
        fields.append(("enrolledAt", .string(RFC3339.format(factor.enrolledAt))))
        fields.append(("totpInfo", .object([])))
        return .object(fields)
    }
}

/// Seconds since the epoch as RFC 3339 in UTC (`2026-12-06T18:40:00Z`), as Google's APIs write
/// timestamps; civil date from days by Howard Hinnant's algorithm (proleptic Gregorian).
enum RFC3339 {
    static func format(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time % 3600 / 60)):\(two(time % 60))Z"
    }
}
