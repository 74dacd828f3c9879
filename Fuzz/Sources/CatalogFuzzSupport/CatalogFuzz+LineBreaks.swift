import Foundation
import FuzzSupport
@testable import GenkanCatalogTools

/// Catalogs whose keys, values and comments hold CR LF, lone CR and lone LF, built
/// from the input, and the round trips every exchange format owes them.
///
/// The readers' own inputs rarely reach a catalog with line breaks in every field, and libFuzzer
/// would have to find an escaped CR in JSON to make one: the exchange targets therefore also read
/// their input as the recipe of such a catalog. Swift reads CR LF as one `Character`, which is how
/// the PO export once split a comment's CR LF into a line the import refused.
extension CatalogFuzz {
    static let lineBreaks = ["\r\n", "\r", "\n"]
    static let lineBreakLocales = ["de", "ja", "pl", "fr", "ru"]

    /// Reads `bytes` as the recipe of a catalog (its translations left out when `translated` is
    /// false): a target locale, then up to four keys, each plain, plural, with a substitution or
    /// with device variations, whose key, source, translation and comment are short texts from
    /// the input with CR LF, CR and LF put in where the input says.
    public static func lineBreakCatalog(_ bytes: [UInt8], translated: Bool) -> (catalog: StringCatalog, locale: String) {
        var input = FuzzInput(bytes)
        let locale = lineBreakLocales[input.choice(lineBreakLocales.count)]
        let categories = CLDRCategories.names(locale)
        var catalog = StringCatalog(sourceLanguage: "en")
        let count = 1 + input.choice(4)
        for index in 0..<count {
            let key = text(&input) + "\(index)"
            let shape = input.choice(4)
            let comment = input.flag() ? text(&input) : nil
            func set(_ locale: String, _ path: UnitPath, _ value: String) {
                catalog.setUnit(key, locale: locale, path: path, value: value, state: "translated")
            }
            switch shape {
            case 0:
                set("en", .plain, text(&input))
                let value = text(&input)
                if translated { set(locale, .plain, value) }
            case 1:
                set("en", UnitPath(["plural", "one"]), "%lld " + text(&input))
                set("en", UnitPath(["plural", "other"]), "%lld " + text(&input))
                for category in categories {
                    let value = text(&input) + " %lld"
                    if translated { set(locale, UnitPath(["plural", category]), value) }
                }
            case 2:
                for language in ["en", locale] {
                    let format = text(&input) + " %#@n@ " + text(&input)
                    let forms = categories.map { ($0, "%arg " + text(&input)) }
                    guard language == "en" || translated else { continue }
                    set(language, .plain, format)
                    for (category, value) in language == "en" ? [("one", forms[0].1), ("other", forms.last!.1)] : forms {
                        set(language, UnitPath(["substitutions", "n", "plural", category]), value)
                    }
                    catalog.updateEntry(key) { entry in
                        entry.update(["localizations", language, "substitutions", "n"], order: StringCatalog.topLevelOrder) { node in
                            node.set("argNum", .integer(1), order: StringCatalog.topLevelOrder)
                            node.set("formatSpecifier", .string("lld"), order: StringCatalog.topLevelOrder)
                        }
                    }
                }
            default:
                for device in ["iphone", "mac"] {
                    set("en", UnitPath(["device", device]), text(&input))
                    let value = text(&input)
                    if translated { set(locale, UnitPath(["device", device]), value) }
                }
            }
            if let comment {
                catalog.updateEntry(key) { $0.set("comment", .string(comment), order: StringCatalog.topLevelOrder) }
            }
        }
        return (catalog, locale)
    }

