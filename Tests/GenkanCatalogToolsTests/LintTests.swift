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
        ("stray.percent", "stray-percent", "de"),
        ("plural.incomplete", "plural-incomplete", "pl"),
        ("plural.fallback", "plural-fallback", "de"),
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

    /// A key the program declares (an enum case of its page texts) that no code uses is reported
    /// with its own reason, although it is translated and in a namespace the program uses.
    @Test func aDeclaredKeyNoCodeUsesIsReported() throws {
        var linter = Self.linter
        linter.declaredKeys = ["auth/known", "clean.ok"]
        let findings = linter.lint(try Fixture.catalog("Planted.xcstrings")).filter { $0.key == "clean.ok" }
        #expect(findings.map(\.check.name) == ["unused-key"])
        #expect(findings.first?.message.contains("no page or mail uses it") == true)
        // Declared and used (expected) is fine.
        #expect(linter.lint(try Fixture.catalog("Planted.xcstrings")).filter { $0.key == "auth/known" }.isEmpty)
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
        ("%d %@ %lld %.2f", 0), ("%1$@ %2$lld", 0), ("100%% sure", 0), ("%", 0), ("% d", 0), ("%$11d", 1), ("%lld … %2$@", 0), ("%y", 1), ("%n", 1), ("%1$@ %@", 1), ("%5$", 1),
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
        // Hong Kong says 電郵 for e-mail; Quebec courriel, Portugal palavra-passe.
        ("電郵地址或密碼不正確。", "zh-HK"), ("L’adresse courriel ou le mot de passe est incorrect.", "fr-CA"),
        ("O endereço de email ou a palavra-passe estão incorretos.", "pt-PT"),
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

/// False alarms lint once raised on real apps' catalogs, each on a catalog Xcode accepts (Plurals.xcstrings,
/// AppShortcuts.xcstrings) and in a catalog of its own.
@Suite struct LintFalseAlarmTests {
    static func findings(_ fixture: String, key: String) throws -> [String] {
        CatalogLinter().lint(try Fixture.catalog(fixture)).filter { $0.key == key }
            .map { "\($0.check.name) \($0.locale ?? "-") \($0.path)" }
    }

    /// `%#@total.strings@`: Foundation reads a substitution name up to the next '@'.
    @Test func dottedSubstitutionNamesAreValid() throws {
        #expect(try Self.findings("Plurals.xcstrings", key: "Found %lld strings") == [])
        #expect(FormatSpecifierParser.parse("Found %#@total.strings@").issues.isEmpty)
        #expect(FormatSpecifierParser.parse("Found %#@total.strings@").names == ["%#@total.strings@"])
        #expect(FormatSpecifierParser.parse("%#@total strings@").issues.count == 1, "a name has no spaces")
        #expect(UnitPath(dotted: "substitutions.total.strings.plural.one")?.components == ["substitutions", "total.strings", "plural", "one"])
    }

    /// A `zero` form is shown for 0 in every language (Foundation), so it is never unused.
    @Test func zeroIsNeverUnused() throws {
        #expect(try Self.findings("Plurals.xcstrings", key: "%lld files") == [])
        var catalog = StringCatalog(sourceLanguage: "en")
        for (locale, forms) in [("en", ["zero": "No files", "one": "%lld file", "other": "%lld files"]),
                                ("es", ["zero": "Ningún archivo", "one": "%lld archivo", "many": "%lld de archivos", "other": "%lld archivos"]),
                                ("fr", ["zero": "Aucun fichier", "one": "%lld fichier", "many": "%lld de fichiers", "other": "%lld fichiers"])] {
            for (category, text) in forms {
                catalog.setUnit("k", locale: locale, path: UnitPath(["plural", category]), value: text, state: "translated")
            }
        }
        #expect(CatalogLinter().lint(catalog).isEmpty, "\(CatalogLinter().lint(catalog).map(\.message))")
    }

    /// The empty key has no text to translate.
    @Test func theEmptyKeyAsksForNoTranslation() throws {
        #expect(try Self.findings("Plurals.xcstrings", key: "") == [])
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.updateEntry("") { _ in }
        catalog.setUnit("Save", locale: "de", path: .plain, value: "Sichern", state: "translated")
        #expect(CatalogLinter().lint(catalog).isEmpty)
    }

    /// German "%lld Byte" needs no `one`: Foundation shows `other`, which reads right. A warning
    /// says so; a set with no `other` at all is still an error.
    @Test func onlyOtherFallsBackWithAWarning() throws {
        #expect(try Self.findings("Plurals.xcstrings", key: "%lld bytes") == [
            "plural-fallback de plural.one", "plural-fallback es plural.many", "plural-fallback fr plural.many",
        ])
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.setUnit("k", locale: "en", path: UnitPath(["plural", "one"]), value: "%lld byte", state: "translated")
        catalog.setUnit("k", locale: "en", path: UnitPath(["plural", "other"]), value: "%lld bytes", state: "translated")
        catalog.setUnit("k", locale: "de", path: UnitPath(["plural", "one"]), value: "%lld Byte", state: "translated")
        let findings = CatalogLinter().lint(catalog)
        #expect(findings.map(\.check) == [.pluralIncomplete])
        #expect(findings.first?.severity == .error)
    }

    /// The issue's catalogs lint with no error: Xcode accepts each of them. States.xcstrings has two
    /// empty translations a reviewer accepted (an `empty-value` warning, not an error) and warnings
    /// for every string that waits for review (a machine translation among them).
    @Test(arguments: issueFixtures)
    func issueCatalogsLintWithoutFalseErrors(_ fixture: String) throws {
        let findings = CatalogLinter().lint(try Fixture.catalog(fixture))
        let errors = findings.filter { $0.severity == .error }.map { "\($0.check.name) \($0.key) \($0.locale ?? "-")" }
        #expect(errors == [])
        if fixture == "States.xcstrings" {
            #expect(findings.contains { $0.check == .emptyValue && $0.key == "plural.suffix" && $0.severity == .warning })
            #expect(findings.contains { $0.check == .notReviewed && $0.key == "Cancel" && $0.message.contains("machine_translated") })
        }
    }
}
