import GenkanHTTP
import GenkanStore

/// Security events for the operator, one line each, with a stable event name: in the access log
/// among the requests when there is one (`AccessLog.event`, text or JSON as the log is), else
/// through `ErrorLog` as `security EVENT client=ADDRESS [key=value…]`. Never a password, a token
/// or an e-mail address: an account is named by `SignInThrottle.logTag` (a keyed hash, the same
/// for every spelling of the address) and its address's domain.
///
/// ```text
/// 2026-12-01T11:47:38.343Z 203.0.113.9 security sign-in.failed account=3f9a0c41d2e7 domain=example.com
/// 2026-12-01T11:47:38.344Z 203.0.113.9 POST /signin 422 61.204ms
/// 2026-12-01T11:47:39.101Z 203.0.113.9 security sign-in.refused reason=address-on-account retry-after=600 account=3f9a0c41d2e7 domain=example.com
/// 2026-12-01T11:47:40.220Z 203.0.113.9 security limit.refused limit=sign-up.address retry-after=360
/// ```
struct SecurityLog: Sendable {
    let log: ErrorLog
    let throttle: SignInThrottle
    /// Where events go when the server keeps an access log.
    var accessLog: AccessLog? = nil

    /// Events of `SignInThrottle.guarded` outcomes: `sign-in.*` or `reauthentication.*`.
    enum Check: String, Sendable {
        case signIn = "sign-in"
        case reauthentication
    }

    /// The outcome of a password check (or its refusal) for `email` from `client`.
    func password<T>(_ check: Check, _ result: Result<T, AuthFailure>, email: String, client: String) {
        let event: String
        var details: [(String, String)] = []
        switch result {
        case .success: event = "succeeded"
        case .failure(.invalidCredential): event = "failed"
        case .failure(.throttled(let refusal)):
            event = "refused"
            details.append(("reason", refusal.reason))
            if let seconds = refusal.retryAfter { details.append(("retry-after", String(seconds))) }
        default: return
        }
        details += account(email)
        write(check.rawValue + "." + event, client: client, details)
    }

    /// Where a passkey was checked: `passkey-sign-in.*` or `passkey-reauthentication.*`.
    enum PasskeyCheck: String, Sendable {
        case signIn = "passkey-sign-in"
        case reauthentication = "passkey-reauthentication"
    }

    /// The outcome of a passkey ceremony: `succeeded` (with `counter-anomaly` when a synced
    /// passkey's counter did not increase), `failed` with the refusal's stable `reason`, or, for a
    /// device-bound passkey whose counter did not increase (a possible clone), its own event
    /// `passkey.counter-not-increased`. The account when the response named a passkey of one.
    func passkey(_ check: PasskeyCheck, _ result: Result<VerifiedPasskey, AuthFailure>, client: String) {
        switch result {
        case .success(let signIn):
            var details = account(signIn.account.email) + [("passkey", String(signIn.passkey.id))]
            if let anomaly = signIn.counterAnomaly {
                details += [("counter-anomaly", "\(anomaly.stored)->\(anomaly.received)")]
            }
            write(check.rawValue + ".succeeded", client: client, details)
        case .failure(.passkeyRejected(.counterNotIncreased, let owner)):
            write("passkey.counter-not-increased", client: client, [("during", check.rawValue)] + (owner.map { account($0.email) } ?? []))
        case .failure(let failure):
            var details: [(String, String)] = [("reason", Self.reason(failure))]
            if case .passkeyRejected(_, let owner?) = failure { details += account(owner.email) }
            write(check.rawValue + ".failed", client: client, details)
        }
    }

    /// A stable name for why a passkey ceremony failed.
    private static func reason(_ failure: AuthFailure) -> String {
        switch failure {
        case .passkeyRejected(let reason, _): reason.rawValue
        case .passkeyNotFound: "passkey.unknown-credential"
        case .passkeyChallengeInvalid: "passkey.challenge-invalid"
        case .passkeysUnavailable: "passkey.unavailable"
        case .userDisabled: "account-disabled"
        default: failure.code.rawValue
        }
    }

    /// A way into the account was added or removed from a signed-in browser: `passkey.added`,
    /// `passkey.removed`, `password.removed`.
    func signInMethodChanged(_ event: String, email: String, client: String) {
        write(event, client: client, account(email))
    }

    /// A stored or in-memory limit refused a request.
    func limitRefused(_ limit: String, client: String, retryAfter: Int) {
        write("limit.refused", client: client, [("limit", limit), ("retry-after", String(retryAfter))])
    }

    private func account(_ email: String) -> [(String, String)] {
        let domain = email.split(separator: "@").last.map { String($0).lowercased() } ?? ""
        return [("account", throttle.logTag(email: email)), ("domain", domain)]
    }

    private func write(_ event: String, client: String, _ details: [(String, String)]) {
        if let accessLog {
            accessLog.event(event, client: client, details: details.map { ($0, Self.field($1)) })
            return
        }
        var line = "security " + event + " client=" + Self.field(client)
        for (name, value) in details { line += " " + name + "=" + Self.field(value) }
        log.write(line)
    }

    /// A value as one token of the line: no spaces or control characters, at most 256 bytes.
    private static func field(_ value: String) -> String {
        let cleaned = String(value.unicodeScalars.map { $0.value <= 0x20 || $0.value == 0x7f ? "_" : Character($0) })
        return cleaned.isEmpty ? "-" : String(cleaned.prefix(256))
    }
}
