import Testing
@testable import GenkanCatalogTools

@Suite struct LintTests {
    static let linter = CatalogLinter(expectedKeys: ["auth/known", "auth/absent", "auth/wrong-password"])

    static func findings() throws -> [LintFinding] {
        linter.lint(try Fixture.catalog("Planted.xcstrings"))
    }

    /// Each planted problem is caught by the check named after it, on its key, and by nothing else.
    @Test(arguments: [
        ("missing.translation", "missing-translation", "de"),
        ("empty.value", "empty-value", "de"),
        ("not.reviewed", "not-reviewed", "ja"),
        ("placeholder.mismatch", "placeholder-mismatch", "de"),
        ("invalid.specifier", "invalid-format-specifier", "de"),
        ("plural.incomplete", "plural-incomplete", "pl"),
        ("plural.unused", "plural-unused-category", "ja"),
        ("malformed.braces", "malformed-syntax", "de"),
        ("markup.mismatch", "markup-mismatch", "de"),
        ("stale.key", "stale-key", nil),
        ("auth/unused", "unused-key", nil),
        ("auth/absent", "missing-key", nil),
        ("whitespace.mismatch", "whitespace-mismatch", "de"),
        ("too.long", "too-long", "de"),
        ("auth/wrong-password", "account-enumeration", "en"),
    ] as [(String, String, String?)])
    func plantedProblemIsCaught(key: String, check: String, locale: String?) throws {
        let onKey = try Self.findings().filter { $0.key == key }
        #expect(onKey.map(\.check.name) == [check], "\(onKey.map { "\($0.check.name): \($0.message)" })")
        #expect(onKey.first?.locale == locale)
    }

    @Test func unsafeHTMLIsCaught() throws {
        let onKey = try Self.findings().filter { $0.key == "unsafe.html" }
        #expect(onKey.map(\.check.name) == ["unsafe-html"], "\(onKey.map(\.message))")
    }

    @Test func cleanKeysHaveNoFindings() throws {
        let findings = try Self.findings().filter { $0.key.hasPrefix("clean.") || $0.key == "auth/known" }
        #expect(findings.isEmpty, "\(findings.map { "\($0.key) \($0.check.name): \($0.message)" })")
    }

    @Test func everyCheckIsPlanted() throws {
        let caught = Set(try Self.findings().map(\.check.name))
        #expect(caught == Set(LintCheck.all.map(\.name)))
    }

    @Test(arguments: [
        ("%d %@ %lld %.2f", 0), ("%1$@ %2$lld", 0), ("100%% sure", 0), ("%", 1), ("%y", 1), ("%n", 1), ("%1$@ %@", 1), ("%5$", 1),
        ("%#@files@", 0), ("%#@files", 1), ("%*d", 1), ("%0$d", 1), ("${name} ok", 0),
    ])
    func formatSpecifierSyntax(text: String, issues: Int) {
        #expect(FormatSpecifierParser.parse(text).issues.count == issues)
    }

    @Test func positionalReorderingIsNotAMismatch() throws {
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.setUnit("k", locale: "en", path: .plain, value: "%@ sent %lld files", state: "translated")
        catalog.setUnit("k", locale: "ja", path: .plain, value: "%2$lld個のファイルを%1$@が送信", state: "translated")
        #expect(CatalogLinter().lint(catalog).isEmpty)
        catalog.setUnit("k", locale: "ja", path: .plain, value: "%2$@個のファイルを%1$@が送信", state: "translated")
        #expect(CatalogLinter().lint(catalog).map(\.check.name) == ["placeholder-mismatch"])
    }

    @Test(arguments: [
        ("{n, plural, one {# file} other {# files}}", 0), ("{n, plural, one {# file}}", 1), ("{a} }", 1), ("{{", 1),
        ("{n, select, male {he} other {they}}", 0), ("{n, plural, single {x} other {y}}", 1),
    ])
    func braceSyntax(text: String, problems: Int) {
        #expect(MessageSyntax.problems(in: text).count == problems)
    }
}

@Suite struct CredentialWordingTests {
    @Test(arguments: [
        ("The email address or password is incorrect.", "en"), ("Die E-Mail-Adresse oder das Passwort ist falsch.", "de"),
        ("メールアドレスまたはパスワードが正しくありません。", "ja"), ("L’adresse e-mail ou le mot de passe est incorrect.", "fr"),
        ("Sign-in failed. Check your details and try again.", "en"),
    ])
    func genericMessagesPass(text: String, locale: String) {
        #expect(CredentialWording.revealingPhrase(in: text, locale: locale) == nil)
    }

    @Test(arguments: [
        ("No account matches this email address.", "en"), ("The password is incorrect.", "en"), ("Das Passwort ist falsch.", "de"),
        ("このメールアドレスに一致するアカウントが見つかりません。", "ja"), ("Aucun compte ne correspond à cette adresse.", "fr"),
    ])
    func revealingMessagesAreCaught(text: String, locale: String) {
        #expect(CredentialWording.revealingPhrase(in: text, locale: locale) != nil)
    }

    @Test func onlyCredentialMessagesAreJudged() {
        #expect(CredentialWording.isCredentialKey("auth/user-not-found"))
        #expect(CredentialWording.isCredentialKey("auth.credentials-rejected"))
        #expect(!CredentialWording.isCredentialKey("ui.signin.signup-prompt"))
        #expect(!CredentialWording.isCredentialKey("auth/email-already-in-use"))
    }

    /// W3C's expected expansion, with a margin: ordinary German and Spanish growth passes.
    @Test(arguments: [
        ("Include a number.", "Verwenden Sie mindestens eine Ziffer.", false), ("Email address", "Dirección de correo electrónico", false),
        ("Bad request", "リクエストが正しくありません", false), ("OK", "Verstanden und vollkommen einverstanden", true),
        ("Save", "Speichern", false), ("Sign in", "Bitte melden Sie sich jetzt mit Ihrem Konto an", true),
    ])
    func lengthLimit(source: String, translation: String, flagged: Bool) {
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.setUnit("k", locale: "en", path: .plain, value: source, state: "translated")
        catalog.setUnit("k", locale: "de", path: .plain, value: translation, state: "translated")
        #expect(CatalogLinter().lint(catalog).contains { $0.check == .tooLong } == flagged)
    }
}
