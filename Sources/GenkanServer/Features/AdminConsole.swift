import GenkanHTTP
import GenkanStore

/// `/admin/…`, the console: administrators find accounts, see what happened to them and act on
/// them. Every route is behind `RequireAdministrator` (a 404 to anyone else, for every method the
/// console answers); every action is a post with the session's CSRF token, refused without a proof
/// of the administrator's password within five minutes (`/admin/reauthenticate`), and run by the
/// core as `Requester.console`, which checks all of it again in the action's transaction and
/// records the event naming the administrator.
struct AdminConsole: SiteFeature {
    let site: SiteServices
    let administrators: RequireAdministrator

    static let pageSize = 50
    static let recentEvents = 50

    func register(on router: Router<SiteContext>, with shared: SharedMiddleware) {
        let console = router.group().narrowed(by: administrators)
        let posts = console.narrowed(by: FormParsing()).group("", shared.csrf(.session))
        console.get(.admin) { _, context in .response(Responses.redirect(.adminUsers, context: context)) }
        console.get(.adminUsers, use: users)
        console.get(.adminUser, use: user)
        console.get(.adminEvents, use: events)
        console.get(.adminReauthenticate, use: reauthenticationPage)
        // An action's address, opened: its account's page.
        console.get(.adminUserAction) { request, context in
            .response(Responses.redirect(SitePath.adminUser.filled(context.parameters["uid"] ?? ""), context: context))
        }
        posts.post(.adminUserAction, use: act)
        posts.post(.adminReauthenticate, use: reauthenticate)
        // The pages answer a post as any path does for an administrator (405), and 404 to anyone
        // else: the router's own 405 would tell a stranger the path exists.
        for path in [SitePath.admin, .adminUsers, .adminUser, .adminEvents] {
            console.post(path) { request, context in context.refuse(.methodNotAllowed(allowed: ["GET", "HEAD"]), request) }
        }
    }

    // MARK: Pages

    func users(_ request: HTTPRequest, _ context: AdminContext) -> Reply {
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let text = query?["q"] ?? "", before = query?["before"].flatMap { Int64($0) }
        // A name is looked for by its comparison key, as the name rules make it.
        let nameKey = text.isEmpty ? nil : rules.validateNameChange(name: text).nameComparisonKey
        return fromStore(request, context, { core throws(StoreError) in
            (try core.accountCounts(), try core.searchAccounts(text, nameKey: nameKey, beforeID: before, limit: Self.pageSize + 1))
        }) { [forms] found in
            let (counts, accounts) = found
            let shown = Array(accounts.prefix(Self.pageSize))
            let older = accounts.count > Self.pageSize
                ? SitePath.adminUsers.path + "?q=" + FormData.percentEncoded(text) + "&before=" + String(shown.last?.account.id ?? 0) : nil
            let html = forms.renderer.consoleUsers(
                shown, counts: counts, query: text, older: older, locale: context.locale, timeZone: context.timeZone,
                message: Self.message(context, texts: forms.texts))
            return .response(Responses.html(200, html, context: context, cookies: context.noticeShown))
        }
    }

    func user(_ request: HTTPRequest, _ context: AdminContext) -> Reply {
        let uid = context.parameters["uid"] ?? ""
        return fromStore(request, context, { core throws(StoreError) in try Self.load(uid, in: core) }) { [forms] shown in
            guard let shown else { return context.refuse(.status(.notFound), request) }
            return .response(
                Responses.html(
                    200, Self.page(shown, forms: forms, context: context, message: Self.message(context, texts: forms.texts)), context: context,
                    cookies: context.noticeShown))
        }
    }

    func events(_ request: HTTPRequest, _ context: AdminContext) -> Reply {
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        var filter = ConsoleEventFilter()
        filter.type = query?["type"].flatMap(AccountEventType.init(rawValue:))
        filter.uid = query?["uid"].flatMap { $0.isEmpty || $0.utf8.count > 128 ? nil : $0 }
        if let day = query?["since"], let seconds = AccountEvent.seconds(rfc3339: day) {
            filter.sinceText = day
            filter.since = seconds
        }
        let cursor = query?["before"].flatMap { Int64($0) }
        let chosen = filter
        return fromStore(request, context, { core throws(StoreError) in
            // Paged by id: `before` is the last shown event's.
            try core.events(uid: chosen.uid, types: chosen.type.map { [$0] } ?? [], since: chosen.since, before: cursor, limit: Self.pageSize + 1)
        }) { [forms] found in
            let shown = Array(found.prefix(Self.pageSize))
            var older: String?
            if found.count > Self.pageSize, let last = shown.last {
                var items = [("before", String(last.id))]
                if let type = chosen.type { items.append(("type", type.rawValue)) }
                if let uid = chosen.uid { items.append(("uid", uid)) }
                if let since = chosen.sinceText { items.append(("since", since)) }
                older = SitePath.adminEvents.path + "?" + items.map { $0.0 + "=" + FormData.percentEncoded($0.1) }.joined(separator: "&")
            }
            let html = forms.renderer.consoleEvents(shown, filter: chosen, older: older, locale: context.locale, timeZone: context.timeZone)
            return .response(Responses.html(200, html, context: context))
        }
    }

