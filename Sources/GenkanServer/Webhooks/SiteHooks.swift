import Foundation
import GenkanHTTP
import GenkanHTTPClient
import GenkanJSON
import GenkanStore
import GenkanValidation
import GenkanWebhooks

/// The core's `AccountHooks` over `BlockingHook`: the operator's `--before-create` and
/// `--before-sign-in` URLs, signed with `--webhook-secret`, 3 seconds for each exchange.
///
/// An answer's changes are checked here before the core sees them — claims as Firebase checks
/// custom claims (an object, no reserved name, 1,000 bytes: `DeveloperClaims`), a name as the
/// site's rules normalize names, a photo URL's length — and an answer that fails a check is one
/// that cannot be read: unavailable. An unavailable hook is `--hooks-fail`'s to decide, with a
/// security line on standard error (never the secret, the body or an address).
struct SiteHooks: AccountHooks {
    let beforeCreate: BlockingHook?
    let beforeSignIn: BlockingHook?
    let failMode: HooksFailMode
    let rules: ValidationViewModel
    let log: ErrorLog

    /// The hooks `settings` configure, or nil when there are none.
    ///
    /// - Throws: `HTTPClientError` for a URL the client may not call (the command line checked it).
    init?(_ settings: OperatorSettings, rules: ValidationViewModel, log: ErrorLog) throws(HTTPClientError) {
        guard settings.beforeCreate != nil || settings.beforeSignIn != nil, let secret = settings.webhookSecret else { return nil }
        let signer = WebhookSigner(secret: secret)
        beforeCreate = try settings.beforeCreate.map { url throws(HTTPClientError) in try BlockingHook(url: url, signer: signer) }
        beforeSignIn = try settings.beforeSignIn.map { url throws(HTTPClientError) in try BlockingHook(url: url, signer: signer) }
        failMode = settings.hooksFail
        self.rules = rules
        self.log = log
    }

    init(beforeCreate: BlockingHook?, beforeSignIn: BlockingHook?, failMode: HooksFailMode, rules: ValidationViewModel, log: ErrorLog) {
        self.beforeCreate = beforeCreate
        self.beforeSignIn = beforeSignIn
        self.failMode = failMode
        self.rules = rules
        self.log = log
    }

    func asks(_ moment: HookMoment) -> Bool {
        hook(moment) != nil
    }

    func ask(_ subject: HookSubject) -> HookVerdict {
        guard let hook = hook(subject.moment) else { return .allowed(HookChanges()) }
        let verdict = hook.call(Self.request(subject))
        switch verdict {
        case .allowed(let update):
            switch changes(update, moment: subject.moment) {
            case .success(let changes): return .allowed(changes)
            case .failure(let problem): return unavailable(subject, reason: "its answer's " + problem.reason)
            }
        case .refused(let status, let code, let message):
            write("blocking-hook.refused", subject, [("status", String(status)), ("code", code)])
            return .refused(code: code, message: message)
        case .unavailable(let reason):
            return unavailable(subject, reason: reason)
        }
    }

    private func hook(_ moment: HookMoment) -> BlockingHook? {
        switch moment {
        case .beforeCreate: beforeCreate
        case .beforeSignIn: beforeSignIn
        }
    }

    private func unavailable(_ subject: HookSubject, reason: String) -> HookVerdict {
        // The URL may carry a token of the operator's in its path or query: the line names the hook instead.
        let url = hook(subject.moment)?.url ?? ""
        let cleaned = url.isEmpty ? reason : reason.replacingOccurrences(of: url, with: "<\(subject.moment.rawValue) URL>")
        write("blocking-hook.unavailable", subject, [("fail", failMode.rawValue), ("reason", cleaned)])
        return failMode == .open ? .allowed(HookChanges()) : .unavailable
    }

    /// A security line: the hook's moment, the client, the account's uid (never its address).
    private func write(_ event: String, _ subject: HookSubject, _ details: [(String, String)]) {
        var line = "security \(event) hook=\(subject.moment.rawValue) client=\(subject.origin.client ?? "-") uid=\(subject.uid)"
        for (name, value) in details {
            let cleaned = String(value.unicodeScalars.map { $0.value <= 0x20 || $0.value == 0x7f ? "_" : Character($0) }.prefix(200))
            line += " \(name)=\(cleaned)"
        }
        log.write(line)
    }

    /// What the hook is sent: Firebase's blocking-function payload names.
    static func request(_ subject: HookSubject) -> BlockingHookRequest {
        let claims = subject.customClaims.flatMap { JSONReader.value(Array($0.utf8)) } ?? .object([])
        let user = BlockingHookUser(
            uid: subject.uid, email: subject.email, emailVerified: subject.emailVerified,
            displayName: subject.displayName.isEmpty ? nil : subject.displayName, photoURL: subject.photoURL, disabled: subject.disabled,
            customClaims: claims, providers: subject.providers, createdAt: subject.createdAt, lastSignInAt: subject.lastSignInAt)
        return BlockingHookRequest(
            event: subject.moment == .beforeCreate ? .beforeCreate : .beforeSignIn, eventID: "hook_" + Secret.token(), user: user,
            signInMethod: subject.signInMethod, ipAddress: subject.origin.client ?? "", userAgent: subject.origin.userAgent ?? "",
            locale: subject.origin.locale ?? "")
    }

    /// Why an allowing answer cannot be used, for the log.
    struct UnusableAnswer: Error {
        let reason: String
    }

    /// The answer's fields, checked; why not, for the log.
    func changes(_ update: BlockingHookUpdate, moment: HookMoment) -> Result<HookChanges, UnusableAnswer> {
        var changes = HookChanges()
        if let claims = update.customClaims {
            switch DeveloperClaims.checked(claims) {
            case .success(let text): changes.customClaims = .some(text)
            case .failure(let problem): return .failure(UnusableAnswer(reason: "customClaims: \(problem)"))
            }
        }
        // Firebase takes session claims from beforeSignIn only.
        if moment == .beforeSignIn, let claims = update.sessionClaims {
            switch DeveloperClaims.checked(claims) {
            case .success(let text): changes.sessionClaims = text
            case .failure(let problem): return .failure(UnusableAnswer(reason: "sessionClaims: \(problem)"))
            }
        }
        if let name = update.displayName {
            if name.isEmpty {
                (changes.displayName, changes.nameKey) = ("", "")
            } else {
                let verdict = rules.validate(.nameChange, values: [.name: name])
                guard let normalized = verdict.normalizedName, let key = verdict.nameComparisonKey else {
                    return .failure(UnusableAnswer(reason: "displayName (\(verdict.issues.map(\.code.rawValue).joined(separator: ",")))"))
                }
                (changes.displayName, changes.nameKey) = (normalized, key)
            }
        }
        if let photo = update.photoURL {
            guard photo.utf8.count <= AccountStore.maximumPhotoURLLength else { return .failure(UnusableAnswer(reason: "photoURL is too long")) }
            changes.photoURL = photo
        }
        changes.disabled = update.disabled
        changes.emailVerified = update.emailVerified
        return .success(changes)
    }
}
