import Foundation

/// GNU gettext PO files (GNU gettext manual §3 "The Format of PO Files"): `msgctxt` is the key
/// (with `|==|path` for device and substitution variations), plural strings use `msgid_plural`
/// and `msgstr[i]` under a `Plural-Forms` header whose indices are named by CLDR category.
enum POFormat {
    static func write(_ units: [ExchangeUnit], locale: String, exporter: CatalogExporter) throws(CatalogError) -> ExportedFile {
        guard let forms = GettextPluralForms.forLocale(locale) else {
            throw CatalogError("no gettext plural expression is known for \(locale); add it to GettextPluralForms.table")
        }
        var out = "# \(exporter.tableName).xcstrings translated into \(locale), written by genkan catalog export.\n"
        out += "msgid \"\"\nmsgstr \"\"\n"
        let header = [
            "Project-Id-Version: \(exporter.tableName)",
            "Report-Msgid-Bugs-To: ",
            "PO-Revision-Date: 2000-01-01 00:00+0000",
            "Last-Translator: genkan",
            "Language-Team: \(locale)",
            "Language: \(locale.replacingOccurrences(of: "-", with: "_"))",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: 8bit",
            "Plural-Forms: \(forms.header)",
            "X-Generator: genkan \(CatalogExporter.toolVersion)",
            "X-Genkan-Source-Language: \(exporter.catalog.sourceLanguage)",
        ]
        for line in header { out += quote(line + "\n") + "\n" }
        // Group plural units by key and parent path, in first-seen order.
        var index = 0
        while index < units.count {
            let unit = units[index]
            out += "\n"
            if let comment = unit.comment, !comment.isEmpty {
                for line in comment.split(separator: "\n", omittingEmptySubsequences: false) { out += "#. \(line)\n" }
            }
            if let parent = unit.path.pluralParent {
                var group: [ExchangeUnit] = []
                while index < units.count, units[index].key == unit.key, units[index].path.pluralParent == parent {
                    group.append(units[index])
                    index += 1
                }
                let context = ExchangeUnit.id(key: unit.key, path: parent)
                let sourceOne = exporter.catalog.sourceText(unit.key, parent.appendingPlural("one"))
                let sourceOther = exporter.catalog.sourceText(unit.key, parent.appendingPlural("other"))
                let byCategory = Dictionary(group.map { ($0.path.pluralCategory!, $0) }, uniquingKeysWith: { a, _ in a })
                let translated = forms.categories.compactMap { byCategory[$0]?.target }
                if !translated.isEmpty, forms.categories.contains(where: { byCategory[$0]?.state == "needs_review" || byCategory[$0]?.state == "new" }) {
                    out += "#, fuzzy\n"
                }
                out += "msgctxt \(quote(context))\nmsgid \(quote(sourceOne))\nmsgid_plural \(quote(sourceOther))\n"
                // All or nothing: a plural entry with some empty forms would be used partially.
                let complete = forms.categories.allSatisfy { byCategory[$0]?.target != nil }
                for (i, category) in forms.categories.enumerated() {
                    out += "msgstr[\(i)] \(quote(complete ? byCategory[category]!.target! : ""))\n"
                }
            } else {
                if unit.target != nil, unit.state == "needs_review" || unit.state == "new" { out += "#, fuzzy\n" }
                out += "msgctxt \(quote(unit.id))\nmsgid \(quote(unit.source))\nmsgstr \(quote(unit.target ?? ""))\n"
                index += 1
            }
        }
        return ExportedFile(path: "\(locale).po", contents: out)
    }

    /// A PO string literal (C escapes).
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{0}"..."\u{1F}": out += String(format: "\\%03o", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
