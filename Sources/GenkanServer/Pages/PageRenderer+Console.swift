import GenkanHTTP
import GenkanStore

/// What the console's user page shows of one account.
struct ConsoleAccount: Sendable {
    let profile: AccountProfile
    let passkeys: [Passkey]
    let sessions: [SessionSummary]
    /// Nil when the account has no second factor.
    let secondFactor: ConsoleSecondFactor?
    let events: [AccountEvent]
}

/// What the console shows of a second factor: since when, and how many recovery codes are
/// unused. Never the secret (sealed or not), which this type cannot carry.
struct ConsoleSecondFactor: Sendable, Equatable {
    let enrolledAt: Int64
    let recoveryCodesLeft: Int
}

/// A one-time message on a console page: what an action did, or why it did nothing.
enum ConsoleMessage: Sendable, Equatable {
    case done(String)
    case problem(String)
}

/// The admin console's pages (`/admin/…`): plain HTML, forms that post without JavaScript, each
/// action a form of its own carrying `data-admin-action`, every text from the catalog.
extension PageRenderer {
    /// The console's own navigation, above every console page.
    private func consoleNavigation(_ current: SitePath, locale: String, into main: inout HTMLWriter) {
        main.start("nav", [HTMLAttribute("class", "console-nav"), HTMLAttribute("aria-label", texts.text(.adminConsole, locale))])
        main.newline()
        main.start("ul")
        for (path, key) in [(SitePath.adminUsers, PageKey.adminUsersTitle), (.adminEvents, .adminEventsTitle)] {
            var attributes = [HTMLAttribute("href", path.path)]
            if path == current { attributes.append(HTMLAttribute("aria-current", "page")) }
            main.element("li") { $0.element("a", attributes, text: texts.text(key, locale)) }
        }
        main.end("ul")
        main.newline()
        main.end("nav")
        main.newline()
    }

    private func message(_ message: ConsoleMessage?, into main: inout HTMLWriter) {
        switch message {
        case .done(let text)?: notice(text, into: &main)
        case .problem(let text)?:
            main.element("div", [HTMLAttribute("class", "error-summary"), HTMLAttribute("role", "alert")]) { $0.element("p", text: text) }
            main.newline()
        case nil: break
        }
    }

    // MARK: Users

