/// XLIFF 1.2 (OASIS, 2008) in the shape Xcode's "Export Localizations" gives a String Catalog:
/// one `<file>` per table, `trans-unit` ids `key` or `key|==|plural.one`, `xml:space="preserve"`.
enum XLIFFFormat {
    static func write(_ units: [ExchangeUnit], locale: String, exporter: CatalogExporter) throws(CatalogError) -> ExportedFile {
        let source = exporter.catalog.sourceLanguage
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
          <file original="\(try XMLText.escape(exporter.tableName + ".xcstrings", attribute: true))" source-language="\(try XMLText.escape(source, attribute: true))" target-language="\(try XMLText.escape(locale, attribute: true))" datatype="plaintext">
            <header>
              <tool tool-id="genkan" tool-name="genkan catalog" tool-version="\(CatalogExporter.toolVersion)"/>
            </header>
            <body>

        """
        for unit in units {
            do {
                out += "      <trans-unit id=\"\(try XMLText.escape(unit.id, attribute: true))\" xml:space=\"preserve\">\n"
                out += "        <source>\(try XMLText.escape(unit.source))</source>\n"
                if let target = unit.target {
                    out += "        <target state=\"\(xliffState(unit.state))\">\(try XMLText.escape(target))</target>\n"
                }
                if let comment = unit.comment, !comment.isEmpty {
                    out += "        <note>\(try XMLText.escape(comment))</note>\n"
                } else {
                    out += "        <note/>\n"
                }
                out += "      </trans-unit>\n"
            } catch {
                throw CatalogError("\(unit.id): \(error.message)")
            }
        }
        out += "    </body>\n  </file>\n</xliff>\n"
        return ExportedFile(path: "\(locale).xliff", contents: out)
    }

    /// XLIFF 1.2 §2.4 state values for the catalog's states.
    static func xliffState(_ state: String?) -> String {
        switch state {
        case "needs_review": "needs-review-translation"
        case "new": "new"
        default: "translated"
        }
    }

    static func catalogState(_ state: String?) -> String? {
        switch state {
        case nil: nil
        case "needs-review-translation", "needs-review-l10n", "needs-review-adaptation", "needs-adaptation", "needs-l10n": "needs_review"
        case "new", "needs-translation": "new"
        default: "translated"
        }
    }
}
