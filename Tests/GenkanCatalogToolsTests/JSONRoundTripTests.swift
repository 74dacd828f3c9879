import GenkanJSON
import Foundation
import Testing
@testable import GenkanCatalogTools
import GenkanUnicode

@Suite struct JSONRoundTripTests {
    /// The fixture is hand-written in the layout Xcode writes (2-space indentation, `" : "`,
    /// `{ blank line }` for empty objects, no final newline, unescaped `/` and non-ASCII).
    @Test func xcodeWrittenCatalogComesBackByteForByte() throws {
        let bytes = try Fixture.bytes("XcodeLayout.xcstrings")
        let catalog = try StringCatalog(bytes: bytes)
        #expect(Array(catalog.text.utf8) == bytes)
    }

    /// The fixtures of real apps' catalogs are what Xcode writes: reading and writing them changes no byte, and
    /// their keys are in Xcode's order.
    @Test(arguments: issueFixtures)
    func issueFixturesAreInXcodeLayout(_ name: String) throws {
        let bytes = try Fixture.bytes(name)
        let catalog = try StringCatalog(bytes: bytes)
        #expect(Array(catalog.text.utf8) == bytes)
        #expect(catalog.keys.sorted(by: CatalogKeyCollation.precedes) == catalog.keys)
    }

    @Test func unknownFieldsSurvive() throws {
        let text = #"{"sourceLanguage":"en","strings":{"a":{"futureField":[1,2.50,{"x":null}],"localizations":{}}},"version":"1.1","zzz":true}"#
        let catalog = try StringCatalog(text: text)
        let again = try StringCatalog(text: catalog.text)
        #expect(again.root == catalog.root)
        #expect(catalog.text.contains("\"futureField\" : [\n        1,\n        2.50,"))
        #expect(catalog.text.contains("\"zzz\" : true"))
    }

    @Test func escapesAsFoundationDoes() {
        var bytes: [UInt8] = []
        JSONWriter.xcode.writeString("a/b \"q\" \\ \n\t\u{1}é😀", to: &bytes)
        let out = String(decoding: bytes, as: UTF8.self)
        #expect(out == #""a/b \"q\" \\ \n\t\u0001é😀""#)
    }

    @Test(arguments: [
        "", "{", #"{"a":1,}"#, #"{"a":1 "b":2}"#, #"{"a":1,"a":2}"#, "[1,2", #""\ud800""#, "01", "1.", "{\"a\":\"\u{1}\"}",
        "/* c */ {}", "nul", #"{"sourceLanguage":"en"}"#,
    ])
    func malformedInputIsRefused(_ text: String) {
        #expect(throws: CatalogError.self) { _ = try StringCatalog(text: text) }
    }

    @Test func depthIsLimited() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: CatalogError.self) { _ = try CatalogJSON.parse(Array(deep.utf8), maximumDepth: 64) }
    }

    /// Key order observed in a catalog Xcode wrote (a public app's Localizable.xcstrings): symbols
    /// before digits before letters, case-insensitive, `©` before `$`.
    @Test func keyOrderMatchesXcode() {
        let observed = [
            "", "%@", "© Cizzuk", "${toggle} Emoji Search", "${toggle} Emoji Search ${state}", "${toggle} Quick Search",
            "360 Search", "Add New Search Engine", "Add POST Data", "Baidu", "baidu.com", "Before you can start", "Bing",
            "bing.com", "Change App Icon", "Contact", "cse", "CSE Settings", "CSE will ignore all Focus Filters.",
            "Disable Checker", "Disable CSE", "google.cn", "google.com", "If you change", "If you enter", "Ignore Focus Filter",
            "Key", "Keyword", "Keyword cannot be blank", "More people", "MPL 2.0", "Name",
        ]
        #expect(observed.shuffled().sorted(by: CatalogKeyCollation.precedes) == observed)
        #expect(["Key10", "Key2", "Key1"].sorted(by: CatalogKeyCollation.precedes) == ["Key1", "Key2", "Key10"])
    }

    @Test func newKeysGoWhereXcodePutsThem() throws {
        var catalog = try Fixture.catalog("XcodeLayout.xcstrings")
        catalog.setUnit("Key3", locale: "ja", path: .plain, value: "キー", state: "translated")
        let keys = catalog.keys
        #expect(keys.firstIndex(of: "Key3")! == keys.firstIndex(of: "Key2")! + 1)
        catalog.setUnit("Bing", locale: "de", path: .plain, value: "Bing", state: "translated")
        #expect(catalog.entry("Bing")!.localizationLocales == ["de", "ja"])
    }
}

/// Genkan's own catalog is in Xcode's layout: reading and writing it changes no byte.
@Test func genkanCatalogComesBackByteForByte() throws {
    let bytes = Array(try Data(contentsOf: Fixture.repository.appending(path: "Resources/Localizable.xcstrings")))
    #expect(Array(try StringCatalog(bytes: bytes).text.utf8) == bytes)
}
