/// XLIFF 1.2 (OASIS, 2008) in the shape Xcode's "Export Localizations" gives a String Catalog:
/// one `<file>` per table, `trans-unit` ids `key` or `key|==|plural.one`, `xml:space="preserve"`.
enum XLIFFFormat {
    static func write(_ units: [ExchangeUnit], locale: String, exporter: CatalogExporter) throws(CatalogError) -> ExportedFile {
        // Each trans-unit id must read back as the string it names.
        try ExchangeUnit.requireReadingBack(units.map { ($0.key, $0.path) }, locale: locale, format: .xliff)
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
        var uncarried: [String] = []
        for unit in units {
            do {
                out += "      <trans-unit id=\"\(try XMLText.escape(unit.id, attribute: true))\" xml:space=\"preserve\">\n"
                out += "        <source>\(try XMLText.escape(unit.source))</source>\n"
                if let target = unit.target {
                    guard let (state, qualifier) = xliffState(unit.state) else {
                        uncarried.append("\(unit.id) (state '\(unit.state ?? "")')")
                        continue
                    }
                    let qualified = qualifier.map { " state-qualifier=\"\($0)\"" } ?? ""
                    out += "        <target state=\"\(try XMLText.escape(state, attribute: true))\"\(qualified)>\(try XMLText.escape(target))</target>\n"
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
        guard uncarried.isEmpty else {
            throw CatalogError("\(locale): XLIFF has no state for \(uncarried.joined(separator: ", ")); an XLIFF 1.2 state of its own is 'x-' and a word without spaces")
        }
        out += "    </body>\n  </file>\n</xliff>\n"
        return ExportedFile(path: "\(locale).xliff", contents: out)
    }

    /// The `state` and `state-qualifier` of a `<target>` (XLIFF 1.2, "state" and "state-qualifier"
    /// attribute values) for a catalog state: a machine translation is a suggestion to review
    /// (`needs-review-translation` qualified `mt-suggestion`), a state XLIFF has no name for is a
    /// user-defined value (`x-stale`). Nil when the state cannot be one (it has spaces).
    static func xliffState(_ state: String?) -> (state: String, qualifier: String?)? {
        switch state {
        case nil, TranslationState.translated: ("translated", nil)
        case TranslationState.needsReview: ("needs-review-translation", nil)
        case TranslationState.new: ("new", nil)
        case TranslationState.machineTranslated: ("needs-review-translation", "mt-suggestion")
        case let other?:
            other.isEmpty || other.contains(where: \.isWhitespace) ? nil : ("x-" + other, nil)
        }
    }

    /// The catalog state for a `<target>`'s `state` and `state-qualifier`: user-defined `x-`
    /// values give back what they carry; a target another tool approved (`final`, `signed-off`)
    /// or marked `translated` is translated, whatever produced it.
    static func catalogState(_ state: String?, qualifier: String?) -> String? {
        guard let state else { return nil }
        if state.hasPrefix("x-"), state.count > 2 { return String(state.dropFirst(2)) }
        switch state {
        case "needs-review-translation", "needs-review-l10n", "needs-review-adaptation", "needs-adaptation", "needs-l10n":
            return qualifier == "mt-suggestion" || qualifier == "leveraged-mt" ? TranslationState.machineTranslated : TranslationState.needsReview
        case "new", "needs-translation": return TranslationState.new
        default: return TranslationState.translated
        }
    }
}
