import Foundation
import Testing
@testable import GenkanCatalogTools

/// The project's catalog against the glossary of each of its languages (`Resources/glossary`):
/// one term per concept, one style of quotation marks, settled spellings.
@Suite struct GlossaryTests {
    static let glossaryDirectory = Fixture.repository.appending(path: "Resources/glossary")

    static func projectCatalog() throws -> StringCatalog {
        try StringCatalog(bytes: Array(Data(contentsOf: Fixture.repository.appending(path: "Resources/Localizable.xcstrings"))))
    }

    /// `locale`'s glossary checked alone against `catalog` (with the source's, which says what names each concept).
    static func findings(_ catalog: StringCatalog, locale: String) throws -> [GlossaryFinding] {
        let glossaries = try CatalogGlossary.load(glossaryDirectory)
        return try glossaries[locale]!.check(CatalogGlossary.Strings(catalog), source: glossaries[catalog.sourceLanguage]!)
    }

    @Test func theCatalogFollowsEveryGlossary() throws {
        let findings = try CatalogGlossary.check(Self.projectCatalog(), glossaries: CatalogGlossary.load(Self.glossaryDirectory))
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyLanguageHasAGlossaryNamingEveryConcept() throws {
        let catalog = try Self.projectCatalog()
        let glossaries = try CatalogGlossary.load(Self.glossaryDirectory)
        #expect(Set(glossaries.keys) == Set(catalog.locales))
        for glossary in glossaries.values {
            #expect(Set(glossary.terms.keys) == Set(CatalogGlossary.concepts), "\(glossary.locale)")
        }
    }

    /// Inconsistencies of the kinds a review found, planted in a copy of the catalog: each is
    /// reported on its key, and nothing else is.
    @Test(arguments: [
        // A second word for "account" (zh-Hans once had 帐号 in 15 strings and 账号 in 53).
        ("zh-Hans", "ui.passkeys.last-method", "这是登录你帐号的唯一方式，因此无法移除。", "for \"account\""),
        // Another verb for "sign in" in running text (pt-BR "Entre com…" beside "fazer login").
        ("pt-BR", "ui.signin.intro", "Entre com seu endereço de e-mail e sua senha.", "for \"sign in\""),
        // A translation that leaves the term out altogether.
        ("de", "ui.field.password.label", "Kennwort", "does not use"),
        // Quotation marks of another language (the passkey strings once had "…" in Hindi).
        ("hi", "ui.passkeys.remove.title", "पासकी \"%@\" हटाएं", "quotation mark '\"'"),
        // French quotes without their no-break spaces.
        ("fr", "ui.passkeys.remove.title", "Retirer la clé d’accès « %@ »", "quotation mark '«'"),
        // A spelling the language settled the other way (vi xóa beside xoá).
        ("vi", "ui.passkeys.remove", "Xóa", "spelled"),
        ("gsw", "ui.sessions.this-device", "Dises Grät", "spelled"),
    ])
    func aPlantedInconsistencyIsCaught(locale: String, key: String, text: String, words: String) throws {
        var catalog = try Self.projectCatalog()
        #expect(try Self.findings(catalog, locale: locale).isEmpty)
        catalog.setUnit(key, locale: locale, path: .plain, value: text, state: "translated")
        let findings = try Self.findings(catalog, locale: locale)
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.locale == locale && $0.key == key }, "\(findings)")
        #expect(findings.contains { $0.message.contains(words) }, "\(findings)")
    }

    /// An exception that the catalog no longer needs is reported, so exceptions do not pile up.
    @Test func anUnneededExceptionIsReported() throws {
        var catalog = try Self.projectCatalog()
        catalog.setUnit("ui.provider.apple.signin", locale: "ja", path: .plain, value: "Appleでログイン", state: "translated")
        let findings = try Self.findings(catalog, locale: "ja")
        #expect(findings.map(\.description) == ["ja ui.provider.apple.signin: the exception for \"sign in\" is no longer needed"])
    }

    @Test(arguments: [
        ("„Passwort vergessen?“", "„", "“", nil), ("« Mot de passe oublié ? »", "«\u{00A0}", "\u{00A0}»", "'«'"),
        ("«\u{00A0}Mot de passe oublié\u{202F}?\u{00A0}»", "«\u{00A0}", "\u{00A0}»", nil), ("”Glömt lösenordet?”", "”", "”", nil),
        ("”open", "”", "”", "not closed"), ("l’adresse « %@ »", "«", "»", nil), ("\"%@\" ‘x’", "\"", "\"", "'‘'"),
    ] as [(String, String, String, String?)])
    func quotationMarks(text: String, open: String, close: String, problem: String?) {
        let quotes = CatalogGlossary.Quotes(open: open, close: close, apostrophes: "’")
        let found = quotes.problem(in: text)
        if let problem { #expect(found?.contains(problem) == true, "\(found ?? "nil")") } else { #expect(found == nil, "\(found ?? "")") }
    }
}