    /// A short text from the input with line breaks put in: up to 8 bytes as UTF-8, controls
    /// other than tab shown as `^` (no XML format can carry them, and they are not what this
    /// recipe is about), then up to three of CR LF, CR and LF at places the input picks.
    static func text(_ input: inout FuzzInput) -> String {
        var bytes: [UInt8] = []
        for _ in 0..<input.choice(9) { bytes.append(input.byte()) }
        var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.value < 0x20 && scalar != "\t" || scalar == "\u{FFFE}" || scalar == "\u{FFFF}" ? "^" : scalar
        }
        for _ in 0..<input.choice(4) {
            let lineBreak = lineBreaks[input.choice(lineBreaks.count)]
            scalars.insert(contentsOf: lineBreak.unicodeScalars, at: input.choice(scalars.count + 1))
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The round trips a catalog with line breaks owes `format`: exported and imported unchanged
    /// it changes nothing; imported into the same catalog without translations, every string the
    /// format carries arrives code point for code point; and the comment reaches the translator
    /// (XLIFF `<note>` and `.strings` comments exactly, PO as one `#.` line per line).
    public static func checkLineBreaks(_ bytes: [UInt8], format: ExchangeFormat) {
        let (catalog, locale) = lineBreakCatalog(bytes, translated: true)
        let (empty, _) = lineBreakCatalog(bytes, translated: false)
        checkTextRoundTrip(catalog, "a catalog with line breaks")
        checkLosslessExport(catalog, format: format, locale: locale, "a catalog with line breaks")
        // An export may refuse (two keys that become one Android name, an id that would not read back).
        guard let files = try? CatalogExporter(catalog: catalog).export(format, locales: [locale]) else { return }
        let folder = freshFolder()
        write(files, to: folder)
        let importer = CatalogImporter()
        let url = importURL(format, folder: folder, locale: locale)
        guard let file = try? importer.read(url) else {
            Fuzz.fail("the \(format) export of a catalog with line breaks does not read back\n\(files.map(\.contents).joined().prefix(3000))")
        }
        var filled = empty
        _ = importer.merge(file, into: &filled, manifest: importer.manifestSources(near: url))
        for unit in catalog.exchangeUnits(locale: locale) {
            guard let target = unit.target, !target.isEmpty else { continue }
            // Android has no form for device variations and substitutions (its export says so).
            if format == .android, unit.path.components.first == "device" || unit.path.substitution != nil { continue }
            let read = filled.entry(unit.key)?.unit(locale, unit.path)?.value
            Fuzz.check(sameScalars(read, target), "\(format): \(shown(unit.id)) was \(shown(target)), reads back as \(shown(read))\n\(files.map(\.contents).joined().prefix(3000))")
        }
        checkComments(catalog, exported: Set(catalog.exchangeUnits(locale: locale).map(\.key)), files: files, format: format)
    }

    /// The comment of each `exported` key in the exported files, as the format carries comments.
    static func checkComments(_ catalog: StringCatalog, exported: Set<String>, files: [ExportedFile], format: ExchangeFormat) {
        for entry in catalog.entries where exported.contains(entry.key) {
            guard let comment = entry.comment, !comment.isEmpty else { continue }
            switch format {
            case .xliff:
                guard let file = files.first(where: { $0.path.hasSuffix(".xliff") }),
                      let root = try? XMLNode.parse(Array(file.contents.utf8), path: "fuzz.xliff") else {
                    Fuzz.fail("the XLIFF export does not parse")
                }
                for unit in root.descendants("trans-unit") {
                    guard let id = unit.attributes["id"], let (key, _) = ExchangeUnit.parse(id: id), sameScalars(key, entry.key) else { continue }
                    let note = unit.first("note")?.text
                    Fuzz.check(sameScalars(note, comment), "XLIFF note of \(shown(id)) is \(shown(note)), the comment \(shown(comment))")
                }
            case .po:
                guard let file = files.first(where: { $0.path.hasSuffix(".po") }),
                      let entries = try? POReader.parse(file.contents, path: "fuzz.po") else {
                    Fuzz.fail("the PO export does not parse")
                }
                let lines = comment.lineBreakLines
                for poEntry in entries {
                    guard let context = poEntry.context, let (key, _) = ExchangeUnit.parse(id: context), sameScalars(key, entry.key) else { continue }
                    Fuzz.check(poEntry.extractedComments.count >= lines.count
                                && zip(poEntry.extractedComments, lines).allSatisfy { sameScalars($0, $1) },
                               "PO comment lines of \(shown(context)) are \(poEntry.extractedComments.map(shown)), the comment \(shown(comment))")
                }
            case .strings:
                let plain = entry.units(catalog.sourceLanguage).allSatisfy(\.path.isPlain)
                guard plain, !comment.containsScalars("*/"),
                      let file = files.first(where: { $0.path.hasSuffix(".strings") }) else { continue }
                Fuzz.check(file.contents.containsScalars("/* \(comment) */"), ".strings comment \(shown(comment)) is not in the file")
            case .android, .json:
                continue   // neither carries comments
            }
        }
    }
}
