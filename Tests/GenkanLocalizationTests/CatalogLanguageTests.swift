import Foundation
import Testing
@testable import GenkanLocalization
@testable import GenkanUnicode

// Every language of the catalog, checked on its own: complete, with exactly the plural
// categories CLDR gives it, with the English text's format specifiers, and in its own script.
// The languages are the catalog's (`MessageCatalog.locales`), so the checks grow as translations
// are imported; the lists below say which languages must be there.

/// The first twelve languages: the catalog always has them.
let originalLocales = ["en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es", "pt-BR", "it", "ru", "ar"]

/// The 49 languages (the first 12 and 37 more: FirebaseUI's list).
let issue20Locales = originalLocales + [
    "bg", "bn", "ca", "cs", "da", "el", "fa", "fi", "fil", "gsw", "gu", "he", "hi", "hr", "hu", "id", "kn", "ln", "lt", "lv", "mr",
    "ms", "nb", "nn", "nl", "pl", "ro", "sk", "sl", "sr", "sv", "ta", "th", "tr", "uk", "ur", "vi",
]

/// The regional variants: each a full translation, in the base language's words where they are
/// the same (docs/ARCHITECTURE.md, "Regional variants").
let regionalVariants = ["en-GB", "es-419", "fr-CA", "pt-PT", "zh-HK"]

/// Every language the catalog must have and may have.
let expectedLocales = issue20Locales + regionalVariants

/// The languages the catalog has: the supported languages.
let catalogLocales = MessageCatalog.standard.locales

@Test func theCatalogHasTheOriginalLanguages() {
    #expect(Set(originalLocales).subtracting(catalogLocales).isEmpty)
    // Nothing outside the list slipped in (a misspelt tag in an import).
    #expect(Set(catalogLocales).subtracting(expectedLocales).sorted() == [])
}

/// The supported languages are the catalog's; this holds the catalog to the 49, so a language
/// that goes missing (a bad merge, an import into the wrong file) fails here, whatever else
/// passes. (It was `.disabled` until the 37 new languages were imported.)
@Test func theCatalogHasEveryLanguageOfIssue20() {
    #expect(Set(issue20Locales).subtracting(catalogLocales).sorted() == [])
    #expect(Set(regionalVariants).subtracting(catalogLocales).sorted() == [])
}

@Test(arguments: catalogLocales)
func everyKeyIsTranslated(_ locale: String) {
    let catalog = MessageCatalog.standard
    let untranslated = catalog.keys.filter { !catalog.isTranslated($0, locale: locale) }
    #expect(untranslated == [], "\(locale)")
}

// MARK: Plural categories

/// CLDR's cardinal plural categories (plurals.xml, CLDR 42, which ICU 72 carries), written out
/// by hand for each of the 49 languages and the five regional variants; ICU is asked too, and the
/// catalog is held to both.
let cldrCategories: [String: Set<PluralCategory>] = {
    let oneOther: Set<PluralCategory> = [.one, .other]
    let oneManyOther: Set<PluralCategory> = [.one, .many, .other]
    let slavic: Set<PluralCategory> = [.one, .few, .many, .other]
    var table: [String: Set<PluralCategory>] = [:]
    for locale in ["ja", "zh-Hans", "zh-Hant", "zh-HK", "ko", "id", "ms", "th", "vi"] { table[locale] = [.other] }
    for locale in ["en", "en-GB", "de", "bg", "bn", "da", "el", "fa", "fi", "fil", "gsw", "gu", "hi", "hu", "kn", "ln", "mr", "nb", "nn", "nl",
                   "sv", "ta", "tr", "ur"] { table[locale] = oneOther }
    for locale in ["fr", "fr-CA", "es", "es-419", "pt-BR", "pt-PT", "it", "ca"] { table[locale] = oneManyOther }
    for locale in ["ru", "uk", "pl", "cs", "sk", "lt"] { table[locale] = slavic }
    table["ar"] = [.zero, .one, .two, .few, .many, .other]
    table["he"] = [.one, .two, .other]
    table["hr"] = [.one, .few, .other]
    table["sr"] = [.one, .few, .other]
    table["ro"] = [.one, .few, .other]
    table["sl"] = [.one, .two, .few, .other]
    table["lv"] = [.zero, .one, .other]
    return table
}()

@Test func theHandTableCoversTheFortyNineAndICUAgrees() {
    #expect(Set(cldrCategories.keys) == Set(expectedLocales))
    for locale in expectedLocales {
        #expect(Set(CLDR.pluralCategories(locale: locale)) == cldrCategories[locale], "\(locale)")
    }
}

