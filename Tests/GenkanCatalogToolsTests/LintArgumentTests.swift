import Testing
@testable import GenkanCatalogTools

/// Lint findings a translator calls false alarms, each on a small catalog written for
/// it, and the genuine mistakes that must stay errors.
@Suite struct LintArgumentTests {
    /// A catalog with source language English.
    static func catalog(_ build: (inout StringCatalog) -> Void) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en")
        build(&catalog)
        return catalog
    }

    /// Adds the substitution `name` to `key` in `locale`: its forms, `argNum` and `formatSpecifier`.
    static func substitution(_ catalog: inout StringCatalog, _ key: String, _ locale: String, _ name: String,
                             argNum: Int?, specifier: String?, forms: [String: String]) {
        for (category, text) in forms {
            catalog.setUnit(key, locale: locale, path: UnitPath(["substitutions", name, "plural", category]), value: text, state: "translated")
        }
        catalog.updateEntry(key) { entry in
            entry.update(["localizations", locale, "substitutions", name], order: StringCatalog.topLevelOrder) { node in
                if let argNum { node.set("argNum", .integer(argNum), order: StringCatalog.topLevelOrder) }
                if let specifier { node.set("formatSpecifier", .string(specifier), order: StringCatalog.topLevelOrder) }
            }
        }
    }

    /// One key `k`, translated in English (`source`) and Italian.
    static func italian(source: String, italian: String) -> StringCatalog {
        catalog { catalog in
            catalog.setUnit("k", locale: "en", path: .plain, value: source, state: "translated")
            catalog.setUnit("k", locale: "it", path: .plain, value: italian, state: "translated")
        }
    }

    static func findings(_ catalog: StringCatalog) -> [String] {
        CatalogLinter().lint(catalog).map { "\($0.severity.rawValue) \($0.check.name) \($0.locale ?? "-") \($0.path): \($0.message)" }
    }

    static func checks(_ catalog: StringCatalog) -> [String] {
        CatalogLinter().lint(catalog).map { "\($0.check.name) \($0.locale ?? "-")" }
    }

    /// The source's posts substitution and a German one for the same argument under another name.
    static func renamed(germanArgNum: Int? = 1, germanSpecifier: String? = "lld") -> StringCatalog {
        catalog { catalog in
            let key = "%lld posts"
            catalog.setUnit(key, locale: "en", path: .plain, value: "%#@arg1@", state: "translated")
            substitution(&catalog, key, "en", "arg1", argNum: 1, specifier: "lld", forms: ["one": "%arg post", "other": "%arg posts"])
            catalog.setUnit(key, locale: "de", path: .plain, value: "%#@posts@", state: "translated")
            substitution(&catalog, key, "de", "posts", argNum: germanArgNum, specifier: germanSpecifier,
                         forms: ["one": "%arg Beitrag", "other": "%arg Beiträge"])
        }
    }

    /// `%#@posts@` where English has `%#@arg1@`: the same argument (argNum 1, lld), so the same.
    @Test func differentlyNamedSubstitutionsAreTheSameArgument() {
        #expect(Self.findings(Self.renamed()) == [])
        // Without argNum, a substitution is the argument its place gives: still the first.
        #expect(Self.findings(Self.renamed(germanArgNum: nil)) == [])
    }

    /// A substitution for another argument, or of another type, is still a mismatch.
    @Test func aSubstitutionOfAnotherArgumentOrTypeIsAMismatch() {
        let wrongType = Self.findings(Self.renamed(germanSpecifier: "@"))
        #expect(!wrongType.isEmpty && wrongType.allSatisfy { $0.hasPrefix("error placeholder-mismatch de") }, "\(wrongType)")
        #expect(wrongType.contains { $0.contains("argument 1 is object here but int64 in the source") }, "\(wrongType)")
        let wrongNumber = Self.findings(Self.renamed(germanArgNum: 2))
        #expect(wrongNumber.contains { $0.contains("argument 2 (int64) is not in the source") }, "\(wrongNumber)")
        #expect(wrongNumber.contains { $0.contains("argument 1 (int64) of the source is missing") }, "\(wrongNumber)")
    }

    /// Korean writes as plain text (`%lld … %2$@`) what English writes as a plural, whether the
    /// English varies as a whole or through a substitution.
    @Test(arguments: [false, true])
    func plainTextAgainstAPluralIsFine(sourceUsesSubstitution: Bool) {
        func build(korean: String) -> StringCatalog {
            Self.catalog { catalog in
                let key = "%lld photos shared by %@"
                if sourceUsesSubstitution {
                    catalog.setUnit(key, locale: "en", path: .plain, value: "%#@arg1@ shared by %@", state: "translated")
                    Self.substitution(&catalog, key, "en", "arg1", argNum: 1, specifier: "lld",
                                      forms: ["one": "%arg photo", "other": "%arg photos"])
                } else {
                    catalog.setUnit(key, locale: "en", path: UnitPath(["plural", "one"]), value: "One photo shared by %2$@", state: "translated")
                    catalog.setUnit(key, locale: "en", path: UnitPath(["plural", "other"]), value: "%lld photos shared by %@", state: "translated")
                }
                catalog.setUnit(key, locale: "ko", path: .plain, value: korean, state: "translated")
            }
        }
        #expect(Self.findings(build(korean: "%2$@님이 사진 %lld장을 공유했습니다")) == [])
        #expect(Self.findings(build(korean: "사진 %lld장을 %2$@님이 공유했습니다")) == [])
        // Dropping the name, or swapping the types, is still an error.
        #expect(Self.checks(build(korean: "사진 %lld장을 공유했습니다")) == ["placeholder-mismatch ko"])
        #expect(Set(Self.checks(build(korean: "%2$lld님이 사진 %1$@장을 공유했습니다"))) == ["placeholder-mismatch ko"])
    }

    /// Angle brackets around words are text unless the words are markup.
    @Test(arguments: [
        ("<unknown (%d)>", "<sconosciuto (%d)>"),
        ("/Users/<username>/Applications", "/Users/<utente>/Applicazioni"),
        ("Press <Return> to continue", "Premi <Invio> per continuare"),
        ("Read the <b>terms</b>", "Leggi i <b>termini</b>"),
        ("<term>Genkan</term> signs you in", "<term>Genkan</term> ti fa accedere"),
    ])
    func textInAngleBracketsIsNotMarkup(source: String, italian: String) {
        #expect(Self.findings(Self.italian(source: source, italian: italian)) == [])
    }

    /// Markup the source uses, a known element or a tag it closes, must still match.
    @Test(arguments: [
        ("Read the <b>terms</b>", "Leggi i termini"),
        ("Read the <b>terms</b>", "Leggi i <i>termini</i>"),
        ("<term>Genkan</term> signs you in", "Genkan ti fa accedere"),
        ("<term>Genkan</term> signs you in", "<termine>Genkan</termine> ti fa accedere"),
        ("Line<br/>break", "Riga a capo"),
        ("<icon/> Settings", "Impostazioni"),
    ])
    func markupTheSourceUsesMustMatch(source: String, italian: String) {
        #expect(Self.checks(Self.italian(source: source, italian: italian)) == ["markup-mismatch it"])
    }

    /// "70% for" and "100% accurate" are text: no specifier the translation must keep, and no
    /// finding at all in a string without arguments.
    @Test func aPercentSignBeforeASpaceIsText() {
        let for70 = FormatSpecifierParser.parse("70% for")
        #expect(for70.specifiers.isEmpty && for70.issues.isEmpty && for70.strayPercents == ["% f"])
        #expect(FormatSpecifierParser.parse("100% accurate").strayPercents == ["% a"])
        #expect(FormatSpecifierParser.parse("Précis à 100 %").strayPercents == ["%"])
        #expect(FormatSpecifierParser.parse("50% off %@").argumentsByPosition == [1: .object])
        let plain = Self.catalog { catalog in
            catalog.setUnit("k", locale: "en", path: .plain, value: "70% for all, 100% accurate", state: "translated")
            catalog.setUnit("k", locale: "fr", path: .plain, value: "Précis à 100 %", state: "translated")
        }
        #expect(Self.findings(plain) == [])
    }

    /// In a string with arguments, `% f` misreads when formatted: a warning, never an error, and
    /// a translation may leave it out.
    @Test func aPercentSignBeforeASpaceWithArgumentsIsAWarning() {
        let catalog = Self.catalog { catalog in
            catalog.setUnit("k", locale: "en", path: .plain, value: "Save 50% on %@", state: "translated")
            catalog.setUnit("k", locale: "de", path: .plain, value: "%@: die Hälfte sparen", state: "translated")
            catalog.setUnit("k", locale: "fr", path: .plain, value: "Économisez 50 % sur %@", state: "translated")
        }
        let findings = CatalogLinter().lint(catalog)
        #expect(findings.map { "\($0.check.name) \($0.locale!)" }.sorted() == ["stray-percent en", "stray-percent fr"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings.first?.message.contains("'% o'") == true, "\(findings.map(\.message))")
    }

    /// A stale key (no code uses it) is not missing translations: its one finding is stale-key.
    @Test func staleKeysAreNotMissingTranslations() {
        let catalog = Self.catalog { catalog in
            catalog.setUnit("Current", locale: "en", path: .plain, value: "Current", state: "translated")
            catalog.setUnit("Current", locale: "de", path: .plain, value: "Aktuell", state: "translated")
            catalog.setUnit("Current", locale: "ja", path: .plain, value: "現在", state: "translated")
            catalog.setUnit("Old", locale: "en", path: .plain, value: "Old", state: "translated")
            catalog.setUnit("Old", locale: "de", path: .plain, value: "Alt", state: "translated")
            catalog.setUnit("%lld old files", locale: "en", path: UnitPath(["plural", "one"]), value: "%lld old file", state: "translated")
            catalog.setUnit("%lld old files", locale: "en", path: UnitPath(["plural", "other"]), value: "%lld old files", state: "translated")
            catalog.setUnit("%lld old files", locale: "ja", path: .plain, value: "%lld個", state: "translated")
            for key in ["Old", "%lld old files"] {
                catalog.updateEntry(key) { $0.set("extractionState", .string("stale"), order: StringCatalog.topLevelOrder) }
            }
        }
        let findings = CatalogLinter().lint(catalog)
        #expect(findings.map { "\($0.check.name) \($0.key)" }.sorted() == ["stale-key %lld old files", "stale-key Old"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        // The same keys, not stale, miss translations: errors.
        var current = catalog
        for key in ["Old", "%lld old files"] { current.updateEntry(key) { $0.remove("extractionState") } }
        #expect(CatalogLinter().lint(current).filter { $0.check == .missingTranslation }.count == 2)
    }

    /// The genuine mistakes found beside the false alarms stay errors.
    @Test(arguments: [
        ("%@ deleted", "تم حذف ٪@", "ar", "placeholder-mismatch", "U+066A"),
        ("%d items", "%$11d Elemente", "de", "invalid-format-specifier", "'%$'"),
        ("Delete %@?", "Löschen?", "de", "placeholder-mismatch", "argument 1 (object) of the source is missing"),
        ("%@ and %@", "%1$@ und %@", "de", "invalid-format-specifier", "names too"),
        ("%lld files", "%lld Dateien, %@", "de", "placeholder-mismatch", "argument 2 (object) is not in the source"),
    ])
    func genuineMistakesStayErrors(source: String, translation: String, locale: String, check: String, words: String) {
        let catalog = Self.catalog { catalog in
            catalog.setUnit("k", locale: "en", path: .plain, value: source, state: "translated")
            catalog.setUnit("k", locale: locale, path: .plain, value: translation, state: "translated")
        }
        let findings = CatalogLinter().lint(catalog)
        let matching = findings.filter { $0.check.name == check && $0.locale == locale }
        #expect(!matching.isEmpty, "\(Self.findings(catalog))")
        #expect(matching.allSatisfy { $0.severity == .error })
        #expect(matching.contains { $0.message.contains(words) }, "\(matching.map(\.message))")
    }

    /// A plural variation whose forms all leave out an argument of the source is an error.
    @Test func pluralFormsMustTogetherShowEveryArgument() {
        func build(_ forms: [String: String]) -> StringCatalog {
            Self.catalog { catalog in
                catalog.setUnit("k", locale: "en", path: UnitPath(["plural", "one"]), value: "One file in %2$@", state: "translated")
                catalog.setUnit("k", locale: "en", path: UnitPath(["plural", "other"]), value: "%lld files in %@", state: "translated")
                for (category, text) in forms {
                    catalog.setUnit("k", locale: "de", path: UnitPath(["plural", category]), value: text, state: "translated")
                }
            }
        }
        #expect(Self.findings(build(["one": "Eine Datei in %2$@", "other": "%lld Dateien in %2$@"])) == [])
        let dropped = CatalogLinter().lint(build(["one": "Eine Datei", "other": "%lld Dateien"]))
        #expect(dropped.map(\.check) == [.placeholderMismatch] && dropped.first?.path == UnitPath(["plural", "other"]))
        #expect(dropped.first?.message.contains("argument 2 (object) of the source is in none of the plural forms") == true)
    }
}
