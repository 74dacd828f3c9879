import Foundation
import Testing
@testable import GenkanCatalogTools

/// Inputs the fuzz targets (Fuzz/, `make fuzz`) found, each kept as a test of the behaviour that
/// was wrong.
@Suite(.serialized) struct FuzzRegressionTests {
    /// Exports `catalog` in `format` for `locale`, imports the export, and returns the catalog.
    static func roundTrip(_ catalog: StringCatalog, _ format: ExchangeFormat, locale: String) throws -> (StringCatalog, ImportReport) {
        let folder = try ExchangeTests.exportToDisk(format, catalog: catalog)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = ExchangeTests.translatedFiles(format, in: folder, locales: [locale])[0]
        let importer = CatalogImporter()
        var merged = catalog
        let report = importer.merge(try importer.read(url), into: &merged, manifest: importer.manifestSources(near: url))
        return (merged, report)
    }

    /// fuzz-po: the PO reader worked on `Character`s, so a quote followed by a combining mark
    /// (`"` + U+0731 is one grapheme) or preceded by a prepended concatenation mark (U+0600 + `"`)
    /// was not a quote, and the exporter's own file did not read back ("expected a quoted string").
    @Test(arguments: ["\u{731}\u{FFFD}", "\u{200C}نام", "x\u{600}", "\u{301}", "a\"\u{301}b", "\\\u{301}"])
    func poReadsStringsThatStartOrEndWithACombiningCharacter(_ text: String) throws {
        var catalog = try Fixture.catalog("Exchange.xcstrings")
        catalog.setUnit("title.sign-in", locale: "ja", path: .plain, value: text, state: "translated")
        let (merged, report) = try Self.roundTrip(catalog, .po, locale: "ja")
        #expect(report.changes.isEmpty, "\(report.changes)")
        #expect(merged.text == catalog.text)
        let quoted = POFormat.quote(text)
        #expect(try POReader.unquote(quoted, path: "x.po", line: 1).unicodeScalars.elementsEqual(text.unicodeScalars))
    }

