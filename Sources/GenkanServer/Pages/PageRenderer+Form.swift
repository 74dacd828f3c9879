import GenkanHTTP
import GenkanValidation

extension PageRenderer {
    /// The page of any described form with `state`'s values and errors, bound to `csrf`.
    func form(_ form: FormDescription, locale: String, state: FormState, csrf: String) -> String {
        let subject: IssueParameters = form.subject.map { ["subject": $0] } ?? [:]
        let title = texts.text(form.title, locale, subject)
        var main = HTMLWriter(capacity: 4096)
        heading(title, intro: state.intro ?? form.intro.map { texts.text($0, locale, subject) }, into: &main)
        notice(state.notice, into: &main)
        errorSummary(form.ordered(state.errors), locale: locale, into: &main)
        if let preamble = state.preamble { main.markup(preamble) }
        main.start("form", [
            HTMLAttribute("method", "post"), HTMLAttribute("action", form.path), HTMLAttribute("class", "auth-form"),
            HTMLAttribute("data-form", form.kind.rawValue),
        ])
        main.newline()
        hiddenInput("csrf", csrf, into: &main)
        for (name, value) in state.hidden { hiddenInput(name, value, into: &main) }
        for field in form.fields {
            self.field(field, in: form, locale: locale, state: state, into: &main)
        }
        let passkeyProof = passkeys && form.offersPasskeyProof && state.passkeyProof
        if passkeyProof { passkeyProofButton(locale: locale, into: &main) }
        main.element("button", [
            HTMLAttribute("type", "submit"), HTMLAttribute("class", "primary"),
            HTMLAttribute("data-progress", texts.text(.progressWait, locale)),
        ], text: texts.text(form.submit, locale, subject))
        main.newline()
        main.end("form")
        main.newline()
        if passkeyProof { passkeyStatus(locale: locale, signingIn: false, into: &main) }
        if passkeys && form.offersPasskeySignIn {
            let returnTo = state.hidden.first { $0.name == FormDescription.returnField }.flatMap { LocalPath($0.value) }
            passkeySignIn(returnTo: returnTo, csrf: csrf, locale: locale, into: &main)
        }
        if form.offersProviders {
            let returnTo = state.hidden.first { $0.name == FormDescription.returnField }.flatMap { LocalPath($0.value) }
            providerButtons(signingUp: form.kind == .signUp, returnTo: returnTo, locale: locale, into: &main)
        }
        for link in form.links {
            main.element("p", [HTMLAttribute("class", "switch")]) { line in
                if let prompt = link.prompt {
                    line.text(texts.text(prompt, locale))
                    line.text(" ")
                }
                line.element("a", [HTMLAttribute("href", link.href)], text: texts.text(link.text, locale))
            }
            main.newline()
        }
        // The hidden fields came from the page's address (where to return, a link's code).
        return page(locale: locale, title: title, main: TrustedHTML(main), keeping: state.hidden)
    }

    func hiddenInput(_ name: String, _ value: String, into html: inout HTMLWriter) {
        html.start("input", [HTMLAttribute("type", "hidden"), HTMLAttribute("name", name), HTMLAttribute("value", value)])
        html.newline()
    }

    /// The box at the top that lists every problem, each linking to its field; it takes focus
    /// when the page loads (`autofocus` without JavaScript, `focus()` with it).
    func errorSummary(_ errors: [PageError], locale: String, into html: inout HTMLWriter) {
        guard !errors.isEmpty else { return }
        html.start("div", [
            HTMLAttribute("class", "error-summary"), HTMLAttribute("id", "error-summary"), HTMLAttribute("role", "alert"),
            HTMLAttribute("tabindex", "-1"), HTMLAttribute("autofocus", nil), HTMLAttribute("aria-labelledby", "error-summary-title"),
        ])
        html.newline()
        html.element(
            "h2", [HTMLAttribute("id", "error-summary-title")],
            text: texts.text(.errorsSummary, locale, ["count": errors.count]))
        html.newline()
        html.start("ul")
        html.newline()
        for error in errors {
            html.element("li") { item in
                if let field = error.field {
                    item.element("a", [HTMLAttribute("href", "#" + field.rawValue)], text: error.message)
                } else {
                    item.text(error.message)
                }
            }
            html.newline()
        }
        html.end("ul")
        html.newline()
        html.end("div")
        html.newline()
    }

