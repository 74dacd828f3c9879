import Foundation
import GenkanCatalogTools

/// `genkan catalog export [FILE] --format F [--locale L ...] --output DIR`
struct CatalogExportCommand: Command {
    static let path = ["catalog", "export"]
    static let summary = "Write a catalog's translations as XLIFF, PO, .strings, Android XML or JSON."
    static let help = """
        Usage: genkan catalog export [FILE] --format xliff|po|strings|android|json [--locale L ...] --output DIR

        Writes one file (or folder) per locale into DIR, plus genkan-export.json with the source
        text of every exported string, so that an import can tell when the source changed since.
        FILE defaults to Genkan's own Resources/Localizable.xcstrings (the copy built into genkan
        when there is none in this directory or above it).

        Nothing the catalog holds is left behind: every plural form (a zero form, Russian other
        for fractions, a set missing a category), every phrase of an App Shortcuts phrase set
        (key|==|stringSet.0, ...), empty translations a reviewer accepted, and every state (new,
        needs_review, machine_translated, stale, any other) where the format has a place for it:
        XLIFF state and state-qualifier, PO fuzzy and a "# xcstrings-state:" comment, JSON
        {"state", "value"} objects. .strings and Android have no states: an unchanged string keeps
        its own. What a format cannot write stops the export, naming the entries.

          --format F     xliff (as Xcode exports), po (gettext), strings (.strings + .stringsdict),
                         android (strings.xml with <plurals>, <string-array> for phrase sets),
                         json (flat: id to text, or to {"state", "value"})
          --locale L     a locale to export; repeat for more (default: every locale but the source)
          --output DIR   the folder to write into (created when missing)

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        guard let formatName = try arguments.option("--format") else { throw UsageError("--format is required") }
        guard let format = ExchangeFormat(rawValue: formatName) else {
            throw UsageError("--format must be one of \(ExchangeFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(formatName)'")
        }
        let locales = try arguments.options("--locale")
        guard let output = try arguments.option("--output") else { throw UsageError("--output DIR is required") }
        let positionals = try arguments.positionals()
        guard positionals.count <= 1 else { throw UsageError("expected at most one FILE, got \(positionals.count)") }
        let file = try CatalogFile.open(positionals.first)
        let table = file.url.deletingPathExtension().lastPathComponent
        let files = try CatalogExporter(catalog: file.catalog, tableName: table).export(format, locales: locales)
        let folder = URL(fileURLWithPath: output)
        for exported in files {
            let url = folder.appending(path: exported.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(exported.contents.utf8).write(to: url, options: .atomic)
            Terminal.writeLine(url.path)
        }
        return ExitStatus.success
    }
}
