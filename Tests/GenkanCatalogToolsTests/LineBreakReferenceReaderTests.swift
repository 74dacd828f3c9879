import Foundation
import GenkanTestSupport
import Testing
@testable import GenkanCatalogTools

/// The exports read by tools written independently of Genkan: translate-toolkit (PyPI) for PO,
/// XLIFF and Android, Python's plistlib for the .stringsdict. Each gives back every German
/// string code point for code point, so the files mean what Genkan's own readers take them to.
@Suite(.serialized) struct LineBreakReferenceReaderTests {
    @Test func pythonToolsReadEveryLineBreak() throws {
        let python = try #require(venvPython, "needs .venv with translate-toolkit: run scripts/install-deps.sh test (make test does)")
        let catalog = LineBreakRoundTripTests.catalog()
        var folders: [ExchangeFormat: URL] = [:]
        defer { for folder in folders.values { try? FileManager.default.removeItem(at: folder) } }
        for format in [ExchangeFormat.po, .xliff, .android, .strings] {
            folders[format] = try ExchangeTests.exportToDisk(format, catalog: catalog)
        }
        let script = """
        import sys, json, plistlib
        from translate.storage import factory, aresource
        from translate.misc.multistring import multistring
        def text(target):
            return [str(s) for s in target.strings] if isinstance(target, multistring) and len(target.strings) > 1 else str(target)
        out = {"po": {}, "po_notes": {}, "xliff": {}, "xliff_notes": {}, "android": {}}
        for u in factory.getobject(sys.argv[1]).units:
            if u.isheader(): continue
            out["po"][u.getcontext()] = text(u.target)
            out["po_notes"][u.getcontext()] = u.getnotes("developer")
        for u in factory.getobject(sys.argv[2]).units:
            uid = u.getid().split("\\x04", 1)[-1]
            out["xliff"][uid] = u.target
            out["xliff_notes"][uid] = u.getnotes()
        for u in aresource.AndroidResourceFile.parsefile(sys.argv[3]).units:
            out["android"][u.getid()] = text(u.target)
        with open(sys.argv[4], "rb") as f:
            out["stringsdict"] = plistlib.load(f)
        print(json.dumps(out))
        """
        let run = try ToolRun.run(URL(fileURLWithPath: python), ["-c", script, folders[.po]!.appending(path: "de.po").path,
                                       folders[.xliff]!.appending(path: "de.xliff").path,
                                       folders[.android]!.appending(path: "values-de/strings.xml").path,
                                       folders[.strings]!.appending(path: "de.lproj/Localizable.stringsdict").path])
        try #require(run.status == 0, "\(run.output)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let po = try #require(read["po"] as? [String: Any]), poNotes = try #require(read["po_notes"] as? [String: String])
        let xliff = try #require(read["xliff"] as? [String: String]), notes = try #require(read["xliff_notes"] as? [String: String])
        let android = try #require(read["android"] as? [String: Any]), plist = try #require(read["stringsdict"] as? [String: Any])
        func same(_ a: Any?, _ b: String) -> Bool { LineBreakRoundTripTests.same(a as? String, b) }

        var checked = 0
        for entry in catalog.entries {
            let units = entry.units("de")
            let plain = units.filter(\.path.isPlain)
            let plural = units.filter { $0.path.pluralParent == .plain }
            let hasSubstitutions = units.contains { $0.path.substitution != nil }
            for unit in units {
                #expect(same(xliff[ExchangeUnit.id(key: entry.key, path: unit.path)], unit.value), "XLIFF \(entry.key.debugDescription) \(unit.path)")
                checked += 1
            }
            if let comment = entry.comment, let unit = units.first {
                #expect(same(notes[ExchangeUnit.id(key: entry.key, path: unit.path)], comment), "XLIFF note of \(entry.key.debugDescription)")
                // translate-toolkit joins a unit's `#.` lines with LF.
                #expect(same(poNotes[entry.key], LineBreakRoundTripTests.lines(comment).joined(separator: "\n")), "PO note of \(entry.key.debugDescription)")
            }
            if !plural.isEmpty {
                let forms = ["one", "other"].map { category in plural.first { $0.path.pluralCategory == category }!.value }
                let poForms = po[entry.key] as? [String], androidForms = android[AndroidFormat.resourceName(entry.key)] as? [String]
                #expect(poForms.map { zip($0, forms).allSatisfy(LineBreakRoundTripTests.same) && $0.count == 2 } == true, "PO \(entry.key.debugDescription)")
                #expect(androidForms.map { zip($0, forms).allSatisfy(LineBreakRoundTripTests.same) && $0.count == 2 } == true, "Android \(entry.key.debugDescription)")
                let dictionary = plist[entry.key] as? [String: Any], variable = dictionary?["value"] as? [String: Any]
                #expect(same(variable?["one"], forms[0]) && same(variable?["other"], forms[1]), ".stringsdict \(entry.key.debugDescription)")
            } else if hasSubstitutions {
                let dictionary = plist[entry.key] as? [String: Any], variable = dictionary?["items"] as? [String: Any]
                #expect(same(dictionary?["NSStringLocalizedFormatKey"], plain[0].value), ".stringsdict format of \(entry.key.debugDescription)")
                for unit in units where unit.path.substitution != nil {
                    #expect(same(variable?[unit.path.pluralCategory!], unit.value), ".stringsdict \(entry.key.debugDescription) \(unit.path)")
                }
            } else if let unit = plain.first {
                #expect(same(po[entry.key], unit.value), "PO \(entry.key.debugDescription)")
                #expect(same(android[AndroidFormat.resourceName(entry.key)], unit.value), "Android \(entry.key.debugDescription)")
            }
        }
        #expect(checked == 11)
    }
}