    /// One labelled input with its hint, its errors, its rule's attributes and, for a new
    /// password, the checklist. A box to tick comes before its label, as boxes do.
    func field(
        _ field: FieldDescription, in form: FormDescription, locale: String, state: FormState, into html: inout HTMLWriter
    ) {
        let id = field.id
        let errors = state.errors.filter { $0.field == field.field }
        let isCheckbox = field.input == .checkbox
        var classes = errors.isEmpty ? "field" : "field field-invalid"
        if isCheckbox { classes += " field-checkbox" }
        html.start("div", [HTMLAttribute("class", classes), HTMLAttribute("data-field", id)])
        html.newline()
        if !isCheckbox { label(field, locale: locale, into: &html) }
        var describedBy: [String] = []
        if let hint = hint(field.hint, kind: form.kind, locale: locale) {
            html.element("p", [HTMLAttribute("class", "hint"), HTMLAttribute("id", id + "-hint")], text: hint)
            html.newline()
            describedBy.append(id + "-hint")
        }
        html.element("div", [
            HTMLAttribute("class", "field-error"), HTMLAttribute("id", id + "-error"), HTMLAttribute("aria-live", "polite"),
        ]) { box in
            for error in errors { box.element("p", text: error.message) }
        }
        html.newline()
        if !errors.isEmpty { describedBy.append(id + "-error") }
        if field.input == .newSecret { describedBy.append(id + "-checklist") }
        var attributes = [HTMLAttribute("id", id), HTMLAttribute("name", id)]
        // Conditional UI: the browser offers the site's passkeys in the address field's autofill.
        let described = passkeys && form.offersPasskeySignIn && field.field == .email
            ? FieldDescription(field.field, field.input, label: field.label, hint: field.hint, autocomplete: "username webauthn") : field
        attributes += inputAttributes(described, kind: form.kind)
        if let direction = field.direction { attributes.append(HTMLAttribute("dir", direction)) }
        if !describedBy.isEmpty { attributes.append(HTMLAttribute("aria-describedby", describedBy.joined(separator: " "))) }
        if !errors.isEmpty { attributes.append(HTMLAttribute("aria-invalid", "true")) }
        if field.input.isSecret {
            attributes.append(HTMLAttribute("data-show-label", texts.text(.passwordShow, locale)))
            attributes.append(HTMLAttribute("data-hide-label", texts.text(.passwordHide, locale)))
        } else if isCheckbox {
            attributes.append(HTMLAttribute("value", "on"))
        } else if field.input.isKept, let value = state.values[field.field], !value.isEmpty {
            attributes.append(HTMLAttribute("value", value))
        }
        html.start("input", attributes)
        html.newline()
        if isCheckbox { label(field, locale: locale, into: &html) }
        if field.input == .newSecret {
            // Nothing typed yet: every requirement starts unticked (an empty password is not in
            // the blocklist, but saying so would mislead).
            let items = rules.checklist(password: "", email: "", name: "").map { ChecklistItem(issue: $0.issue, isMet: false) }
            checklist(items, id: id + "-checklist", locale: locale, into: &html)
        }
        html.end("div")
        html.newline()
    }

    private func label(_ field: FieldDescription, locale: String, into html: inout HTMLWriter) {
        html.element("label", [HTMLAttribute("for", field.id)], text: texts.text(field.label, locale))
        html.newline()
    }

    /// The rule's attributes from GenkanValidation, with the description's `autocomplete` token,
    /// and `type=password` for every secret whatever the rule says.
    func inputAttributes(_ field: FieldDescription, kind: FormKind) -> [HTMLAttribute] {
        rules.htmlAttributes(for: field.field, in: kind).compactMap { name, value in
            switch name {
            case "autocomplete": HTMLAttribute("autocomplete", field.autocomplete)
            case "type" where field.input == .checkbox: HTMLAttribute("type", "checkbox")
            case "type" where field.input.isSecret: HTMLAttribute("type", "password")
            default: HTMLAttribute(checkedName: name, value.isEmpty ? nil : value)
            }
        }
    }

    func hint(_ hint: FieldDescription.Hint?, kind: FormKind, locale: String) -> String? {
        switch hint {
        case nil: nil
        case .text(let key): texts.text(key, locale)
        case .minimumPasswordLength(let key): texts.text(key, locale, ["minimum": rules.passwordPolicy.minimumLength])
        }
    }
}

extension FormDescription {
    /// The summary's order: the fields' order on the page, then the form's own errors.
    func ordered(_ errors: [PageError]) -> [PageError] {
        let onFields = fields.flatMap { field in errors.filter { $0.field == field.field } }
        let others = errors.filter { error in error.field.map { self.field($0) == nil } ?? true }
        return onFields + others
    }
}