    static func load(_ uid: String, in core: Authenticator) throws(StoreError) -> ConsoleAccount? {
        guard let profile = try core.profile(uid: uid) else { return nil }
        let id = profile.account.id
        return ConsoleAccount(
            profile: profile, passkeys: try core.passkeys(accountID: id), sessions: try core.sessions(accountID: id, currentToken: nil),
            secondFactor: try core.secondFactorSummary(accountID: id).map {
                ConsoleSecondFactor(enrolledAt: $0.factor.enrolledAt, recoveryCodesLeft: $0.recoveryCodesLeft)
            },
            events: try core.events(uid: uid, limit: recentEvents))
    }

    static func page(
        _ shown: ConsoleAccount, forms: FormPages, context: some SignedInRequestContext, message: ConsoleMessage?, claimsText: String? = nil
    ) -> String {
        let csrf = forms.tokens.token(for: SiteContext.sessionBinding(context.signedIn.token))
        return forms.renderer.consoleUser(
            shown, csrf: csrf, claimsText: claimsText, locale: context.locale, timeZone: context.timeZone, message: message)
    }

    /// The one-time notice an action left (`Notice.console`), as the page's message.
    static func message(_ context: some SiteRequestContext, texts: PageTexts) -> ConsoleMessage? {
        context.notice.map { .done($0.text(texts, account: nil, locale: context.locale)) }
    }

    // MARK: Actions

    /// What the console does to an account, by the last part of its path.
    enum Action: String, CaseIterable, Sendable {
        case disable, enable
        case sendReset = "send-reset"
        case endSessions = "end-sessions"
        case verifyEmail = "verify-email"
        case removePasskeys = "remove-passkeys"
        case removeSecondFactor = "remove-second-factor"
        case setClaims = "set-claims"
        case delete
    }

