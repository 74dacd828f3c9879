import Testing
@testable import GenkanCatalogTools

/// What the code passes decides what a string may use (`EntryArguments`): the key's specifiers
/// when it has any, else the source value's, else nothing (a `%` is then text). Each rule on a
/// small catalog, both ways.
@Suite struct LintKeyArgumentTests {
    /// One entry: `key`, English `source` (nil: no English string, as Xcode leaves a key whose
    /// source value is the key), and translations.
    static func catalog(key: String, source: String?, _ translations: [String: String]) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.updateEntry(key) { _ in }
        if let source { catalog.setUnit(key, locale: "en", path: .plain, value: source, state: "translated") }
        for (locale, text) in translations.sorted(by: { $0.key < $1.key }) {
            catalog.setUnit(key, locale: locale, path: .plain, value: text, state: "translated")
        }
        return catalog
    }

    static func findings(_ catalog: StringCatalog) -> [String] {
        CatalogLinter().lint(catalog).map { "\($0.severity.rawValue) \($0.check.name) \($0.locale ?? "-"): \($0.message)" }
    }

    // MARK: The key declares the arguments

    /// A source value may leave out what the key passes: Xcode's English for `Delete %@?` can be
    /// "Delete this file?". A source value that uses another type, or an argument the key does
    /// not pass, is an error.
    @Test func aSourceValueMayLeaveOutAnArgumentButNotChangeIt() {
        #expect(Self.findings(Self.catalog(key: "Delete %@?", source: "Delete this file?", ["de": "Diese Datei löschen?"])) == [])
        let retyped = Self.findings(Self.catalog(key: "Delete %@?", source: "Delete %lld?", ["de": "%lld löschen?"]))
        #expect(retyped.contains("error placeholder-mismatch en: argument 1 is int64 here but object in the key"), "\(retyped)")
        let extra = Self.findings(Self.catalog(key: "Delete %@?", source: "Delete %@ from %@?", ["de": "%1$@ löschen?"]))
        #expect(extra.contains("error placeholder-mismatch en: argument 2 (object) is not one the key passes"), "\(extra)")
    }

    /// A translation may use an argument the source value leaves out, as long as the key passes it.
    @Test func aTranslationMayUseWhatTheKeyPassesAndTheSourceLeavesOut() {
        #expect(Self.findings(Self.catalog(key: "Delete %@?", source: "Delete this file?", ["de": "„%@“ löschen?"])) == [])
        let unknown = Self.findings(Self.catalog(key: "Delete %@?", source: "Delete this file?", ["de": "%2$@ löschen?"]))
        #expect(unknown == ["error placeholder-mismatch de: argument 2 (object) is not in the source or the key"], "\(unknown)")
    }

    /// Leaving out an argument the key passes is a warning (the string formats; the reader does
    /// not see the value), not an error.
    @Test func aTranslationThatLeavesOutAnArgumentIsAWarning() {
        let dropped = CatalogLinter().lint(Self.catalog(key: "Delete %@?", source: "Delete %@?", ["de": "Löschen?"]))
        #expect(dropped.map(\.check) == [.placeholderMismatch])
        #expect(dropped.allSatisfy { $0.severity == .warning }, "\(dropped.map(\.message))")
        #expect(dropped.first?.message == "argument 1 (object) of the source is missing")
        // Where the source leaves it out too, the translation follows the source: nothing to say.
        #expect(Self.findings(Self.catalog(key: "Delete %@?", source: "Delete this file?", ["de": "Löschen?"])) == [])
        // With no English string at all, the key is the source text.
        let keyOnly = CatalogLinter().lint(Self.catalog(key: "Delete %@?", source: nil, ["de": "Löschen?"]))
        #expect(keyOnly.map { "\($0.severity.rawValue) \($0.check.name)" } == ["warning placeholder-mismatch"], "\(keyOnly.map(\.message))")
    }

    /// A translation may write as a substitution what the source writes as plain text, and the
    /// other way round, when the types agree with the key's.
    @Test(arguments: [("lld", true), ("@", false)])
    func aSubstitutionInsteadOfPlainText(specifier: String, agrees: Bool) {
        var catalog = Self.catalog(key: "%lld files", source: "%lld files", [:])
        catalog.setUnit("%lld files", locale: "ru", path: .plain, value: "%#@files@", state: "translated")
        LintArgumentTests.substitution(&catalog, "%lld files", "ru", "files", argNum: 1, specifier: specifier,
                                       forms: ["one": "%arg файл", "few": "%arg файла", "many": "%arg файлов", "other": "%arg файла"])
        let findings = CatalogLinter().lint(catalog).filter { $0.check == .placeholderMismatch }
        #expect(findings.isEmpty == agrees, "\(findings.map(\.message))")
        if !agrees { #expect(findings.allSatisfy { $0.severity == .error }) }
    }

    @Test(arguments: [("%2$@ hat %1$lld Fotos geteilt", true), ("%2$lld hat %1$@ Fotos geteilt", false)])
    func plainTextInsteadOfASubstitution(german: String, agrees: Bool) {
        var catalog = Self.catalog(key: "%lld photos shared by %@", source: "%#@photos@ shared by %@", ["de": german])
        LintArgumentTests.substitution(&catalog, "%lld photos shared by %@", "en", "photos", argNum: 1, specifier: "lld",
                                       forms: ["one": "%arg photo", "other": "%arg photos"])
        let findings = CatalogLinter().lint(catalog)
        #expect(findings.isEmpty == agrees, "\(findings.map(\.message))")
        if !agrees { #expect(findings.contains { $0.severity == .error && $0.message.contains("is object here but int64") }) }
    }

    /// The forms of a plural together leaving out an argument the key passes: a warning too.
    @Test func pluralFormsLeavingOutAnArgumentTheKeyPassesIsAWarning() {
        var catalog = Self.catalog(key: "%lld files in %@", source: nil, [:])
        for (category, text) in ["one": "One file in %2$@", "other": "%lld files in %@"] {
            catalog.setUnit("%lld files in %@", locale: "en", path: UnitPath(["plural", category]), value: text, state: "translated")
        }
        for (category, text) in ["one": "Eine Datei", "other": "%lld Dateien"] {
            catalog.setUnit("%lld files in %@", locale: "de", path: UnitPath(["plural", category]), value: text, state: "translated")
        }
        let findings = CatalogLinter().lint(catalog)
        #expect(findings.map { "\($0.severity.rawValue) \($0.path)" } == ["warning plural.other"], "\(findings.map(\.message))")
    }

    /// The genuine mistakes stay errors where the key declares the arguments.
    @Test(arguments: [
        ("%@ deleted", "تم حذف ٪@", "ar", "placeholder-mismatch", "U+066A"),
        ("%d items", "%$11d Elemente", "de", "invalid-format-specifier", "'%$'"),
        ("Delete %@?", "%d löschen?", "de", "placeholder-mismatch", "argument 1 is int32 here but object in the source"),
        ("%@ sent %lld files", "%lld Dateien gesendet", "de", "placeholder-mismatch", "argument 1 is int64 here but object in the source"),
        ("%@ and %@", "%1$@ und %@", "de", "invalid-format-specifier", "names too"),
    ])
    func genuineMistakesStayErrors(key: String, translation: String, locale: String, check: String, words: String) {
        let findings = CatalogLinter().lint(Self.catalog(key: key, source: key, [locale: translation]))
        let matching = findings.filter { $0.check.name == check && $0.locale == locale && $0.message.contains(words) }
        #expect(!matching.isEmpty, "\(findings.map(\.message))")
        #expect(matching.allSatisfy { $0.severity == .error })
        #expect(findings.contains { $0.severity == .error }, "the catalog fails lint")
    }

    // MARK: A key with no arguments

    /// Neither the key nor the source value has arguments: the strings are not formatted, and a
    /// `%` in them is a percent sign.
    @Test(arguments: [("ja", "最大70%向上"), ("tr", "%70'e kadar daha hızlı"), ("ja", "精度100%。"), ("fr", "Jusqu’à 70 % plus rapide"), ("de", "Bis zu 70% schneller")])
    func aPercentSignInAStringWithoutArgumentsIsText(locale: String, text: String) {
        #expect(Self.findings(Self.catalog(key: "Up to 70% faster", source: "Up to 70% faster", [locale: text])) == [])
        #expect(Self.findings(Self.catalog(key: "speed.claim", source: "Up to 70% faster", [locale: text])) == [])
    }

    /// The same text in an entry whose source value declares arguments is formatted, so the `%`
    /// sequences are specifiers there and "%70'e" or "%向" are errors.
    @Test(arguments: [("ja", "%@: 最大70%向上"), ("tr", "%@: %70'e kadar"), ("ja", "%@: 精度100%。")])
    func theSameTextInAFormattedStringIsChecked(locale: String, text: String) {
        let findings = CatalogLinter().lint(Self.catalog(key: "speed.claim", source: "%@: up to 70%% faster", [locale: text]))
        #expect(findings.contains { $0.check == .invalidFormatSpecifier && $0.severity == .error }, "\(findings.map(\.message))")
    }

    /// `%@` and numbered specifiers are not text anyone writes: in a string that is not formatted
    /// they show as typed, which a warning says.
    @Test func aSpecifierInAStringThatIsNotFormattedIsAWarning() {
        let findings = CatalogLinter().lint(Self.catalog(key: "Delete", source: "Delete", ["de": "%@ löschen"]))
        #expect(findings.map { "\($0.severity.rawValue) \($0.check.name)" } == ["warning placeholder-mismatch"])
        #expect(findings.first?.message.contains("shows as typed") == true)
    }

    /// Which declaration applies.
    @Test(arguments: [
        ("Delete %@?", "Delete this file?", EntryArguments.Declaration.key, [1: FormatSpecifier.ArgumentType.object]),
        ("password.too-short", "This password has %lld characters.", .source, [1: .int64]),
        ("Up to 70% faster", "Up to 70% faster", .none, [:]),
        ("speed.claim", "Up to 70%% faster", .none, [:]),
    ] as [(String, String, EntryArguments.Declaration, [Int: FormatSpecifier.ArgumentType])])
    func declaration(key: String, source: String, declaredBy: EntryArguments.Declaration, passed: [Int: FormatSpecifier.ArgumentType]) {
        let catalog = Self.catalog(key: key, source: source, [:])
        let arguments = EntryArguments(entry: catalog.entry(key)!, sourceLanguage: "en")
        #expect(arguments.declaredBy == declaredBy)
        #expect(arguments.passed.types.mapValues { $0! } == passed)
    }
}
