// String Catalogs (`.xcstrings`) on any bytes, through both readers: GenkanCatalogTools'
// `StringCatalog` (GenkanJSON's reader, for lint, stats, export and import) and GenkanLocalization's
// `MessageCatalog` (Foundation's JSONDecoder, for formatting at run time); also the flat JSON
// exchange format (`genkan catalog import ja.json`). Invariants (the JSON round trip itself is
// fuzz-json's): lint, stats and formatting every message
// in every locale work on whatever reads; exporting any locale in any format and importing it back
// changes nothing.
// The input is also read as the recipe of a small catalog with CR LF, CR and LF in its keys,
// values and comments (`CatalogFuzz.checkLineBreaks`): exported to the chosen format and imported back it
// changes nothing, imported into the catalog without translations every string arrives code point
// for code point, and the comments reach the file.
import CatalogFuzzSupport
import Foundation
import FuzzSupport
@testable import GenkanCatalogTools
import GenkanLocalization
import GenkanValidation

let linter = CatalogLinter()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let format = ExchangeFormat.allCases[input.choice(ExchangeFormat.allCases.count)]
    let base = input.choice(CatalogFuzz.bases.count)
    let bytes = input.rest

    // The input is also the recipe of a catalog with CR LF, CR and LF in its keys, values and
    // comments, which must survive the chosen format exactly (a CR LF once broke a PO file).
    CatalogFuzz.checkLineBreaks(bytes, format: format)

    if let file = try? JSONFlatReader.read(bytes, path: "fuzz.json", locale: CatalogFuzz.locales[base % CatalogFuzz.locales.count]) {
        CatalogFuzz.checkImport(file, format: .json, base: base)
    }

    if let messages = try? MessageCatalog(data: Data(bytes)) {
        let arguments: [IssueParameter] = [.integer(3), .text("x"), .integer(-1), .integer(0)]
        for key in messages.keys.prefix(64) {
            for locale in messages.locales.prefix(8) {
                _ = messages.string(key, locale: locale, arguments: arguments)
                _ = messages.string(key, locale: locale, arguments: [], escaping: .html)
            }
        }
    }

    guard let catalog = try? StringCatalog(bytes: bytes) else { return 0 }
    CatalogFuzz.checkTextRoundTrip(catalog, "the catalog")
    _ = linter.lint(catalog)
    let stats = CatalogStats(catalog)
    _ = stats.html(title: "fuzz")
    for locale in catalog.targetLocales.prefix(4) {
        _ = catalog.exchangeUnits(locale: locale)
        CatalogFuzz.checkLosslessExport(catalog, format: format, locale: locale, "a catalog read from the input")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
