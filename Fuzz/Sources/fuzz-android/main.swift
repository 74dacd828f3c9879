// The Android `strings.xml` reader (`genkan catalog import values-ja`) on any bytes, written into
// a `values-…` folder and read from there as an import reads it. Invariants: text escaped as the
// exporter escapes it (Android's backslash escapes, then XML) reads back to itself; a file that
// reads, merged into a fixture catalog, gives a catalog that writes and reads as itself, merges a
// second time without change, and exports to Android XML and imports back without change.
// The input is also read as the recipe of a small catalog with CR LF, CR and LF in its keys,
// values and comments (`CatalogFuzz.checkLineBreaks`): exported to Android XML and imported back it
// changes nothing, imported into the catalog without translations every string arrives code point
// for code point, and the comments reach the file.
import CatalogFuzzSupport
import Foundation
import FuzzSupport
@testable import GenkanCatalogTools

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let base = input.choice(CatalogFuzz.bases.count)
    let locale = CatalogFuzz.locales[input.choice(CatalogFuzz.locales.count)]
    let bytes = input.rest

    // The input is also the recipe of a catalog with CR LF, CR and LF in its keys, values and
    // comments, which must survive Android XML exactly (a CR LF once broke a PO file).
    CatalogFuzz.checkLineBreaks(bytes, format: .android)

    let text = String(decoding: bytes, as: UTF8.self)
    if let escaped = try? AndroidFormat.escape(text) {
        let document = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources><string name=\"a\">\(escaped)</string></resources>"
        do {
            let root = try XMLNode.parse(Array(document.utf8), path: "strings.xml")
            let read = root.children.first.map { AndroidFormat.unescape($0.text) }
            Fuzz.check(sameScalars(read, text), "\(shown(text)) escaped reads \(shown(read))")
        } catch {
            Fuzz.fail("\(shown(text)) escaped does not parse: \(error)")
        }
    }

    let folder = CatalogFuzz.freshFolder().appending(path: AndroidFormat.folder(locale))
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try! Data(bytes).write(to: folder.appending(path: "strings.xml"))
    guard let file = try? CatalogImporter().read(folder) else { return 0 }
    CatalogFuzz.checkImport(file, format: .android, base: base)
    return 0
}

Fuzz.run(fuzzOneInput)
