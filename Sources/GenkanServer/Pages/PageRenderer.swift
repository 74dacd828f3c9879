import GenkanLocalization
import GenkanStore
import GenkanValidation

/// Renders Genkan's pages as HTML that works without JavaScript: labelled fields with their rules
/// as attributes, errors next to fields and in a summary that takes focus, and a language
/// switcher. Rendering runs on the event loop; it only reads immutable data.
public struct PageRenderer: Sendable {
    let texts: any PageTexts
    let rules: any FormRules
    let stylesheet: String
    let script: String

    public init(texts: any PageTexts, rules: any FormRules, files: StaticFiles?) {
        self.texts = texts
        self.rules = rules
        stylesheet = files?.versionedURL("/css/genkan.css") ?? "/css/genkan.css"
        script = files?.versionedURL("/js/genkan.js") ?? "/js/genkan.js"
    }

    // MARK: Layout

    /// A whole page around `main` (already HTML).
    func layout(locale: String, title: String, main: String) -> String {
        var html = ""
        html.reserveCapacity(main.utf8.count + 2048)
        html += "<!doctype html>\n<html lang=\""
        html += locale
        html += "\" dir=\""
        html += LanguageNames.direction(of: locale)
        html += "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        HTML.escape(title, into: &html)
        html += " · "
        HTML.escape(texts.text("ui.site.name", locale), into: &html)
        html += "</title>\n<link rel=\"stylesheet\" href=\"\(stylesheet)\">\n<script src=\"\(script)\" defer></script>\n</head>\n<body>\n"
        html += "<header class=\"site-header\">\n<a class=\"brand\" href=\"/\">"
        HTML.escape(texts.text("ui.site.name", locale), into: &html)
        html += "</a>\n<nav class=\"languages\" aria-label=\""
        HTML.escape(texts.text("ui.language.label", locale), into: &html)
        html += "\">\n<ul>\n"
        for candidate in texts.locales {
            html += "<li><a href=\"?lang=\(candidate)\" hreflang=\"\(candidate)\" lang=\"\(candidate)\""
            if candidate == locale { html += " aria-current=\"true\"" }
            html += ">"
            HTML.escape(texts.languageName(candidate), into: &html)
            html += "</a></li>\n"
        }
        html += "</ul>\n</nav>\n</header>\n<main id=\"main\">\n"
        html += main
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    // MARK: Forms

    /// The sign-in or sign-up page, with `state`'s values and errors, its form bound to `csrf`.
    public func form(_ kind: FormKind, locale: String, state: FormState, csrf: String) -> String {
        let title = texts.text(kind == .signIn ? "ui.signin.title" : "ui.signup.title", locale)
        var main = "<h1>"
        HTML.escape(title, into: &main)
        main += "</h1>\n"
        if kind == .signIn {
            main += "<p class=\"intro\">"
            HTML.escape(texts.text("ui.signin.intro", locale), into: &main)
            main += "</p>\n"
        }
        main += errorSummary(state.errors, locale: locale)
        main += "<form method=\"post\" action=\"\(kind.path)\" class=\"auth-form\" data-form=\"\(kind.rawValue)\">\n"
        main += "<input type=\"hidden\" name=\"csrf\" value=\""
        HTML.escape(csrf, into: &main)
        main += "\">\n"
        for field in kind.fields {
            main += self.field(field, in: kind, locale: locale, state: state)
        }
        main += "<button type=\"submit\" class=\"primary\" data-progress=\""
        HTML.escape(texts.text("ui.progress.wait", locale), into: &main)
        main += "\">"
        HTML.escape(texts.text(kind == .signIn ? "ui.signin.submit" : "ui.signup.submit", locale), into: &main)
        main += "</button>\n</form>\n<p class=\"switch\">"
        if kind == .signIn {
            HTML.escape(texts.text("ui.signin.signup-prompt", locale), into: &main)
            main += " <a href=\"/signup\">"
            HTML.escape(texts.text("ui.signin.signup-link", locale), into: &main)
        } else {
            HTML.escape(texts.text("ui.signup.signin-prompt", locale), into: &main)
            main += " <a href=\"/signin\">"
            HTML.escape(texts.text("ui.signup.signin-link", locale), into: &main)
        }
        main += "</a></p>\n"
        return layout(locale: locale, title: title, main: main)
    }

    /// The box at the top that lists every problem, each linking to its field; it takes focus
    /// when the page loads (`autofocus` without JavaScript, `focus()` with it).
    func errorSummary(_ errors: [PageError], locale: String) -> String {
        guard !errors.isEmpty else { return "" }
        var html = "<div class=\"error-summary\" id=\"error-summary\" role=\"alert\" tabindex=\"-1\" autofocus aria-labelledby=\"error-summary-title\">\n<h2 id=\"error-summary-title\">"
        HTML.escape(texts.text("ui.errors.summary", locale: locale, ["count": errors.count]), into: &html)
        html += "</h2>\n<ul>\n"
        for error in errors {
            html += "<li>"
            if let field = error.field {
                html += "<a href=\"#\(field.rawValue)\">"
                HTML.escape(error.message, into: &html)
                html += "</a>"
            } else {
                HTML.escape(error.message, into: &html)
            }
            html += "</li>\n"
        }
        html += "</ul>\n</div>\n"
        return html
    }

    func labelKey(_ field: FormField) -> String {
        switch field {
        case .name: "ui.field.display-name.label"
        case .email: "ui.field.email.label"
        case .password: "ui.field.password.label"
        case .passwordConfirmation: "ui.field.password-confirmation.label"
        case .currentPassword: "ui.field.current-password.label"
        case .newPassword: "ui.field.new-password.label"
        }
    }

    func hint(_ field: FormField, in kind: FormKind, locale: String) -> String? {
        switch (field, kind) {
        case (.name, .signUp): texts.text("ui.field.display-name.hint", locale)
        case (.email, _): texts.text("ui.field.email.hint", locale)
        case (.password, .signUp):
            texts.text("ui.field.password.hint", locale: locale, ["minimum": minimumPasswordLength(kind)])
        case (.passwordConfirmation, .signUp): texts.text("ui.field.password-confirmation.hint", locale)
        default: nil
        }
    }

    func minimumPasswordLength(_ kind: FormKind) -> Int {
        let attribute = rules.attributes(for: .password, in: kind).first { $0.name == "minlength" }
        return attribute.flatMap { Int($0.value) } ?? 0
    }

    /// One labelled input with its hint, its errors and its rule's attributes.
    func field(_ field: FormField, in kind: FormKind, locale: String, state: FormState) -> String {
        let id = field.rawValue
        let errors = state.errors.filter { $0.field == field }
        let isPassword = field == .password || field == .passwordConfirmation
        var html = "<div class=\"field\(errors.isEmpty ? "" : " field-invalid")\" data-field=\"\(id)\">\n<label for=\"\(id)\">"
        HTML.escape(texts.text(labelKey(field), locale), into: &html)
        html += "</label>\n"
        var describedBy: [String] = []
        if let hint = hint(field, in: kind, locale: locale) {
            html += "<p class=\"hint\" id=\"\(id)-hint\">"
            HTML.escape(hint, into: &html)
            html += "</p>\n"
            describedBy.append("\(id)-hint")
        }
        html += "<div class=\"field-error\" id=\"\(id)-error\" aria-live=\"polite\">"
        for error in errors {
            html += "<p>"
            HTML.escape(error.message, into: &html)
            html += "</p>"
        }
        html += "</div>\n"
        if !errors.isEmpty { describedBy.append("\(id)-error") }
        if field == .password && kind == .signUp { describedBy.append("password-checklist") }
        html += "<input id=\"\(id)\" name=\"\(id)\""
        for (name, value) in rules.attributes(for: field, in: kind) {
            html += " \(name)"
            if !value.isEmpty || name == "value" {
                html += "=\""
                HTML.escape(value, into: &html)
                html += "\""
            }
        }
        if !describedBy.isEmpty { html += " aria-describedby=\"\(describedBy.joined(separator: " "))\"" }
        if !errors.isEmpty { html += " aria-invalid=\"true\"" }
        if !isPassword, let value = state.values[field], !value.isEmpty {
            html += " value=\""
            HTML.escape(value, into: &html)
            html += "\""
        }
        if isPassword {
            html += " data-show-label=\""
            HTML.escape(texts.text("ui.password.show", locale), into: &html)
            html += "\" data-hide-label=\""
            HTML.escape(texts.text("ui.password.hide", locale), into: &html)
            html += "\""
        }
        html += ">\n"
        if field == .password && kind == .signUp {
            // Nothing typed yet: every requirement starts unticked (an empty password is not in
            // the blocklist, but saying so would mislead).
            let items = rules.checklist(password: "", email: "", name: "").map { ChecklistItem(issue: $0.issue, isMet: false) }
            html += checklist(items, locale: locale)
        }
        html += "</div>\n"
        return html
    }

    /// The password requirements as a list the script ticks off while the user types.
    func checklist(_ items: [ChecklistItem], locale: String) -> String {
        var html = "<div class=\"checklist\" id=\"password-checklist\">\n<p class=\"checklist-title\" id=\"password-checklist-title\">"
        HTML.escape(texts.text("ui.password.checklist.heading", locale), into: &html)
        html += "</p>\n<ul aria-labelledby=\"password-checklist-title\">\n"
        for item in items {
            html += "<li data-requirement=\""
            HTML.escape(item.issue.code.rawValue, into: &html)
            html += "\" class=\"\(item.isMet ? "met" : "unmet")\">"
            HTML.escape(checklistText(item, locale: locale), into: &html)
            html += "</li>\n"
        }
        html += "</ul>\n</div>\n"
        return html
    }

    /// A checklist line: the length rule as a requirement ("Use at least 8 characters") rather
    /// than the issue's sentence about the current length; the others as their issue's message.
    func checklistText(_ item: ChecklistItem, locale: String) -> String {
        if item.issue.code == .passwordTooShort, let minimum = item.issue.parameters["minimum"] {
            return texts.text("auth.password-requirement.minimum-length", locale: locale, IssueParameters([("minimum", minimum)]))
        }
        return texts.message(for: item.issue, locale: locale)
    }

    // MARK: Account and errors

    /// The signed-in page: who is signed in, and the sign-out button.
    public func account(_ account: Account, locale: String, csrf: String) -> String {
        let title = texts.text("ui.account.title", locale)
        var main = "<h1>"
        HTML.escape(title, into: &main)
        main += "</h1>\n<dl class=\"account\">\n<dt>"
        HTML.escape(texts.text("ui.field.display-name.label", locale), into: &main)
        main += "</dt>\n<dd id=\"account-name\">"
        HTML.escape(account.displayName, into: &main)
        main += "</dd>\n<dt>"
        HTML.escape(texts.text("ui.field.email.label", locale), into: &main)
        main += "</dt>\n<dd id=\"account-email\">"
        HTML.escape(account.email, into: &main)
        main += "</dd>\n</dl>\n<form method=\"post\" action=\"/signout\" class=\"signout-form\">\n<input type=\"hidden\" name=\"csrf\" value=\""
        HTML.escape(csrf, into: &main)
        main += "\">\n<button type=\"submit\" data-progress=\""
        HTML.escape(texts.text("ui.progress.wait", locale), into: &main)
        main += "\">"
        HTML.escape(texts.text("ui.account.signout", locale), into: &main)
        main += "</button>\n</form>\n"
        return layout(locale: locale, title: title, main: main)
    }

    /// The page for an error status.
    public func error(_ status: Int, locale: String) -> String {
        let title = texts.text("ui.error.\(status).title", locale)
        var main = "<h1>"
        HTML.escape(title, into: &main)
        main += "</h1>\n<p class=\"error-message\">"
        HTML.escape(texts.text("ui.error.\(status).message", locale), into: &main)
        main += "</p>\n<p><a href=\"/signin\">"
        HTML.escape(texts.text("ui.error.back-to-signin", locale), into: &main)
        main += "</a></p>\n"
        return layout(locale: locale, title: title, main: main)
    }
}

extension PageRenderer {
    /// The error statuses that have a page of their own.
    public static let errorStatuses = [400, 403, 404, 405, 408, 413, 429, 431, 500, 503]

    /// Every catalog key the pages look up (the tests check each is translated in every locale).
    public static var referencedKeys: Set<String> {
        var keys: Set<String> = [
            "ui.site.name", "ui.language.label", "ui.errors.summary", "ui.progress.wait",
            "ui.signin.title", "ui.signin.intro", "ui.signin.submit", "ui.signin.signup-prompt", "ui.signin.signup-link",
            "ui.signup.title", "ui.signup.submit", "ui.signup.signin-prompt", "ui.signup.signin-link",
            "ui.field.display-name.label", "ui.field.display-name.hint", "ui.field.email.label", "ui.field.email.hint",
            "ui.field.password.label", "ui.field.password.hint", "ui.field.password-confirmation.label",
            "ui.field.password-confirmation.hint", "ui.field.current-password.label", "ui.field.new-password.label",
            "ui.password.show", "ui.password.hide", "ui.password.checklist.heading",
            "ui.account.title", "ui.account.signout", "ui.error.back-to-signin",
            "auth.password-requirement.minimum-length",
        ]
        for status in errorStatuses {
            keys.insert("ui.error.\(status).title")
            keys.insert("ui.error.\(status).message")
        }
        return keys
    }
}