@Test(arguments: catalogLocales)
func pluralsHaveExactlyTheLanguagesCategories(_ locale: String) throws {
    let catalog = MessageCatalog.standard
    let expected = try #require(cldrCategories[locale], "\(locale) is not one of the 54 languages")
    // Vietnamese: newer CLDR gives it `one` too (for ordinal-like uses); either reading is right.
    let accepted: [Set<PluralCategory>] = locale == "vi" ? [expected, expected.union([.one])] : [expected]
    var plurals = 0
    for key in catalog.keys {
        for categories in catalog.pluralCategorySets(key, locale: locale) {
            plurals += 1
            // No extra `zero` either: where the language has none, Foundation would still show
            // it for 0, which CLDR's rules do not ask for.
            #expect(accepted.contains(Set(categories)), "\(key) in \(locale): \(categories.map(\.rawValue))")
        }
    }
    #expect(plurals >= 10, "\(locale)")
}

// MARK: Format specifiers

/// What a string's specifiers refer to: each argument (0-based) with whether it is formatted as
/// a number, each substitution by name, and `%arg`.
private struct Specifiers: Hashable, CustomStringConvertible {
    var arguments: Set<String> = []

    init(_ text: String, inSubstitution: Bool) {
        for segment in FormatTemplate(text, inSubstitution: inSubstitution).segments {
            switch segment {
            case .literal: break
            case .argument(let index, let conversion):
                arguments.insert("\(index + 1):" + (FormatTemplate.integerConversions.contains(conversion) ? "number" : String(conversion)))
            case .substitution(let name, _): arguments.insert("#" + name)
            case .substitutedArgument: arguments.insert("%arg")
            }
        }
    }

    var description: String { arguments.sorted().joined(separator: " ") }
}

/// The integers 0…10,000 and some large ones, for finding the categories that stand for one value.
private let sampleNumbers = Array(0...10_000) + [100_000, 1_000_000, 1_000_001, 10_000_000]

/// Whether the plural category `name` of `locale` holds exactly one integer (Arabic `zero` and
/// `two`, Spanish `one`): such a form may spell its number out.
private func standsForOneValue(_ name: String, locale: String) -> Bool {
    sampleNumbers.lazy.filter { CLDR.pluralCategory(of: $0, locale: locale).rawValue == name }.prefix(2).count == 1
}

/// Checks one localization (or one substitution's variations) against English's: the catch-all
/// form has exactly English's specifiers; another form has a subset of them, missing at most the
/// number, and only when its category stands for one value.
private func compare(_ translation: [String: Any], _ english: [String: Any], locale: String, at path: String, inSubstitution: Bool) {
    let englishForms = forms(english), translatedForms = forms(translation)
    guard let englishOther = englishForms["other"].map({ Specifiers($0, inSubstitution: inSubstitution) }) else {
        Issue.record("\(path): English has no text")
        return
    }
    let number: Set<String> = inSubstitution ? ["%arg"] : englishOther.arguments.filter { $0.hasSuffix(":number") }
    for (name, text) in translatedForms {
        let found = Specifiers(text, inSubstitution: inSubstitution)
        if name == "other" {
            #expect(found == englishOther, "\(path) in \(locale): \(found) against English \(englishOther)")
            continue
        }
        let missing = englishOther.arguments.subtracting(found.arguments)
        #expect(found.arguments.isSubset(of: englishOther.arguments), "\(path) \(name) in \(locale): \(found) against \(englishOther)")
        if !missing.isEmpty {
            #expect(missing.isSubset(of: number) && standsForOneValue(name, locale: locale),
                    "\(path) \(name) in \(locale) leaves out \(missing.sorted()) though '\(name)' is more than one number")
        }
    }
    let englishSubstitutions = english["substitutions"] as? [String: Any] ?? [:]
    let translatedSubstitutions = translation["substitutions"] as? [String: Any] ?? [:]
    #expect(Set(englishSubstitutions.keys) == Set(translatedSubstitutions.keys), "\(path) substitutions in \(locale)")
    for (name, value) in translatedSubstitutions {
        guard let theirs = value as? [String: Any], let ours = englishSubstitutions[name] as? [String: Any] else { continue }
        #expect(theirs["argNum"] as? Int == ours["argNum"] as? Int, "\(path) substitution \(name) in \(locale)")
        #expect(theirs["formatSpecifier"] as? String == ours["formatSpecifier"] as? String, "\(path) substitution \(name) in \(locale)")
        compare(["variations": theirs["variations"] ?? [:]], ["variations": ours["variations"] ?? [:]], locale: locale,
                at: "\(path) substitution \(name)", inSubstitution: true)
    }
}