    func act(_ request: HTTPRequest, _ context: PostedContext<AdminContext>) -> Reply {
        let uid = context.parameters["uid"] ?? ""
        guard let action = Action(rawValue: context.parameters["action"] ?? "") else { return context.refuse(.status(.notFound), request) }
        let admin = context.signedIn
        let back = SitePath.adminUser.filled(uid)
        // Asked here to lead to the password; the core asks again inside the action.
        guard clock.now() - admin.session.authenticatedAt <= Authenticator.consoleReauthentication else {
            return .response(Responses.redirect(SitePath.adminReauthenticate.with("next", back), context: context))
        }
        var claims: String??
        if action == .setClaims {
            let text = context.formData["claims"] ?? ""
            switch DeveloperClaims.checked(text.allSatisfy(\.isWhitespace) ? "{}" : text) {
            case .success(let checked): claims = .some(checked)
            case .failure(let problem):
                let message: String
                switch problem {
                case .reserved(let name): message = texts.text(.adminClaimsReserved, context.locale, ["name": name])
                case .tooLarge, .notAnObject: message = texts.text(.adminClaimsInvalid, context.locale)
                }
                return rejected(uid, message, claimsText: text, request, context)
            }
        }
        let typed = context.formData["confirm"] ?? ""
        let locale = context.locale, newClaims = claims
        return pool.reply(.interactive, for: request, context, { core -> Outcome in
            core.origin.door = .admin
            let found: Account?
            do throws(StoreError) { found = try core.account(uid: uid) } catch { return .failed(.internalError(error)) }
            guard let account = found else { return .failed(.userNotFound) }
            // Typed as shown: the address (or the uid of an account without one).
            if action == .delete, typed != (account.hasEmail ? account.email : account.uid) { return .mismatch }
            let requester = Requester.console(accountID: account.id, sessionToken: admin.token, administratorUID: admin.account.uid)
            return Outcome(Self.perform(action, for: requester, claims: newClaims, locale: locale, in: core))
        }) { [self] outcome in
            switch outcome {
            case .done(let done):
                let cookies = [Notice.console(done).cookie(context)]
                return .response(Responses.redirect(done == .accountDeleted ? SitePath.adminUsers.path : back, context: context, cookies: cookies))
            case .mismatch:
                return rejected(uid, texts.text(.adminDeleteMismatch, locale), request, context)
            case .failed(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failed(.requiresRecentLogin):
                return .response(Responses.redirect(SitePath.adminReauthenticate.with("next", back), context: context))
            case .failed(.userTokenExpired), .failed(.userNotFound):
                // The account is gone, or the console's session ended or lost its role while the
                // page was open.
                return context.refuse(.status(.notFound), request)
            case .failed(let failure):
                return rejected(uid, texts.message(for: failure.code, locale: locale), request, context)
            }
        }
    }

    /// What became of an action.
    enum Outcome: Sendable {
        /// Done, and the event it recorded.
        case done(AccountEventType)
        case failed(AuthFailure)
        /// The deletion's typed confirmation is not the account's address.
        case mismatch

        init(_ result: Result<AccountEventType, AuthFailure>) {
            switch result {
            case .success(let type): self = .done(type)
            case .failure(let failure): self = .failed(failure)
            }
        }
    }

    /// Runs `action` through the core for the console's requester.
    static func perform(
        _ action: Action, for requester: Requester, claims: String??, locale: String, in core: Authenticator
    ) -> Result<AccountEventType, AuthFailure> {
        var changes = AccountChanges()
        switch action {
        case .disable, .enable:
            changes.disabled = action == .disable
            return core.administer(requester, changes).map { _ in action == .disable ? .accountDisabled : .accountEnabled }
        case .verifyEmail:
            changes.emailVerified = true
            return core.administer(requester, changes).map { _ in .emailVerified }
        case .setClaims:
            changes.customClaims = claims
            return core.administer(requester, changes).map { _ in .claimsChanged }
        case .sendReset: return core.sendPasswordReset(requester, locale: locale).map { _ in .passwordResetSent }
        case .endSessions: return core.endSessions(requester).map { _ in .sessionsEnded }
        case .removePasskeys: return core.removePasskeys(requester).map { _ in .passkeyRemoved }
        // No code is asked: the owner who lost the app and the codes is who needs this.
        case .removeSecondFactor: return core.removeSecondFactor(requester, code: nil, locale: locale).map { _ in .secondFactorRemoved }
        case .delete: return core.deleteAccount(requester).map { _ in .accountDeleted }
        }
    }

    /// The account's page again with why the action did nothing (422).
    private func rejected(
        _ uid: String, _ message: String, claimsText: String? = nil, _ request: HTTPRequest, _ context: PostedContext<AdminContext>
    ) -> Reply {
        fromStore(request, context, { core throws(StoreError) in try Self.load(uid, in: core) }) { [forms] shown in
            guard let shown else { return context.refuse(.status(.notFound), request) }
            let html = Self.page(shown, forms: forms, context: context, message: .problem(message), claimsText: claimsText)
            return .response(Responses.html(422, html, context: context))
        }
    }

    // MARK: Re-authentication

    func reauthenticationPage(_ request: HTTPRequest, _ context: AdminContext) -> Reply {
        let query = request.query.isEmpty ? nil : try? FormData(query: request.query)
        let next = Self.consolePath(query?["next"])
        let signedIn = context.signedIn
        return fromStore(request, context, { core throws(StoreError) in try core.profile(id: signedIn.account.id)?.hasPassword ?? false }) {
            [forms] hasPassword in
            let csrf = forms.tokens.token(for: SiteContext.sessionBinding(signedIn.token))
            let html = forms.renderer.consoleReauthentication(next: next, csrf: csrf, hasPassword: hasPassword, error: nil, locale: context.locale)
            return .response(Responses.html(200, html, context: context))
        }
    }

    /// The administrator's password, behind the sign-in limits as every proof of the owner is; the
    /// session's proof is now, and the browser goes back to the page it came from.
    func reauthenticate(_ request: HTTPRequest, _ context: PostedContext<AdminContext>) -> Reply {
        let signedIn = context.signedIn, posted = context.formData
        let next = Self.consolePath(posted["next"])
        if let refused = checks.knownRefusal(email: signedIn.account.email, request, context) { return refused }
        let checks = self.checks, client = PasswordChecks.Client(context)
        return pool.hashing(request, context, { core in
            checks.proving(signedIn, form: posted, client: client, in: core) { proven in core.recordReauthentication(proven) }
        }) { [self] result in
            switch result {
            case .success:
                return .response(Responses.redirect(next, context: context))
            case .failure(.internalError(let error)):
                return failures.refuse(error, request: request, context: context)
            case .failure(.userTokenExpired):
                return context.refuseEndedSession(request)
            case .failure(.throttled(let refusal)):
                return context.refuse(SiteRefusal(refusal), request)
            case .failure(let failure):
                let csrf = forms.tokens.token(for: SiteContext.sessionBinding(signedIn.token))
                let html = forms.renderer.consoleReauthentication(
                    next: next, csrf: csrf, hasPassword: true, error: texts.message(for: failure.code, locale: context.locale), locale: context.locale)
                return .response(Responses.html(422, html, context: context))
            }
        }
    }

    /// Where to go after the proof: a console path, else the list.
    static func consolePath(_ text: String?) -> String {
        guard let text, let path = LocalPath(text), path.value == SitePath.admin.path || path.value.hasPrefix(SitePath.admin.path + "/") else {
            return SitePath.adminUsers.path
        }
        return path.value
    }
}
