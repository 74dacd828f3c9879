import GenkanHTTP
import GenkanStore

extension PageRenderer {
    /// `/account/activity`: the sign-ins and the changes of the last 30 days, newest first, each
    /// with its browser, its network and its time in the reader's language and time zone; then
    /// "this wasn't me", which signs out everywhere and leads to the password reset.
    func activity(_ events: [AccountEvent], locale: String, timeZone: String?, csrf: String, notice: String?) -> String {
        let title = texts.text(.activityTitle, locale)
        var main = HTMLWriter()
        heading(title, intro: texts.text(.activityIntro, locale), into: &main)
        self.notice(notice, into: &main)
        let signIns = events.filter(\.type.isSignIn), changes = events.filter { !$0.type.isSignIn }
        for (id, heading, list) in [("sign-ins", PageKey.activitySignIns, signIns), ("changes", .activityChanges, changes)] {
            main.start("section", [HTMLAttribute("aria-labelledby", id + "-heading"), HTMLAttribute("class", "activity")])
            main.newline()
            main.element("h2", [HTMLAttribute("id", id + "-heading")], text: texts.text(heading, locale))
            main.newline()
            if list.isEmpty {
                main.element("p", [HTMLAttribute("class", "empty")], text: texts.text(.activityNone, locale))
                main.newline()
            } else {
                main.start("ul", [HTMLAttribute("class", "events"), HTMLAttribute("id", id)])
                main.newline()
                for event in list { activityItem(event, locale: locale, timeZone: timeZone, into: &main) }
                main.end("ul")
                main.newline()
            }
            main.end("section")
            main.newline()
        }
        main.start("section", [HTMLAttribute("aria-labelledby", "not-me-heading"), HTMLAttribute("class", "not-me")])
        main.newline()
        main.element("h2", [HTMLAttribute("id", "not-me-heading")], text: texts.text(.activityNotMeTitle, locale))
        main.newline()
        main.element("p", text: texts.text(.activityNotMeText, locale))
        main.newline()
        buttonForm(
            action: SitePath.accountActivityNotMe.path, class: "not-me-form", label: texts.text(.activityNotMeSubmit, locale), locale: locale,
            csrf: csrf, into: &main)
        main.end("section")
        main.newline()
        main.element("p", [HTMLAttribute("class", "switch")]) { $0.element("a", [HTMLAttribute("href", SitePath.account.path)], text: texts.text(.accountBack, locale)) }
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }

    /// One event: what, then (for the owner's own requests) the browser and the network, then when
    /// — as a `<time>` whose `datetime` is the moment in UTC.
    private func activityItem(_ event: AccountEvent, locale: String, timeZone: String?, into main: inout HTMLWriter) {
        main.start("li", [HTMLAttribute("data-event", event.type.rawValue)])
        main.newline()
        main.element("p", [HTMLAttribute("class", "what")], text: eventText(event, locale: locale))
        main.newline()
        if let actor = eventActor(event, locale: locale) {
            // An administrator's or the service's own network is not the account's to read.
            main.element("p", [HTMLAttribute("class", "actor")], text: actor)
            main.newline()
        } else {
            let whence = [eventDevice(event, locale: locale), eventPlace(event, locale: locale)].compactMap { $0 }
            if !whence.isEmpty {
                main.element("p", [HTMLAttribute("class", "device")]) { line in
                    for (index, part) in whence.enumerated() {
                        if index > 0 { line.text(" · ") }
                        line.element("span", [HTMLAttribute("class", index == 0 && whence.count == 2 ? "browser" : "place")], text: part)
                    }
                }
                main.newline()
            }
        }
        main.element("p", [HTMLAttribute("class", "when")]) { line in
            line.element(
                "time", [HTMLAttribute("datetime", AccountEvent.rfc3339(event.time))],
                text: DateText.format(event.time, locale: locale, timeZone: timeZone))
        }
        main.newline()
        main.end("li")
        main.newline()
    }
}