    /// fuzz-po: a PO file with CRLF line ends (as a Windows editor saves it) read as one line,
    /// since "\r\n" is one `Character`; gettext's tools read such files.
    @Test func poReadsCRLFLineEnds() throws {
        let catalog = try Fixture.catalog("Exchange.xcstrings")
        let folder = try ExchangeTests.exportToDisk(.po, catalog: catalog)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "ja.po")
        let lf = try CatalogImporter().read(url)
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
        try Data(text.utf8).write(to: url)
        let crlf = try CatalogImporter().read(url)
        #expect(crlf.units == lf.units)
        #expect(!lf.units.isEmpty)
    }

    /// fuzz-xliff, fuzz-android: Foundation's XMLParser traps (SIGILL in
    /// `_NSXMLParserStartElementNs`) when libxml2 hands it an element name that is not UTF-8, so
    /// `genkan catalog import` of such a file crashed instead of saying it is malformed.
    @Test(arguments: [
        [0x3C, 0xFF, 0x08, 0xFF, 0x08, 0x34],
        [0xFF, 0x3C, 0xFF, 0x26, 0xFF, 0xDB, 0x5B],
        Array("<?xml version=\"1.0\"?>\n<xliff><file \u{FF}=\"1\"/></xliff>".utf8) + [0xFF],
        Array("<resources><string name=\"a\">".utf8) + [0xC3, 0x28] + Array("</string></resources>".utf8),
    ] as [[UInt8]])
    func xmlThatIsNotUTF8IsRefused(_ bytes: [UInt8]) throws {
        #expect(throws: CatalogError.self) { try XLIFFReader.read(bytes, path: "fuzz.xliff") }
        #expect(throws: CatalogError.self) { try XMLNode.parse(bytes, path: "strings.xml") }
    }

    /// fuzz-xliff: a phrase numbered past the end of a set with a gap before it
    /// (`stringSet.5` for a set of 3) is added at the end; importing the same file again added it
    /// once more each time, so an import was not idempotent.
    @Test(arguments: [ExchangeFormat.xliff, .json])
    func aPhrasePastTheEndIsAddedOnce(_ format: ExchangeFormat) throws {
        let key = "Get a recipe in ${applicationName}"
        let id = ExchangeUnit.id(key: key, path: UnitPath.plain.appendingPhrase(5))
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url: URL
        switch format {
        case .xliff:
            url = folder.appending(path: "de.xliff")
            try Data("""
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff version="1.2"><file original="AppShortcuts.xcstrings" source-language="en" target-language="de"><body>
                <trans-unit id="\(id)"><source>x</source><target state="translated">Zeig ein Rezept in ${applicationName}</target></trans-unit>
                </body></file></xliff>
                """.utf8).write(to: url)
        default:
            url = folder.appending(path: "de.json")
            try Data(#"{"\#(id)" : "Zeig ein Rezept in ${applicationName}"}"#.utf8).write(to: url)
        }
        let importer = CatalogImporter()
        var catalog = try Fixture.catalog("AppShortcuts.xcstrings")
        _ = importer.merge(try importer.read(url), into: &catalog)
        #expect(catalog.phraseSet(key, locale: "de", at: .plain)?.values.count == 4)
        let once = catalog.text
        let again = importer.merge(try importer.read(url), into: &catalog)
        #expect(again.changes.isEmpty, "\(again.changes)")
        #expect(catalog.text == once)
        #expect(catalog.phraseSet(key, locale: "de", at: .plain)?.values.count == 4)
    }

    /// fuzz-strings: a key with a plural of the whole string and a substitution (here named
    /// "value", the name the .stringsdict gives the whole string's plural) was written with both in
    /// one variable, keys repeated, and read back with one in the place of the other. A
    /// .stringsdict cannot hold the two together: the export now says so, as for other
    /// variations it cannot hold.
    @Test(arguments: ["value", "files"])
    func stringsdictRefusesAPluralBesideASubstitution(_ name: String) throws {
        var catalog = try Fixture.catalog("Exchange.xcstrings")
        catalog.setUnit("%lld days left", locale: "ja", path: UnitPath(["substitutions", name, "plural", "other"]),
                        value: "%arg個のファイル", state: "translated")
        do {
            let (merged, report) = try Self.roundTrip(catalog, .strings, locale: "ja")
            Issue.record("the export wrote it; the import changed \(report.changes)")
            #expect(merged.text == catalog.text)
        } catch let error as CatalogError {
            #expect(error.message.contains("%lld days left"), "\(error)")
        }
        // The other formats carry it.
        for format in [ExchangeFormat.xliff, .po, .json] {
            let (merged, report) = try Self.roundTrip(catalog, format, locale: "ja")
            #expect(report.changes.isEmpty && merged.text == catalog.text, "\(format): \(report.changes)")
        }
    }

    /// fuzz-xliff: a file giving a set of two a phrase it already has past the end
    /// (`stringSet.2`), then new phrases (`stringSet.5`, `.6`), added the new ones at 2 and 3;
    /// imported again, its `stringSet.2` replaced the phrase added at 2, which was then added
    /// again at the end. A file whose phrases the set all has now changes none.
    @Test func phrasesPastTheEndMergeOnceWhenTheSetHadOneOfThem() throws {
        let key = "Start a timer in ${applicationName}"
        let phrases = [(2, "Starte einen Timer in ${applicationName}"), (5, "Stell einen Timer in ${applicationName}"),
                       (6, "Timer in ${applicationName} starten")]
        let units = phrases.map { index, text in
            """
            <trans-unit id="\(ExchangeUnit.id(key: key, path: UnitPath.plain.appendingPhrase(index)))"><source>\(key)</source>\
            <target state="translated">\(text)</target></trans-unit>
            """
        }
        let folder = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "de.xliff")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2"><file original="AppShortcuts.xcstrings" source-language="en" target-language="de"><body>
            \(units.joined(separator: "\n"))
            </body></file></xliff>
            """.utf8).write(to: url)
        let importer = CatalogImporter()
        var catalog = try Fixture.catalog("AppShortcuts.xcstrings")
        #expect(catalog.phraseSet(key, locale: "de", at: .plain)?.values == ["Starte einen Timer in ${applicationName}", "Timer in ${applicationName}"])
        _ = importer.merge(try importer.read(url), into: &catalog)
        #expect(catalog.phraseSet(key, locale: "de", at: .plain)?.values == ["Starte einen Timer in ${applicationName}", "Timer in ${applicationName}",
                                                                            "Stell einen Timer in ${applicationName}", "Timer in ${applicationName} starten"])
        let once = catalog.text
        let again = importer.merge(try importer.read(url), into: &catalog)
        #expect(again.changes.isEmpty, "\(again.changes)")
        #expect(catalog.text == once)
    }

    /// fuzz-xcstrings: the Android export wrote a plural category as it found it into the
    /// `quantity` attribute, so a category "z&ro" (a catalog edited by hand) made a strings.xml
    /// that no XML parser reads, its own importer included. Android has no such quantity: it is
    /// named in a comment, as device variations are. Such a comment still held `--` for an id
    /// with `---` in it, which XML forbids in a comment.
    @Test(arguments: [
        ("%lld days left", UnitPath(["plural", "z&ro"]), "%lld days left|==|plural.z&amp;ro"),
        ("title.sign-in", UnitPath(["device", "a---b"]), "title.sign-in|==|device.a- - -b"),
    ])
    func androidNamesWhatItCannotHoldInAWellFormedComment(_ key: String, _ path: UnitPath, _ named: String) throws {
        var catalog = try Fixture.catalog("Exchange.xcstrings")
        catalog.setUnit(key, locale: "ja", path: path, value: "x", state: "translated")
        let (merged, report) = try Self.roundTrip(catalog, .android, locale: "ja")
        #expect(report.changes.isEmpty, "\(report.changes)")
        #expect(merged.text == catalog.text)
        let file = try #require(try CatalogExporter(catalog: catalog).export(.android, locales: ["ja"]).first)
        #expect(file.contents.contains("<!-- not exported (no Android form): \(named) -->"), "\(file.contents)")
    }

    /// fuzz-strings: a translation with its own format string naming one substitution called
    /// "value" ("残り%#@value@") was written to the .stringsdict with the format "%#@value@", which
    /// the reader takes for a plural of the whole string: the format string was lost, and an
    /// unchanged export imported back made the substitution's forms the whole string's plural.
    /// The format string is written; the one it cannot be told apart from is refused.
    @Test func stringsdictKeepsTheFormatOfASubstitutionNamedValue() throws {
        var catalog = try Fixture.catalog("Exchange.xcstrings")
        catalog.setUnit("%lld days left", locale: "ja", path: .plain, value: "残り%#@value@", state: "translated")
        catalog.setUnit("%lld days left", locale: "ja", path: UnitPath(["substitutions", "value", "plural", "other"]),
                        value: "%lld日", state: "translated")
        let (merged, report) = try Self.roundTrip(catalog, .strings, locale: "ja")
        #expect(report.changes.isEmpty, "\(report.changes)")
        #expect(merged.text == catalog.text)

        catalog.setUnit("%lld days left", locale: "ja", path: .plain, value: "%#@value@", state: "translated")
        #expect {
            _ = try CatalogExporter(catalog: catalog).export(.strings, locales: ["ja"])
        } throws: { error in
            (error as? CatalogError)?.message.contains("%lld days left: a .stringsdict cannot tell") == true
        }
    }

    /// fuzz-xcstrings: a substitution whose variation is of another kind than plural or device
    /// (`plural#@value@`, a catalog edited by hand) was exported with the id
    /// `Found %#@files@|==|substitutions.files.plural#@value@.other`, which reads back as the plain
    /// string of a substitution named `files.plural#@value@.other`: importing the unchanged PO,
    /// XLIFF or JSON export added that string. An id that does not read back as what it names
    /// stops those exports with the id; .strings and Android, which have no form for such a
    /// variation, refuse it or name it in a comment as before.
    @Test(arguments: ExchangeFormat.allCases)
    func anIdThatDoesNotReadBackStopsTheExport(_ format: ExchangeFormat) throws {
        let catalog = try StringCatalog(text: """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Found %#@files@" : {
                  "localizations" : {
                    "ja" : {
                      "stringUnit" : { "state" : "translated", "value" : "%#@files@" },
                      "substitutions" : {
                        "files" : {
                          "argNum" : 1,
                          "formatSpecifier" : "lld",
                          "variations" : {
                            "plural#@value@" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg個" } } }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        let id = "Found %#@files@|==|substitutions.files.plural#@value@.other"
        do {
            let (merged, report) = try Self.roundTrip(catalog, format, locale: "ja")
            #expect(format == .android, "the \(format) export did not stop")
            #expect(report.changes.isEmpty, "\(report.changes)")
            #expect(merged.text == catalog.text)
        } catch let error as CatalogError {
            #expect(format != .android, "\(error)")
            #expect(error.message.contains(id), "\(error)")
        }
    }

    /// Likewise a key that itself contains `|==|` and the name of a path: its id reads back as
    /// another key, so the export stops rather than hand translators a string no import takes.
    @Test(arguments: [ExchangeFormat.xliff, .po, .json, .strings])
    func aKeyThatReadsAsAnIdStopsTheExport(_ format: ExchangeFormat) throws {
        var catalog = try Fixture.catalog("Exchange.xcstrings")
        catalog.setUnit("Genkan|==|stringSet.0", locale: "ja", path: .plain, value: "x", state: "translated")
        #expect {
            _ = try CatalogExporter(catalog: catalog).export(format, locales: ["ja"])
        } throws: { error in
            (error as? CatalogError)?.message.contains("'Genkan|==|stringSet.0'") == true
        }
    }
}

/// Found by fuzz-android: a processing instruction with a target and no content made Foundation's
/// XMLParser pass a null pointer to strlen, and `genkan catalog import` died. It is refused with
/// its line, in both XML formats.
@Test func anEmptyProcessingInstructionIsRefusedNotFatal() throws {
    let document = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n<?di?>\n<string name=\"a\">b</string></resources>"
    #expect(XMLNode.emptyProcessingInstruction(Array(document.utf8)) == 3)
    #expect(XMLNode.emptyProcessingInstruction(Array("<?xml version=\"1.0\"?><a><?pi data?></a>".utf8)) == nil)
    do {
        _ = try XMLNode.parse(Array(document.utf8), path: "strings.xml")
        Issue.record("parsed")
    } catch {
        #expect(error.description.contains("strings.xml: line 3: a processing instruction without content"), "\(error)")
    }
}
