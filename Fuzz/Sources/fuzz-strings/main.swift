// The `.strings` and `.stringsdict` readers (`genkan catalog import ja.lproj`) on any bytes,
// written into a `.lproj` folder and read from there as an import reads them. Invariants: pairs
// quoted as the exporter quotes them parse back to themselves; a folder that reads, merged into a
// fixture catalog, gives a catalog that writes and reads as itself, merges a second time without
// change, and exports to `.strings` and imports back without change.
// The input is also read as the recipe of a small catalog with CR LF, CR and LF in its keys,
// values and comments (`CatalogFuzz.checkLineBreaks`): exported to `.strings` and imported back it
// changes nothing, imported into the catalog without translations every string arrives code point
// for code point, and the comments reach the file.
import CatalogFuzzSupport
import FuzzSupport
@testable import GenkanCatalogTools

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FormatFuzzInput(data, size)
    let isDictionary = input.choice(4) == 0
    let bytes = input.file(checkingLineBreaksIn: .strings).bytes

    let parts = input.parts(8)
    var pairs: [(String, String)] = []
    for index in stride(from: 0, to: parts.count - 1, by: 2) { pairs.append((parts[index], parts[index + 1])) }
    let written = pairs.map { "\(StringsFormat.quote($0.0)) = \(StringsFormat.quote($0.1));\n" }.joined()
    do {
        let read = try StringsReader.parseStrings(Array(written.utf8), path: "fuzz.strings")
        Fuzz.check(read.count == pairs.count && zip(read, pairs).allSatisfy { sameScalars($0.0, $1.0) && sameScalars($0.1, $1.1) },
                   "\(pairs.map { "\(shown($0.0)) = \(shown($0.1))" }) written reads \(read.map { "\(shown($0.0)) = \(shown($0.1))" })")
    } catch {
        Fuzz.fail("\(pairs.map { "\(shown($0.0)) = \(shown($0.1))" }) written does not read: \(error)")
    }

    CatalogFuzz.checkFolderImport(
        bytes, folder: "\(input.locale).lproj", file: isDictionary ? "Localizable.stringsdict" : "Localizable.strings",
        format: .strings, base: input.base)
    return 0
}

Fuzz.run(fuzzOneInput)