    /// `/admin/users`: the counts, the search, and a page of accounts newest first.
    func consoleUsers(
        _ accounts: [AccountProfile], counts: AccountCounts, query: String, older: String?, locale: String, timeZone: String?,
        message: ConsoleMessage?
    ) -> String {
        let title = texts.text(.adminUsersTitle, locale)
        var main = HTMLWriter()
        consoleNavigation(.adminUsers, locale: locale, into: &main)
        heading(title, into: &main)
        self.message(message, into: &main)
        main.start("dl", [HTMLAttribute("class", "console-counts")])
        main.newline()
        for (key, count, id) in [
            (PageKey.adminCountTotal, counts.total, "count-total"), (.adminCountDisabled, counts.disabled, "count-disabled"),
            (.adminCountUnverified, counts.unverified, "count-unverified"), (.adminCountAdministrators, counts.administrators, "count-administrators"),
        ] {
            main.element("div") { pair in
                pair.element("dt", text: texts.text(key, locale))
                pair.element("dd", [HTMLAttribute("id", id)], text: String(count))
            }
            main.newline()
        }
        main.end("dl")
        main.newline()
        main.start("form", [HTMLAttribute("method", "get"), HTMLAttribute("action", SitePath.adminUsers.path), HTMLAttribute("class", "console-search"), HTMLAttribute("role", "search")])
        main.newline()
        main.element("label", [HTMLAttribute("for", "q")], text: texts.text(.adminSearchLabel, locale))
        main.start("input", [
            HTMLAttribute("type", "search"), HTMLAttribute("id", "q"), HTMLAttribute("name", "q"), HTMLAttribute("value", query),
            HTMLAttribute("maxlength", String(Authenticator.maximumSearchLength)), HTMLAttribute("autocomplete", "off"), HTMLAttribute("dir", "auto"),
        ])
        main.element("button", [HTMLAttribute("type", "submit")], text: texts.text(.adminSearchSubmit, locale))
        main.newline()
        main.end("form")
        main.newline()
        if accounts.isEmpty {
            main.element("p", [HTMLAttribute("class", "empty")], text: texts.text(.adminUsersNone, locale))
            main.newline()
        } else {
            main.start("table", [HTMLAttribute("class", "console-table"), HTMLAttribute("id", "users")])
            main.newline()
            main.element("thead") { head in
                head.element("tr") { row in
                    for key in [PageKey.emailLabel, .displayNameLabel, .adminUID, .adminCreated, .adminLastSignIn, .adminStatus] {
                        row.element("th", [HTMLAttribute("scope", "col")], text: texts.text(key, locale))
                    }
                }
            }
            main.newline()
            main.start("tbody")
            main.newline()
            for profile in accounts {
                let account = profile.account
                main.element("tr", [HTMLAttribute("data-uid", account.uid)]) { row in
                    row.element("td") { cell in
                        cell.element(
                            "a", [HTMLAttribute("href", SitePath.adminUser.filled(account.uid)), HTMLAttribute("dir", "auto")],
                            text: account.hasEmail ? account.email : account.uid)
                    }
                    row.element("td") { $0.element("bdi", text: account.displayName) }
                    row.element("td", [HTMLAttribute("class", "uid")], text: account.uid)
                    row.element("td", text: DateText.format(account.createdAt, locale: locale, timeZone: timeZone, style: .date))
                    row.element(
                        "td", text: profile.lastLoginAt.map { DateText.format($0, locale: locale, timeZone: timeZone) } ?? texts.text(.adminNever, locale))
                    row.element("td", text: statusText(account, locale: locale))
                }
                main.newline()
            }
            main.end("tbody")
            main.newline()
            main.end("table")
            main.newline()
        }
        if let older {
            main.element("p", [HTMLAttribute("class", "pages")]) { $0.element("a", [HTMLAttribute("href", older), HTMLAttribute("rel", "next")], text: texts.text(.adminOlder, locale)) }
            main.newline()
        }
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }

    /// "Disabled · Administrator · Address verified": what the list says of an account.
    private func statusText(_ account: Account, locale: String) -> String {
        var parts: [String] = []
        if account.isDisabled { parts.append(texts.text(.adminCountDisabled, locale)) }
        if account.isAdministrator { parts.append(texts.text(.adminStatusAdministrator, locale)) }
        if account.hasEmail { parts.append(texts.text(account.isVerified ? .accountEmailVerified : .accountEmailUnverified, locale)) }
        return parts.joined(separator: " · ")
    }

    // MARK: One user

