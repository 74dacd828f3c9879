import Foundation
import Testing
@testable import GenkanCatalogTools

/// Keys, values and comments holding CR LF, a lone CR and a lone LF survive every
/// exchange format. Swift reads "\r\n" as one `Character`, so code that looks for the Character
/// "\n" misses it (the PO export wrote a comment's CR LF as a bare line that the import refused).
@Suite(.serialized) struct LineBreakRoundTripTests {
    /// The line breaks each string of the catalog mixes.
    static let breaks = ["\r\n", "\r", "\n"]

    /// A small catalog, en to de and ja, whose keys, values and comments hold each kind of line
    /// break, in the middle, at the end, doubled and mixed; with a plural variation, a plural
    /// substitution and a key from the issue.
    static func catalog(translated: Bool = true) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en")
        func comment(_ key: String, _ text: String) {
            catalog.updateEntry(key) { $0.set("comment", .string(text), order: StringCatalog.topLevelOrder) }
        }
        for (index, lineBreak) in breaks.enumerated() {
            let key = "line\(lineBreak)break \(index)"
            catalog.setUnit(key, locale: "en", path: .plain, value: "First\(lineBreak)second\(lineBreak)", state: "translated")
            if translated {
                catalog.setUnit(key, locale: "de", path: .plain, value: "Erste\(lineBreak)zweite\(lineBreak)", state: "translated")
                catalog.setUnit(key, locale: "ja", path: .plain, value: "一\(lineBreak)\(lineBreak)二", state: "translated")
            }
            comment(key, "A comment\(lineBreak)on two lines\(lineBreak)")
        }
        let issueKey = "%@ is not a valid regular expression\r\ndetails: %@"
        catalog.setUnit(issueKey, locale: "en", path: .plain, value: issueKey, state: "translated")
        if translated {
            catalog.setUnit(issueKey, locale: "de", path: .plain, value: "%1$@ ist kein gültiger regulärer Ausdruck\r\nDetails: %2$@", state: "translated")
            catalog.setUnit(issueKey, locale: "ja", path: .plain, value: "%1$@ は正規表現ではありません\r\n詳細: %2$@", state: "translated")
        }
        comment(issueKey, "%@ is not a valid regular expression\r\ndetails: %@")

        let mixed = "mixed\r\n\r\r\n\n\rend"
        catalog.setUnit(mixed, locale: "en", path: .plain, value: "\r\nA\rB\n\r\n", state: "translated")
        if translated { catalog.setUnit(mixed, locale: "de", path: .plain, value: "\rA\r\nB\n\n", state: "translated") }
        comment(mixed, "\r\n\r\rstarts and ends with breaks\n\r\n")

        let plural = "%lld files\r\nselected"
        for (category, text) in [("one", "%lld file\r\nselected"), ("other", "%lld files\rselected\n")] {
            catalog.setUnit(plural, locale: "en", path: UnitPath(["plural", category]), value: text, state: "translated")
        }
        if translated {
            for (category, text) in [("one", "%lld Datei\r\nausgewählt"), ("other", "%lld Dateien\rausgewählt\n")] {
                catalog.setUnit(plural, locale: "de", path: UnitPath(["plural", category]), value: text, state: "translated")
            }
            catalog.setUnit(plural, locale: "ja", path: UnitPath(["plural", "other"]), value: "%lld 個の\r\nファイル", state: "translated")
        }
        comment(plural, "Plural\r\ncomment\r")

