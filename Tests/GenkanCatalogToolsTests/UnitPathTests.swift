import Testing
@testable import GenkanCatalogTools

@Suite struct UnitPathTests {
    @Test(arguments: [
        ("", []), ("plural.one", ["plural", "one"]), ("device.iphone.plural.other", ["device", "iphone", "plural", "other"]),
        ("substitutions.files.plural.few", ["substitutions", "files", "plural", "few"]),
        ("substitutions.total.strings.plural.one", ["substitutions", "total.strings", "plural", "one"]),
        ("substitutions.a.b.c.device.mac", ["substitutions", "a.b.c", "device", "mac"]),
        ("substitutions.x.y", ["substitutions", "x.y"]), ("stringSet.12", ["stringSet", "12"]),
    ] as [(String, [String])])
    func dottedFormsParse(_ dotted: String, _ components: [String]) {
        let path = UnitPath(dotted: dotted)
        #expect(path?.components == components)
        #expect(path?.description == dotted)
    }

    @Test(arguments: ["plural", "plural..one", ".plural.one", "stringSet.x", "stringSet.01", "stringSet.1.plural.one", "substitutions"])
    func malformedFormsAreRefused(_ dotted: String) {
        #expect(UnitPath(dotted: dotted) == nil)
    }

    @Test func phrasesSortByNumber() {
        let paths = [10, 2, 0].map { UnitPath.plain.appendingPhrase($0) }
        #expect(paths.sorted().map(\.phraseIndex) == [0, 2, 10])
        #expect(UnitPath(["stringSet", "3"]).jsonPath == ["stringSet"])
        #expect(UnitPath(["substitutions", "n", "plural", "one"]).jsonPath == ["substitutions", "n", "variations", "plural", "one", "stringUnit"])
    }
}
