import Foundation
@testable import GenkanCatalogTools

/// One language's glossary (`Resources/glossary/LOCALE.json`): the word it uses for each concept
/// the site keeps naming (sign in, password, passkey, account, code), the quotation marks it uses,
/// and spellings it has settled. A translator reads it as the language's style sheet; `check`
/// holds the catalog to it, so a later string that says 帐号 where the rest says 账号, or quotes a
/// name "like this" where the language writes „so“, fails `make test`.
struct CatalogGlossary: Decodable, Sendable {
    /// How the language names one concept.
    struct Term: Decodable, Sendable {
        /// A regular expression (ICU syntax) matching the term in any of its forms. In the source
        /// language's glossary it says which strings name the concept at all.
        let use: String
        /// Other words for the concept, which no string of the language may use.
        var avoid: [String]? = nil
        /// Keys whose translation rightly does without the term, each with the reason.
        var except: [String: String]? = nil
    }

    /// The language's quotation marks: every quotation in every string opens with `open` and
    /// closes with `close` (French includes the no-break space inside « »). Characters in
    /// `apostrophes` are the language's apostrophes, not quotation marks.
    struct Quotes: Decodable, Sendable {
        let open: String
        let close: String
        var apostrophes: String? = nil
        var except: [String: String]? = nil
    }

    /// Spellings the language has chosen between: no string may match `avoid`; `why` says what is used instead.
    struct Spelling: Decodable, Sendable {
        let avoid: [String]
        let why: String
    }

    let locale: String
    let quotes: Quotes
    let terms: [String: Term]
    var spelling: Spelling? = nil

    /// The concepts every glossary names.
    static let concepts = ["sign in", "password", "passkey", "account", "code"]

    /// Every character used as a quotation mark in some language of the catalog (an apostrophe
    /// only where the language does not declare it as one).
    static let quotationMarks: Set<Unicode.Scalar> = [
        "\"", "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{00AB}", "\u{00BB}", "\u{2039}", "\u{203A}", "\u{300C}", "\u{300D}",
        "\u{300E}", "\u{300F}", "\u{2018}", "\u{2019}", "\u{201A}", "'", "\u{FF02}", "\u{301D}", "\u{301E}", "\u{301F}",
    ]

    /// The glossaries in `directory`, by locale.
    static func load(_ directory: URL) throws -> [String: CatalogGlossary] {
        var glossaries: [String: CatalogGlossary] = [:]
        for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) where file.pathExtension == "json" {
            let glossary = try JSONDecoder().decode(CatalogGlossary.self, from: Data(contentsOf: file))
            glossaries[glossary.locale] = glossary
        }
        return glossaries
    }
}

/// A place where a catalog leaves its glossary.
struct GlossaryFinding: Sendable, Hashable, CustomStringConvertible {
    let locale: String
    let key: String
    let message: String
    var description: String { "\(locale) \(key): \(message)" }
}

extension CatalogGlossary {
    /// Where `catalog` departs from `glossaries`: a string of a key whose source names a concept
    /// without the language's term for it, a string using a word the glossary avoids, a quotation
    /// in other marks, an exception the catalog no longer needs.
    static func check(_ catalog: StringCatalog, glossaries: [String: CatalogGlossary]) throws -> [GlossaryFinding] {
        guard let source = glossaries[catalog.sourceLanguage] else {
            return [GlossaryFinding(locale: catalog.sourceLanguage, key: "-", message: "the source language has no glossary")]
        }
        var findings: [GlossaryFinding] = []
        for locale in catalog.locales where glossaries[locale] == nil {
            findings.append(GlossaryFinding(locale: locale, key: "-", message: "no glossary in Resources/glossary"))
        }
        let strings = Strings(catalog)
        for (locale, glossary) in glossaries.sorted(by: { $0.key < $1.key }) {
            guard catalog.locales.contains(locale) else {
                findings.append(GlossaryFinding(locale: locale, key: "-", message: "a glossary for a language the catalog does not have"))
                continue
            }
            findings += try glossary.check(strings, source: source)
        }
        return findings
    }

    /// Every string of a catalog by locale and key, read once.
    struct Strings {
        let keys: [String]
        let sourceLanguage: String
        let byLocale: [String: [String: [String]]]