    /// `/admin/users/{uid}`: the account as it is, its ways in, its devices, its claims and its
    /// recent events; then every action, each its own form.
    func consoleUser(
        _ shown: ConsoleAccount, csrf: String, claimsText: String?, locale: String, timeZone: String?, message: ConsoleMessage?
    ) -> String {
        let profile = shown.profile, account = profile.account
        let title = account.hasEmail ? account.email : account.uid
        var main = HTMLWriter()
        consoleNavigation(.adminUser, locale: locale, into: &main)
        main.element("h1", [HTMLAttribute("dir", "auto")], text: title)
        main.newline()
        self.message(message, into: &main)
        main.start("dl", [HTMLAttribute("class", "account console-profile")])
        main.newline()
        func row(_ key: PageKey, id: String, _ value: String) {
            main.element("dt", text: texts.text(key, locale))
            main.element("dd", [HTMLAttribute("id", id)], text: value)
            main.newline()
        }
        row(.displayNameLabel, id: "profile-name", account.displayName)
        row(.emailLabel, id: "profile-email", account.email)
        row(.adminStatus, id: "profile-status", statusText(account, locale: locale))
        row(.adminUID, id: "profile-uid", account.uid)
        row(.adminCreated, id: "profile-created", DateText.format(account.createdAt, locale: locale, timeZone: timeZone))
        row(.adminLastSignIn, id: "profile-last-sign-in", profile.lastLoginAt.map { DateText.format($0, locale: locale, timeZone: timeZone) } ?? texts.text(.adminNever, locale))
        var methods = profile.hasPassword ? [texts.text(.providersPassword, locale)] : []
        methods += profile.identities.map { signInMethodName($0.provider, locale: locale) }
        row(.adminSignInMethods, id: "profile-methods", methods.isEmpty ? texts.text(.adminNoneSet, locale) : methods.joined(separator: ", "))
        main.end("dl")
        main.newline()

        main.element("h2", text: texts.text(.passkeysTitle, locale))
        main.newline()
        list(shown.passkeys.map { "\($0.name) — " + DateText.format($0.createdAt, locale: locale, timeZone: timeZone) }, id: "passkeys", locale: locale, into: &main)
        main.element("h2", text: texts.text(.twoFactorTitle, locale))
        main.newline()
        if let factor = shown.secondFactor {
            main.element("p", [HTMLAttribute("id", "second-factor"), HTMLAttribute("data-second-factor", "on")]) { line in
                line.text(texts.text(.twoFactorOn, locale, ["date": DateText.format(factor.enrolledAt, locale: locale, timeZone: timeZone)]))
                line.text(" ")
                line.element("span", [HTMLAttribute("id", "recovery-codes-left")], text: texts.text(.twoFactorCodesLeft, locale, ["count": String(factor.recoveryCodesLeft)]))
            }
        } else {
            main.element(
                "p", [HTMLAttribute("id", "second-factor"), HTMLAttribute("data-second-factor", "off"), HTMLAttribute("class", "empty")],
                text: texts.text(.noticeTwoFactorRemoved, locale))
        }
        main.newline()
        main.element("h2", text: texts.text(.sessionsTitle, locale))
        main.newline()
        list(
            shown.sessions.map { session in
                let name: String
                switch session.kind {
                case .browser: name = BrowserName(userAgent: session.userAgent).text(texts, locale: locale)
                case .app(let method): name = texts.text(.sessionsApp, locale, ["method": signInMethodName(method, locale: locale)])
                }
                return name + " — " + texts.text(.sessionsLastActive, locale, ["date": DateText.format(session.lastSeenAt, locale: locale, timeZone: timeZone)])
            }, id: "devices", locale: locale, into: &main)
        main.element("h2", text: texts.text(.adminClaims, locale))
        main.newline()
        if let claims = account.customClaims {
            main.element("pre", [HTMLAttribute("id", "claims"), HTMLAttribute("dir", "ltr")], text: claims)
        } else {
            main.element("p", [HTMLAttribute("id", "claims"), HTMLAttribute("class", "empty")], text: texts.text(.adminNoneSet, locale))
        }
        main.newline()

        main.element("h2", text: texts.text(.adminActions, locale))
        main.newline()
        let action = { (name: String) in SitePath.adminUserAction.filled(account.uid, name) }
        main.start("div", [HTMLAttribute("class", "console-actions")])
        main.newline()
        if account.isDisabled {
            actionForm(action("enable"), name: "enable", label: texts.text(.adminActionEnable, locale), csrf: csrf, locale: locale, into: &main)
        } else {
            actionForm(action("disable"), name: "disable", label: texts.text(.adminActionDisable, locale), csrf: csrf, locale: locale, danger: true, into: &main)
        }
        if account.hasEmail {
            actionForm(action("send-reset"), name: "send-reset", label: texts.text(.adminActionSendReset, locale), csrf: csrf, locale: locale, into: &main)
        }
        actionForm(action("end-sessions"), name: "end-sessions", label: texts.text(.adminActionEndSessions, locale), csrf: csrf, locale: locale, into: &main)
        if account.hasEmail && !account.isVerified {
            actionForm(action("verify-email"), name: "verify-email", label: texts.text(.adminActionVerifyEmail, locale), csrf: csrf, locale: locale, into: &main)
        }
        if !shown.passkeys.isEmpty {
            actionForm(
                action("remove-passkeys"), name: "remove-passkeys", label: texts.text(.adminActionRemovePasskeys, locale), csrf: csrf, locale: locale,
                danger: true, into: &main)
        }
        if shown.secondFactor != nil {
            actionForm(
                action("remove-second-factor"), name: "remove-second-factor", label: texts.text(.twoFactorRemove, locale), csrf: csrf,
                locale: locale, danger: true, into: &main)
        }
        main.end("div")
        main.newline()
        // Custom claims: the JSON object every ID token of the account carries from now on.
        main.start("form", [
            HTMLAttribute("method", "post"), HTMLAttribute("action", action("set-claims")), HTMLAttribute("data-admin-action", "set-claims"),
            HTMLAttribute("class", "console-claims"),
        ])
        main.newline()
        hiddenInput("csrf", csrf, into: &main)
        main.element("label", [HTMLAttribute("for", "claims-json")], text: texts.text(.adminClaims, locale))
        main.element("p", [HTMLAttribute("class", "hint"), HTMLAttribute("id", "claims-hint")], text: texts.text(.adminClaimsHint, locale))
        main.element(
            "textarea",
            [
                HTMLAttribute("id", "claims-json"), HTMLAttribute("name", "claims"), HTMLAttribute("rows", "4"), HTMLAttribute("dir", "ltr"),
                HTMLAttribute("spellcheck", "false"), HTMLAttribute("aria-describedby", "claims-hint"),
            ], text: claimsText ?? account.customClaims ?? "{}")
        main.newline()
        main.element("button", [HTMLAttribute("type", "submit"), HTMLAttribute("data-progress", texts.text(.progressWait, locale))], text: texts.text(.adminActionSetClaims, locale))
        main.newline()
        main.end("form")
        main.newline()
        // Deleting asks for the address (or the uid of an account without one) to be typed.
        let confirmation = account.hasEmail ? account.email : account.uid
        main.start("form", [
            HTMLAttribute("method", "post"), HTMLAttribute("action", action("delete")), HTMLAttribute("data-admin-action", "delete"),
            HTMLAttribute("class", "console-delete"),
        ])
        main.newline()
        hiddenInput("csrf", csrf, into: &main)
        main.element("label", [HTMLAttribute("for", "delete-confirm")], text: texts.text(.adminDeleteLabel, locale, ["value": confirmation]))
        main.start("input", [
            HTMLAttribute("type", "text"), HTMLAttribute("id", "delete-confirm"), HTMLAttribute("name", "confirm"), HTMLAttribute("autocomplete", "off"),
            HTMLAttribute("dir", "auto"), HTMLAttribute("required", "required"),
        ])
        main.newline()
        main.element(
            "button", [HTMLAttribute("type", "submit"), HTMLAttribute("class", "danger"), HTMLAttribute("data-progress", texts.text(.progressWait, locale))],
            text: texts.text(.adminActionDelete, locale))
        main.newline()
        main.end("form")
        main.newline()

        main.element("h2", text: texts.text(.adminRecentEvents, locale))
        main.newline()
        eventTable(shown.events, showsAccount: false, locale: locale, timeZone: timeZone, into: &main)
        main.element("p") { line in
            line.element("a", [HTMLAttribute("href", SitePath.adminEvents.path + "?uid=" + FormData.percentEncoded(account.uid))], text: texts.text(.adminEventsTitle, locale))
        }
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }

