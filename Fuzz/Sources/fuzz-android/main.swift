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
import FuzzSupport
@testable import GenkanCatalogTools

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FormatFuzzInput(data, size)
    let (bytes, text) = input.file(checkingLineBreaksIn: .android)
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

    CatalogFuzz.checkFolderImport(
        bytes, folder: AndroidFormat.folder(input.locale), file: "strings.xml", format: .android, base: input.base)
    return 0
}

Fuzz.run(fuzzOneInput)