/// The texts of a localization by plural category ("other" for a plain string).
private func forms(_ localization: [String: Any]) -> [String: String] {
    if let value = (localization["stringUnit"] as? [String: Any])?["value"] as? String { return ["other": value] }
    var result: [String: String] = [:]
    let plural = (localization["variations"] as? [String: Any])?["plural"] as? [String: Any] ?? [:]
    for (name, form) in plural {
        if let value = ((form as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String { result[name] = value }
    }
    return result
}

/// The catalog as JSON objects, read once and never changed (hence `nonisolated(unsafe)`:
/// `[String: Any]` cannot say it is immutable).
nonisolated(unsafe) private let catalogJSON: [String: Any] = {
    let root = try? JSONSerialization.jsonObject(with: Data(EmbeddedResources.localizableCatalog.utf8)) as? [String: Any]
    return root?["strings"] as? [String: Any] ?? [:]
}()

private func localizations(_ key: String) -> [String: Any] {
    (catalogJSON[key] as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
}

@Test(arguments: catalogLocales.filter { $0 != "en" })
func formatSpecifiersMatchEnglish(_ locale: String) {
    #expect(!catalogJSON.isEmpty)
    for key in catalogJSON.keys.sorted() {
        let all = localizations(key)
        guard let english = all["en"] as? [String: Any], let translation = all[locale] as? [String: Any] else { continue }
        compare(translation, english, locale: locale, at: key, inSubstitution: false)
    }
}

@Test func theSpecifierCheckCatchesWhatItShould() {
    func plural(_ forms: [String: String]) -> [String: Any] {
        ["variations": ["plural": forms.mapValues { ["stringUnit": ["value": $0]] }]]
    }
    let english = plural(["one": "%lld file of %@", "other": "%lld files of %@"])
    #expect(standsForOneValue("two", locale: "ar"))
    #expect(standsForOneValue("one", locale: "es"))
    #expect(!standsForOneValue("one", locale: "ru"))   // 1, 21, 31…
    #expect(!standsForOneValue("one", locale: "fr"))   // 0 and 1
    #expect(Specifiers("%1$@ %2$lld", inSubstitution: false) == Specifiers("%2$d %1$@", inSubstitution: false))
    // Right: Spanish `one` spells its number out; Arabic `zero`, `one` and `two` too. The text
    // argument is then named by its position (with a plain `%@` it would take the number).
    compare(plural(["one": "un archivo de %2$@", "many": "%lld de archivos de %@", "other": "%lld archivos de %@"]), english,
            locale: "es", at: "example", inSubstitution: false)
    compare(plural(["zero": "لا ملفات في %2$@", "one": "ملف واحد في %2$@", "two": "ملفان في %2$@", "few": "%lld ملفات في %@",
                    "many": "%lld ملفًا في %@", "other": "%lld ملف في %@"]), english, locale: "ar", at: "example", inSubstitution: false)
    // Wrong: a dropped argument, a number formatted as text, Russian `one` (21 too) without its
    // number, and a plain `%@` in a form without the number (it would show the number).
    withKnownIssue { compare(plural(["one": "un archivo de %@", "other": "%lld archivos de %@"]), english, locale: "es", at: "x", inSubstitution: false) }
    withKnownIssue { compare(plural(["one": "%lld file", "other": "%lld files"]), english, locale: "de", at: "x", inSubstitution: false) }
    withKnownIssue { compare(plural(["other": "%@ files of %@"]), english, locale: "ja", at: "x", inSubstitution: false) }
    withKnownIssue {
        compare(plural(["one": "один файл из %@", "few": "%lld файла из %@", "many": "%lld файлов из %@", "other": "%lld файла из %@"]),
                english, locale: "ru", at: "x", inSubstitution: false)
    }
}

// MARK: Scripts

/// The script each language is written in (ISO 15924), by hand; CLDR's likely subtags agree
/// (checked below). Japanese mixes kana and kanji, Korean may use hanja; a text may also hold
/// Latin letters (names such as Google, example addresses), digits and punctuation.
let expectedScripts: [String: Set<String>] = {
    var table: [String: Set<String>] = [:]
    for locale in ["en", "en-GB", "de", "fr", "fr-CA", "es", "es-419", "pt-BR", "pt-PT", "it", "ca", "cs", "da", "fi", "fil", "gsw", "hr", "hu", "id", "ln", "lt", "lv", "ms",
                   "nb", "nn", "nl", "pl", "ro", "sk", "sl", "sv", "tr", "vi"] { table[locale] = ["Latn"] }
    for locale in ["ru", "uk", "bg", "sr"] { table[locale] = ["Cyrl"] }
    for locale in ["ar", "fa", "ur"] { table[locale] = ["Arab"] }
    for locale in ["hi", "mr"] { table[locale] = ["Deva"] }
    table["el"] = ["Grek"]
    table["he"] = ["Hebr"]
    table["bn"] = ["Beng"]
    table["gu"] = ["Gujr"]
    table["kn"] = ["Knda"]
    table["ta"] = ["Taml"]
    table["th"] = ["Thai"]
    table["ja"] = ["Hira", "Kana", "Hani"]
    table["ko"] = ["Hang", "Hani"]
    table["zh-Hans"] = ["Hani"]
    table["zh-Hant"] = ["Hani", "Bopo"]
    table["zh-HK"] = ["Hani", "Bopo"]
    return table
}()

@Test func theScriptTableAgreesWithCLDR() {
    #expect(Set(expectedScripts.keys) == Set(expectedLocales))
    let composite: [String: Set<String>] = ["Jpan": ["Hira", "Kana", "Hani"], "Kore": ["Hang", "Hani"], "Hans": ["Hani"], "Hant": ["Hani", "Bopo"]]
    for locale in expectedLocales {
        let likely = CLDR.maximize(languageTag: locale)?.split(separator: "-").first { $0.count == 4 }.map(String.init)
        let scripts = likely.flatMap { composite[$0] ?? [$0] }
        #expect(scripts == expectedScripts[locale], "\(locale): CLDR's likely script is \(likely ?? "none")")
    }
}

/// The scripts of a text's letters and marks, apart from Common and Inherited, by ISO 15924
/// name (letters outside every listed script are reported by their ICU code).
private func scripts(of text: String) -> [String: Int] {
    let names = ["Latn", "Cyrl", "Grek", "Arab", "Hebr", "Deva", "Beng", "Gujr", "Knda", "Taml", "Thai", "Hira", "Kana", "Hani", "Hang", "Bopo"]
    let codes = Dictionary(uniqueKeysWithValues: names.compactMap { name in CodePointProperties.scriptCode(name).map { ($0, name) } })
    let ignored = Set(["Zyyy", "Zinh"].compactMap(CodePointProperties.scriptCode))
    var counts: [String: Int] = [:]
    for scalar in text.unicodeScalars {
        let script = CodePointProperties(scalar).script
        guard !ignored.contains(script) else { continue }
        counts[codes[script] ?? "code \(script)", default: 0] += 1
    }
    return counts
}

@Test(arguments: catalogLocales)
func textsAreInTheLanguagesScript(_ locale: String) throws {
    let expected = try #require(expectedScripts[locale], "\(locale) is not one of the 54 languages")
    let allowed = expected.union(["Latn"])
    for key in catalogJSON.keys.sorted() {
        let all = localizations(key)
        guard let translation = all[locale] as? [String: Any], let english = all["en"] as? [String: Any] else { continue }
        let englishTexts = Set(allTexts(english))
        for text in allTexts(translation) {
            // Specifiers (`%lld`, `%arg`, `%#@name@`) are not words.
            let words = FormatTemplate(text, inSubstitution: true).segments.map { segment -> String in
                if case .literal(let literal) = segment { literal } else { " " }
            }.joined()
            let found = scripts(of: words)
            let foreign = found.keys.filter { !allowed.contains($0) }
            #expect(foreign.isEmpty, "\(key) in \(locale) has letters of \(foreign.sorted()): \(text)")
            // Outside Latin-script languages, a text with letters has some in the language's own
            // script, unless it is English's own text (a name alone, such as "Genkan").
            if !expected.contains("Latn"), !found.isEmpty, !englishTexts.contains(text) {
                #expect(!expected.isDisjoint(with: found.keys), "\(key) in \(locale) has no \(expected.sorted()) letters: \(text)")
            }
        }
    }
}

@Test func theScriptCheckTellsScriptsApart() {
    #expect(scripts(of: "Войти") == ["Cyrl": 5])
    #expect(scripts(of: "Σύνδεση Google") == ["Grek": 7, "Latn": 6])
    #expect(scripts(of: "ログイン") == ["Kana": 4])
    #expect(scripts(of: "साइन इन करें।") .keys.sorted() == ["Deva"])   // the danda is Common
    #expect(scripts(of: "٣ أحرف، name@example.com")["Arab"] == 5)  // Arabic-Indic digits are Arabic; the comma is Common
    #expect(scripts(of: "(%@) 123 ...").isEmpty)
}

/// Every text of a localization: the string or each plural form, and each substitution's forms.
private func allTexts(_ localization: [String: Any]) -> [String] {
    var texts = Array(forms(localization).values)
    for case let substitution as [String: Any] in (localization["substitutions"] as? [String: Any] ?? [:]).values {
        texts += forms(["variations": substitution["variations"] ?? [:]]).values
    }
    return texts
}