        // A substitution (the .stringsdict writes it as a format string and a variable; Android
        // has no form for it, so its export names it in a comment and leaves it out).
        let substitution = "Found\r\n%lld items"
        let locales = translated ? ["en", "de"] : ["en"]
        for locale in locales {
            let german = locale == "de"
            catalog.setUnit(substitution, locale: locale, path: .plain, value: german ? "%#@items@\r\ngefunden" : "Found\r\n%#@items@", state: "translated")
            for (category, text) in [("one", german ? "%arg Eintrag\r" : "%arg item\r"), ("other", german ? "%arg Einträge\n" : "%arg items\n")] {
                catalog.setUnit(substitution, locale: locale, path: UnitPath(["substitutions", "items", "plural", category]), value: text, state: "translated")
            }
            catalog.updateEntry(substitution) { entry in
                entry.update(["localizations", locale, "substitutions", "items"], order: StringCatalog.topLevelOrder) { node in
                    node.set("argNum", .integer(1), order: StringCatalog.topLevelOrder)
                    node.set("formatSpecifier", .string("lld"), order: StringCatalog.topLevelOrder)
                }
            }
        }
        comment(substitution, "Sub\rstitution\n")
        // A string with no line break, translated in both locales, so that both are exported.
        catalog.setUnit("plain", locale: "en", path: .plain, value: "Plain", state: "translated")
        catalog.setUnit("plain", locale: "de", path: .plain, value: "Schlicht", state: "translated")
        catalog.setUnit("plain", locale: "ja", path: .plain, value: "無地", state: "translated")
        return catalog
    }

    static func same(_ a: String?, _ b: String?) -> Bool {
        a?.unicodeScalars.elementsEqual(b?.unicodeScalars ?? "".unicodeScalars) ?? (b == nil)
    }

    /// Whether `text` holds `part`, code point for code point (`String.contains` compares
    /// `Character`s, which is what this suite is about).
    static func holds(_ text: String, _ part: String) -> Bool {
        Array(text.unicodeScalars).firstRange(of: Array(part.unicodeScalars)) != nil
    }

    /// The catalog reads as written, with every line break kept.
    @Test func theCatalogItselfKeepsEveryLineBreak() throws {
        let catalog = Self.catalog()
        let again = try StringCatalog(text: catalog.text)
        #expect(again.text == catalog.text)
        let key = "%@ is not a valid regular expression\r\ndetails: %@"
        #expect(Self.same(again.entry(key)?.comment, key))
        #expect(again.keys.contains { Self.same($0, "line\r\nbreak 0") })
    }

    /// Exported and imported unchanged, nothing changes, in every format.
    @Test(arguments: ExchangeFormat.allCases)
    func unchangedRoundTripChangesNothing(_ format: ExchangeFormat) throws {
        let original = Self.catalog()
        let (catalog, reports) = try ExchangeTests.unchangedRoundTrip(original, format)
        for (file, report) in reports {
            #expect(report.changes.isEmpty, "\(format) \(file): \(report.changes)")
            #expect(report.skipped.isEmpty, "\(format) \(file): \(report.skipped)")
        }
        #expect(catalog.text == original.text)
    }

    /// Translations read from an export land in a catalog that lacks them, code point for code
    /// point: the readers read the values, not only the fact that nothing changed.
    @Test(arguments: ExchangeFormat.allCases)
    func translationsArriveExactly(_ format: ExchangeFormat) throws {
        let translated = Self.catalog()
        let folder = try ExchangeTests.exportToDisk(format, catalog: translated)
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = Self.catalog(translated: false)
        let importer = CatalogImporter()
        for url in ExchangeTests.translatedFiles(format, in: folder, locales: ["de", "ja"]) {
            _ = importer.merge(try importer.read(url), into: &catalog, manifest: importer.manifestSources(near: url))
        }
        for entry in translated.entries {
            for locale in ["de", "ja"] {
                for unit in entry.units(locale) {
                    // Android has no substitutions (its export says so in a comment).
                    if format == .android, unit.path.substitution != nil || !(entry.localization(locale)?["substitutions"]?.names ?? []).isEmpty { continue }
                    let read = catalog.entry(entry.key)?.unit(locale, unit.path)
                    #expect(Self.same(read?.value, unit.value), "\(format) \(locale) \(entry.key.debugDescription) \(unit.path): \(read?.value.debugDescription ?? "nil")")
                }
            }
        }
    }

    /// The comment reaches the translator: as an XLIFF `<note>` and in a `.strings` comment code
    /// point for code point, and as one PO `#.` line per line of the comment (PO comments are
    /// lines; a CR LF, a CR and an LF each end one).
    @Test func commentsReachTheTranslator() throws {
        let catalog = Self.catalog()
        let exporter = CatalogExporter(catalog: catalog)
        let comments = catalog.entries.compactMap(\.comment)
        #expect(comments.count == 7)

        let xliff = try #require(try exporter.export(.xliff, locales: ["de"]).first)
        let root = try XMLNode.parse(Array(xliff.contents.utf8), path: "de.xliff")
        let notes = root.descendants("note").map(\.text).filter { !$0.isEmpty }
        for comment in comments { #expect(notes.contains { Self.same($0, comment) }, "\(comment.debugDescription) in \(notes)") }

        let strings = try #require(try exporter.export(.strings, locales: ["de"]).first { $0.path.hasSuffix(".strings") })
        // Keys with variations go to the .stringsdict, which has no comments.
        let plainComments = catalog.entries.filter { $0.units("en").allSatisfy(\.path.isPlain) }.compactMap(\.comment)
        #expect(plainComments.count == 5)
        for comment in plainComments {
            #expect(Self.holds(strings.contents, "/* \(comment) */"), "\(comment.debugDescription)")
        }

        let po = try #require(try exporter.export(.po, locales: ["de"]).first)
        let entries = try POReader.parse(po.contents, path: "de.po")
        for comment in comments {
            let lines = Self.lines(comment)
            #expect(entries.contains { $0.extractedComments.starts(with: lines) }, "\(comment.debugDescription): \(entries.map(\.extractedComments))")
        }
        // No line of the file holds a CR: every break in a comment ended a `#.` line.
        #expect(!po.contents.unicodeScalars.contains("\r"))
    }

    /// A comment's lines as PO writes them: split at CR LF, CR or LF.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = [], current = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\r" || scalar == "\n" {
                if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// The PO export of the issue's key: the comment's CR LF ends a `#.` line instead of leaving
    /// "details: %@" on a line of its own, which the import refused (`unexpected 'details: %@'`).
    @Test func thePOExportOfTheIssueKeyImports() throws {
        var catalog = StringCatalog(sourceLanguage: "en")
        let key = "%@ is not a valid regular expression\r\ndetails: %@"
        catalog.setUnit(key, locale: "en", path: .plain, value: key, state: "translated")
        catalog.setUnit(key, locale: "it", path: .plain, value: "%1$@ non è un'espressione regolare valida\r\ndettagli: %2$@", state: "translated")
        catalog.updateEntry(key) { $0.set("comment", .string(key), order: StringCatalog.topLevelOrder) }
        let po = try #require(try CatalogExporter(catalog: catalog).export(.po).first)
        #expect(po.contents.contains("#. %@ is not a valid regular expression\n#. details: %@\n"))
        let file = try POReader.read(Array(po.contents.utf8), path: "it.po", fallbackLocale: "it")
        var merged = catalog
        #expect(CatalogImporter().merge(file, into: &merged).changes.isEmpty)
        #expect(merged.text == catalog.text)
    }

    /// A PO header another tool wrote with CR LF inside its string still gives its fields.
    @Test func aPOHeaderWithCRLFGivesItsFields() throws {
        let text = """
        msgid ""
        msgstr ""
        "Language: de\\r\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\r\\n"

        msgctxt "k"
        msgid "Save"
        msgstr "Sichern"

        """
        let file = try POReader.read(Array(text.utf8), path: "x.po", fallbackLocale: "fr")
        #expect(file.locale == "de")
        #expect(file.units.map(\.target) == ["Sichern"])
    }

    /// Android escapes by code point: a CR is `\u000D` (Android has no `\r`), an LF `\n`, and a
    /// quote or `@` followed by a combining mark is still escaped.
    @Test(arguments: ["a\r\nb", "\r", "\n\r", "'\u{301}x", "@\u{301}x", "\\\u{301}", "x\r\n\"\u{301}"])
    func androidEscapesByCodePoint(_ text: String) throws {
        let escaped = try AndroidFormat.escape(text)
        #expect(!escaped.unicodeScalars.contains("\r") && !escaped.unicodeScalars.contains("\n"), "\(escaped.debugDescription)")
        let document = "<resources><string name=\"a\">\(escaped)</string></resources>"
        let root = try XMLNode.parse(Array(document.utf8), path: "strings.xml")
        #expect(Self.same(AndroidFormat.unescape(root.children[0].text), text))
    }

    /// A `.strings` comment holding "*/" before a combining mark does not end early.
    @Test func aStringsCommentCannotEndEarly() throws {
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.setUnit("k", locale: "en", path: .plain, value: "Save", state: "translated")
        catalog.setUnit("k", locale: "de", path: .plain, value: "Sichern", state: "translated")
        catalog.updateEntry("k") { $0.set("comment", .string("ends */\u{301} here\r\n"), order: StringCatalog.topLevelOrder) }
        let files = try CatalogExporter(catalog: catalog).export(.strings)
        let strings = try #require(files.first { $0.path.hasSuffix(".strings") })
        let pairs = try StringsReader.parseStrings(Array(strings.contents.utf8), path: "de.strings")
        #expect(pairs.map(\.1) == ["Sichern"])
    }

    /// Scalar-wise replacement: a target before a combining mark or inside CR LF is found.
    @Test func replacingAllWorksByCodePoint() {
        #expect("a*/\u{301}".replacingAll("*/", "* /") == "a* /\u{301}")
        #expect(Self.same("x\r\ny".replacingAll("\n", "\\n"), "x\r\\ny"))
        #expect("a--\u{301}-".replacingAll("--", "- -").unicodeScalars.elementsEqual("a- -\u{301}-".unicodeScalars))
    }
}