        init(_ catalog: StringCatalog) {
            var byLocale: [String: [String: [String]]] = [:]
            var keys: [String] = []
            for entry in catalog.entries {
                keys.append(entry.key)
                for locale in entry.localizationLocales {
                    byLocale[locale, default: [:]][entry.key] = entry.units(locale).map(\.value)
                }
            }
            self.keys = keys
            self.byLocale = byLocale
            sourceLanguage = catalog.sourceLanguage
        }

        func texts(_ key: String, _ locale: String) -> [String] { byLocale[locale]?[key] ?? [] }
    }

    func check(_ strings: Strings, source: CatalogGlossary) throws -> [GlossaryFinding] {
        var findings: [GlossaryFinding] = []
        func add(_ key: String, _ message: String) { findings.append(GlossaryFinding(locale: locale, key: key, message: message)) }
        let known = Set(strings.keys)
        for concept in Self.concepts {
            guard let term = terms[concept], let sourceTerm = source.terms[concept] else {
                add("-", "the glossary does not name \"\(concept)\"")
                continue
            }
            let names = try Pattern(sourceTerm.use), use = try Pattern(term.use)
            let avoided = try (term.avoid ?? []).map(Pattern.init)
            let exceptions = term.except ?? [:]
            for key in exceptions.keys.sorted() where !known.contains(key) {
                add(key, "an exception for \"\(concept)\" names a key the catalog does not have")
            }
            for key in strings.keys {
                let texts = strings.texts(key, locale)
                guard !texts.isEmpty else { continue }
                let named = locale != strings.sourceLanguage && strings.texts(key, strings.sourceLanguage).contains(where: names.matches)
                let usesTerm = texts.contains(where: use.matches)
                if exceptions[key] != nil {
                    if !named || usesTerm { add(key, "the exception for \"\(concept)\" is no longer needed") }
                    continue
                }
                if named, !usesTerm {
                    add(key, "the source says \"\(concept)\" but the string does not use /\(term.use)/: \(texts[0])")
                }
                for pattern in avoided {
                    for text in texts where pattern.matches(text) {
                        add(key, "uses /\(pattern.text)/ for \"\(concept)\": \(text)")
                    }
                }
            }
        }
        let spellings = try (spelling?.avoid ?? []).map(Pattern.init)
        for key in strings.keys {
            for text in strings.texts(key, locale) {
                for pattern in spellings where pattern.matches(text) {
                    add(key, "spelled /\(pattern.text)/ where \(spelling!.why): \(text)")
                }
                if quotes.except?[key] == nil, let problem = quotes.problem(in: text) { add(key, "\(problem): \(text)") }
            }
        }
        return findings
    }
}

extension CatalogGlossary.Quotes {
    /// What is wrong with the quotation marks of `text`, if anything: a mark that is not the
    /// language's, or a quotation left open.
    func problem(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars), open = Array(open.unicodeScalars), close = Array(close.unicodeScalars)
        let apostrophes = Set((apostrophes ?? "").unicodeScalars)
        func starts(_ token: [Unicode.Scalar], at index: Int) -> Bool {
            index + token.count <= scalars.count && Array(scalars[index..<(index + token.count)]) == token
        }
        var depth = 0, index = 0
        while index < scalars.count {
            if starts(open, at: index), open != close || depth == 0 {
                depth += 1
                index += open.count
            } else if depth > 0, starts(close, at: index) {
                depth -= 1
                index += close.count
            } else {
                let scalar = scalars[index]
                if CatalogGlossary.quotationMarks.contains(scalar), !apostrophes.contains(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    return "quotation mark '\(scalar)' (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)) where the language quotes \(self.open)…\(close)"
                }
                index += 1
            }
        }
        return depth > 0 ? "a quotation opened with \(open) is not closed with \(close)" : nil
    }
}

/// A compiled ICU regular expression (NSRegularExpression), as the glossaries write them.
struct Pattern: Sendable {
    let text: String
    private let expression: NSRegularExpression

    init(_ text: String) throws {
        self.text = text
        expression = try NSRegularExpression(pattern: text)
    }

    func matches(_ string: String) -> Bool {
        expression.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
    }
}