    private func list(_ items: [String], id: String, locale: String, into main: inout HTMLWriter) {
        guard !items.isEmpty else {
            main.element("p", [HTMLAttribute("id", id), HTMLAttribute("class", "empty")], text: texts.text(.adminNoneSet, locale))
            main.newline()
            return
        }
        main.start("ul", [HTMLAttribute("id", id), HTMLAttribute("class", "console-list")])
        for item in items { main.element("li", text: item) }
        main.end("ul")
        main.newline()
    }

    /// One action: a form that is one button, named by `data-admin-action`.
    private func actionForm(
        _ action: String, name: String, label: String, csrf: String, locale: String, danger: Bool = false, into main: inout HTMLWriter
    ) {
        main.start("form", [HTMLAttribute("method", "post"), HTMLAttribute("action", action), HTMLAttribute("data-admin-action", name)])
        hiddenInput("csrf", csrf, into: &main)
        var attributes = [HTMLAttribute("type", "submit")]
        if danger { attributes.append(HTMLAttribute("class", "danger")) }
        attributes.append(HTMLAttribute("data-progress", texts.text(.progressWait, locale)))
        main.element("button", attributes, text: label)
        main.end("form")
        main.newline()
    }

    // MARK: Events

    /// `/admin/events`: the filter, then a page of events newest first.
    func consoleEvents(_ events: [AccountEvent], filter: ConsoleEventFilter, older: String?, locale: String, timeZone: String?) -> String {
        let title = texts.text(.adminEventsTitle, locale)
        var main = HTMLWriter()
        consoleNavigation(.adminEvents, locale: locale, into: &main)
        heading(title, into: &main)
        main.start("form", [HTMLAttribute("method", "get"), HTMLAttribute("action", SitePath.adminEvents.path), HTMLAttribute("class", "console-filter")])
        main.newline()
        main.element("div", [HTMLAttribute("class", "field")]) { field in
            field.element("label", [HTMLAttribute("for", "type")], text: texts.text(.adminFilterType, locale))
            field.element("select", [HTMLAttribute("id", "type"), HTMLAttribute("name", "type")]) { select in
                select.element("option", [HTMLAttribute("value", "")], text: texts.text(.adminFilterAllTypes, locale))
                for type in AccountEventType.allCases {
                    var attributes = [HTMLAttribute("value", type.rawValue)]
                    if filter.type == type { attributes.append(HTMLAttribute("selected", "selected")) }
                    select.element("option", attributes, text: texts.text(Self.eventKey(type), locale) + " (" + type.rawValue + ")")
                }
            }
        }
        main.newline()
        for (name, key, value, kind) in [
            ("uid", PageKey.adminFilterAccount, filter.uid ?? "", "text"), ("since", .adminFilterSince, filter.sinceText ?? "", "date"),
        ] {
            main.element("div", [HTMLAttribute("class", "field")]) { field in
                field.element("label", [HTMLAttribute("for", name)], text: texts.text(key, locale))
                field.start("input", [HTMLAttribute("type", kind), HTMLAttribute("id", name), HTMLAttribute("name", name), HTMLAttribute("value", value), HTMLAttribute("dir", "ltr")])
            }
            main.newline()
        }
        main.element("button", [HTMLAttribute("type", "submit")], text: texts.text(.adminFilterSubmit, locale))
        main.newline()
        main.end("form")
        main.newline()
        eventTable(events, showsAccount: true, locale: locale, timeZone: timeZone, into: &main)
        if let older {
            main.element("p", [HTMLAttribute("class", "pages")]) { $0.element("a", [HTMLAttribute("href", older), HTMLAttribute("rel", "next")], text: texts.text(.adminOlder, locale)) }
            main.newline()
        }
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }

    /// Events as a table: when, what, whose (a link to the account), by whom, from where.
    private func eventTable(_ events: [AccountEvent], showsAccount: Bool, locale: String, timeZone: String?, into main: inout HTMLWriter) {
        guard !events.isEmpty else {
            main.element("p", [HTMLAttribute("class", "empty"), HTMLAttribute("id", "events")], text: texts.text(.adminEventsNone, locale))
            main.newline()
            return
        }
        main.start("table", [HTMLAttribute("class", "console-table"), HTMLAttribute("id", "events")])
        main.newline()
        var columns = [PageKey.adminColumnTime, .adminColumnEvent]
        if showsAccount { columns.append(.adminUID) }
        columns += [.adminColumnActor, .adminColumnClient]
        main.element("thead") { head in
            head.element("tr") { row in for key in columns { row.element("th", [HTMLAttribute("scope", "col")], text: texts.text(key, locale)) } }
        }
        main.newline()
        main.start("tbody")
        main.newline()
        for event in events {
            main.element("tr", [HTMLAttribute("data-event", event.type.rawValue), HTMLAttribute("data-actor", event.actor.stored)]) { row in
                row.element("td") { cell in
                    cell.element("time", [HTMLAttribute("datetime", AccountEvent.rfc3339(event.time))], text: DateText.format(event.time, locale: locale, timeZone: timeZone))
                }
                row.element("td", text: eventText(event, locale: locale))
                if showsAccount {
                    row.element("td", [HTMLAttribute("class", "uid")]) { $0.element("a", [HTMLAttribute("href", SitePath.adminUser.filled(event.uid))], text: event.uid) }
                }
                row.element("td", text: actorText(event.actor, locale: locale))
                let whence = [eventPlace(event, locale: locale), event.client, eventDevice(event, locale: locale)].compactMap { $0 }
                row.element("td", text: whence.joined(separator: " · "))
            }
            main.newline()
        }
        main.end("tbody")
        main.newline()
        main.end("table")
        main.newline()
    }

