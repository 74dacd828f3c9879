// The XLIFF reader (`genkan catalog import x.xliff`) on any bytes, and the XML escaping every
// XML format writes. Invariants: text escaped as character data or as an attribute value parses
// back (Foundation's XMLParser) to itself, or the escaping refuses it; a file that reads, merged
// into a fixture catalog, gives a catalog that writes and reads as itself, merges a second time
// without change, and exports to XLIFF and imports back without change.
// The input is also read as the recipe of a small catalog with CR LF, CR and LF in its keys,
// values and comments (`CatalogFuzz.checkLineBreaks`): exported to XLIFF and imported back it
// changes nothing, imported into the catalog without translations every string arrives code point
// for code point, and the comments reach the file.
import CatalogFuzzSupport
import FuzzSupport
@testable import GenkanCatalogTools

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let base = input.choice(CatalogFuzz.bases.count)
    let bytes = input.rest

    // The input is also the recipe of a catalog with CR LF, CR and LF in its keys, values and
    // comments, which must survive XLIFF exactly (a CR LF once broke a PO file).
    CatalogFuzz.checkLineBreaks(bytes, format: .xliff)

    let text = String(decoding: bytes, as: UTF8.self)
    if let content = try? XMLText.escape(text), let attribute = try? XMLText.escape(text, attribute: true) {
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a b=\"\(attribute)\">\(content)</a>"
        do {
            let root = try XMLNode.parse(Array(document.utf8), path: "escape.xml")
            Fuzz.check(sameScalars(root.text, text), "\(shown(text)) escaped as character data reads \(shown(root.text))")
            Fuzz.check(sameScalars(root.attributes["b"], text), "\(shown(text)) escaped as an attribute reads \(shown(root.attributes["b"]))")
        } catch {
            Fuzz.fail("\(shown(text)) escaped does not parse: \(error)")
        }
    }

    guard let file = try? XLIFFReader.read(bytes, path: "fuzz.xliff") else { return 0 }
    CatalogFuzz.checkImport(file, format: .xliff, base: base)
    return 0
}

Fuzz.run(fuzzOneInput)
