import Foundation
import GenkanCatalogTools

/// `genkan catalog import [FILE] TRANSLATED_FILE ...`
struct CatalogImportCommand: Command {
    static let path = ["catalog", "import"]
    static let summary = "Merge translated files back into a catalog and report what changed."
    static let help = """
        Usage: genkan catalog import [FILE] TRANSLATED_FILE ... [--dry-run]

        Reads each translated file (.xliff, .po, .json, a .lproj folder or .strings file, an
        Android values-<locale> folder or strings.xml) and merges its translations into the
        catalog. A translation whose source text changed since the export is marked needs_review;
        one the file gives the same text and state as the catalog changes nothing, so importing an
        unchanged export rewrites no byte. Nothing is written when any file cannot be read. FILE
        (a .xcstrings) defaults to Genkan's own Resources/Localizable.xcstrings.

          --dry-run   report what would change without writing the catalog

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let dryRun = arguments.flag("--dry-run")
        var positionals = try arguments.positionals()
        var catalogPath: String?
        if let first = positionals.first, first.hasSuffix(".xcstrings") {
            catalogPath = first
            positionals.removeFirst()
        }
        guard !positionals.isEmpty else { throw UsageError("name at least one TRANSLATED_FILE") }
        let file = try CatalogFile.open(catalogPath, writable: true)
        let importer = CatalogImporter()
        // Read everything first: one unreadable file leaves the catalog untouched.
        let translated = try positionals.map { path in
            let url = URL(fileURLWithPath: path)
            return (url, try importer.read(url), importer.manifestSources(near: url))
        }
        var catalog = file.catalog
        var total = 0
        for (url, imported, manifest) in translated {
            let report = importer.merge(imported, into: &catalog, manifest: manifest)
            total += report.changes.count
            Terminal.writeLine("\(url.lastPathComponent) (\(report.locale), \(imported.format.rawValue)): \(report.changes.count) change\(report.changes.count == 1 ? "" : "s")")
            for change in report.changes {
                switch change.kind {
                case .added: Terminal.writeLine("  added    \(change.id): \(quoted(change.new))")
                case .updated: Terminal.writeLine("  updated  \(change.id): \(quoted(change.old)) -> \(quoted(change.new))")
                case .sourceChanged: Terminal.writeLine("  review   \(change.id): the source changed since the export; marked needs_review")
                case .stateChanged: Terminal.writeLine("  state    \(change.id): \(change.old ?? "none") -> \(change.new ?? "none")")
                }
            }
            for skipped in report.skipped { Terminal.writeLine("  skipped  \(skipped)") }
        }
        if total > 0, !dryRun { try CatalogLocator.write(catalog, to: file.url) }
        Terminal.writeLine(total == 0 ? "\(file.displayPath): no change" : dryRun ? "\(file.displayPath): \(total) changes not written (--dry-run)" : "\(file.displayPath): \(total) changes written")
        return ExitStatus.success
    }

    static func quoted(_ text: String?) -> String {
        guard let text else { return "(none)" }
        // By code point: CR LF is one `Character`, and a search for "\n" would not find its LF.
        var shown = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown + "\""
    }
}
