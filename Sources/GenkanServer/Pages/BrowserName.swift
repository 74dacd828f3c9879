/// A browser's family and system from its User-Agent, for the list of signed-in devices: names,
/// not versions, and nothing guessed beyond the common tokens. Brand names are facts, not
/// catalog messages.
struct BrowserName: Sendable, Equatable {
    let browser: String?
    let system: String?

    init(userAgent: String?) {
        let agent = userAgent ?? ""
        // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
        let browsers: [(token: String, name: String)] = [
            ("Edg/", "Edge"), ("EdgA/", "Edge"), ("EdgiOS/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"),
            ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chromium/", "Chromium"), ("Chrome/", "Chrome"),
            ("Safari/", "Safari"),
        ]
        browser = browsers.first { agent.contains($0.token) }?.name
        let systems: [(token: String, name: String)] = [
            ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Android", "Android"), ("CrOS", "ChromeOS"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("Macintosh", "macOS"), ("Linux", "Linux"),
        ]
        system = systems.first { agent.contains($0.token) }?.name
    }

    /// "Chrome on Windows", "Firefox", or the catalog's "Unknown browser".
    func text(_ texts: PageTexts, locale: String) -> String {
        switch (browser, system) {
        case (let browser?, let system?): texts.text(.sessionsBrowserOnSystem, locale, ["browser": browser, "system": system])
        case (let browser?, nil): browser
        case (nil, _): texts.text(.sessionsUnknownBrowser, locale)
        }
    }
}
