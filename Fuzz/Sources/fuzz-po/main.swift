// The PO reader (`genkan catalog import x.po`) on any bytes. Invariants: a string quoted as the
// exporter quotes it unquotes to itself; a file that reads, merged into a fixture catalog, gives a
// catalog that writes and reads as itself, merges a second time without change, and exports to PO
// and imports back without change.
// The input is also read as the recipe of a small catalog with CR LF, CR and LF in its keys,
// values and comments (`CatalogFuzz.checkLineBreaks`): exported to PO and imported back it
// changes nothing, imported into the catalog without translations every string arrives code point
// for code point, and the comments reach the file.
import CatalogFuzzSupport
import FuzzSupport
@testable import GenkanCatalogTools

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FormatFuzzInput(data, size)
    let (bytes, text) = input.file(checkingLineBreaksIn: .po)
    do {
        let unquoted = try POReader.unquote(POFormat.quote(text), path: "fuzz.po", line: 1)
        Fuzz.check(sameScalars(unquoted, text), "\(shown(text)) quoted unquotes to \(shown(unquoted))")
    } catch {
        Fuzz.fail("\(shown(text)) quoted does not unquote: \(error)")
    }

    guard let file = try? POReader.read(bytes, path: "fuzz.po", fallbackLocale: input.locale) else { return 0 }
    CatalogFuzz.checkImport(file, format: .po, base: input.base)
    return 0
}

Fuzz.run(fuzzOneInput)