    private func actorText(_ actor: EventActor, locale: String) -> String {
        switch actor {
        case .user: texts.text(.adminActorUser, locale)
        case .system: texts.text(.adminActorSystem, locale)
        case .administrator(let uid): texts.text(.adminActorAdministrator, locale, ["uid": uid])
        }
    }

    // MARK: Re-authentication

    /// `/admin/reauthenticate`: the administrator's password again, before an action, when the
    /// last proof is older than five minutes.
    func consoleReauthentication(next: String, csrf: String, hasPassword: Bool, error: String?, locale: String) -> String {
        let title = texts.text(.adminReauthTitle, locale)
        var main = HTMLWriter()
        heading(title, intro: texts.text(.adminReauthIntro, locale), into: &main)
        if let error { message(.problem(error), into: &main) }
        if hasPassword {
            main.start("form", [HTMLAttribute("method", "post"), HTMLAttribute("action", SitePath.adminReauthenticate.path), HTMLAttribute("class", "console-reauth")])
            main.newline()
            hiddenInput("csrf", csrf, into: &main)
            hiddenInput("next", next, into: &main)
            main.element("div", [HTMLAttribute("class", "field")]) { field in
                field.element("label", [HTMLAttribute("for", "current-password")], text: texts.text(.currentPasswordLabel, locale))
                field.start("input", [
                    HTMLAttribute("type", "password"), HTMLAttribute("id", "current-password"), HTMLAttribute("name", "current-password"),
                    HTMLAttribute("autocomplete", "current-password"), HTMLAttribute("required", "required"),
                ])
            }
            main.newline()
            main.element("button", [HTMLAttribute("type", "submit"), HTMLAttribute("data-progress", texts.text(.progressWait, locale))], text: texts.text(.adminReauthSubmit, locale))
            main.newline()
            main.end("form")
        } else {
            main.element("p", text: texts.text(.adminReauthSignInAgain, locale))
        }
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }
}

/// The events page's filter, as read from its query.
struct ConsoleEventFilter: Sendable, Equatable {
    var type: AccountEventType?
    var uid: String?
    /// The day or moment as typed (`2026-12-01`), shown again in the form.
    var sinceText: String?
    var since: Int64?
}
