import Foundation

/// GNU gettext PO files (GNU gettext manual §3 "The Format of PO Files"): `msgctxt` is the key
/// (with `|==|path` for device and substitution variations and phrases), plural strings use
/// `msgid_plural` and `msgstr[i]` under a `Plural-Forms` header whose indices are named by CLDR
/// category.
///
/// What gettext cannot say travels where its own tools keep it (`msgcat` and `msgmerge` drop
/// unknown `#,` flags and replace `#.` comments, but keep translator comments):
/// - a plural form no index of `Plural-Forms` selects (Russian and Polish `other` for fractions,
///   an Apple `zero` form) is an entry of its own, `msgctxt "key|==|plural.other"`;
/// - a form the catalog lacks is an empty `msgstr[i]` beside the others, the entry `fuzzy` so that
///   `msgfmt` does not use it half-translated;
/// - a state other than `translated` (no flag) or `needs_review` (`#, fuzzy`), and an empty
///   translation a reviewer accepted, are named in a translator comment:
///   `# xcstrings-state: machine_translated`, or per category `# xcstrings-state: one=translated`.
enum POFormat {
    /// The translator comment that carries catalog states.
    static let stateComment = "xcstrings-state:"

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
        var uncarried: [String] = []
        // What each msgctxt names: a string, or the plural variation a plural entry fills by category.
        var contexts: [(key: String, path: UnitPath)] = []
        var index = 0
        while index < units.count {
            let unit = units[index]
            guard let parent = unit.path.pluralParent else {
                contexts.append((unit.key, unit.path))
                out += plainEntry(unit, notes: [], uncarried: &uncarried)
                index += 1
                continue
            }
            // The plural forms of one variation, in the order exchangeUnits keeps them together.
            var group: [ExchangeUnit] = []
            while index < units.count, units[index].key == unit.key, units[index].path.pluralParent == parent {
                group.append(units[index])
                index += 1
            }
            contexts.append((unit.key, parent))
            out += pluralEntry(group, parent: parent, forms: forms, exporter: exporter, uncarried: &uncarried)
            let language = CLDRCategories.names(locale)
            for extra in group where !forms.categories.contains(extra.path.pluralCategory!) {
                let category = extra.path.pluralCategory!
                let note = category == "zero"
                    ? "The 'zero' form: Foundation shows it for 0 in any language; gettext's Plural-Forms cannot select it."
                    : language.contains(category)
                    ? "The '\(category)' form: \(locale) uses it for numbers gettext's integer Plural-Forms never select, such as fractions."
                    : "The '\(category)' form: \(locale) has no such plural category; the catalog has one, kept here."
                contexts.append((extra.key, extra.path))
                out += plainEntry(extra, notes: [note], uncarried: &uncarried)
            }
        }
        try ExchangeUnit.requireReadingBack(contexts, locale: locale, format: .po)
        guard uncarried.isEmpty else {
            throw CatalogError("\(locale): a PO state comment cannot carry \(uncarried.joined(separator: ", ")) (a state is one word without '=')")
        }
        return ExportedFile(path: "\(locale).po", contents: out)
    }

    /// `#.` lines: the entry's comment, then `notes`. A comment line ends at CR LF, CR or LF,
    /// found by code point: split at the `Character` "\n", a comment's CR LF (one `Character`)
    /// stayed inside a line and the file broke there, leaving the rest as a line no PO reader
    /// accepts.
    private static func extractedComments(_ comment: String?, notes: [String]) -> String {
        var out = ""
        if let comment, !comment.isEmpty {
            for line in comment.lineBreakLines { out += line.isEmpty ? "#.\n" : "#. \(line)\n" }
        }
        for note in notes { out += "#. \(note)\n" }
        return out
    }

    /// Whether `state` can be written in a state comment.
    private static func isCarried(_ state: String) -> Bool {
        !state.isEmpty && !state.contains(where: { $0.isWhitespace || $0 == "=" })
    }

    private static func plainEntry(_ unit: ExchangeUnit, notes: [String], uncarried: inout [String]) -> String {
        var out = "\n"
        var fuzzy = false
        if let target = unit.target {
            let state = unit.state ?? TranslationState.translated
            fuzzy = !TranslationState.isReviewed(state)
            let implied = fuzzy ? TranslationState.needsReview : TranslationState.translated
            if state != implied || target.isEmpty {
                if isCarried(state) { out += "# \(stateComment) \(state)\n" } else { uncarried.append("\(unit.id) (state '\(state)')") }
            }
        }
        out += extractedComments(unit.comment, notes: notes)
        if fuzzy { out += "#, fuzzy\n" }
        out += "msgctxt \(quote(unit.id))\nmsgid \(quote(unit.source))\nmsgstr \(quote(unit.target ?? ""))\n"
        return out
    }

    private static func pluralEntry(
        _ group: [ExchangeUnit], parent: UnitPath, forms: GettextPluralForms, exporter: CatalogExporter, uncarried: inout [String]
    ) -> String {
        let key = group[0].key
        let byCategory = Dictionary(group.map { ($0.path.pluralCategory!, $0) }, uniquingKeysWith: { a, _ in a })
        let present = forms.categories.compactMap { category in byCategory[category].flatMap { $0.target == nil ? nil : (category, $0) } }
        let withText = present.filter { !($0.1.target!.isEmpty) }
        let incomplete = !withText.isEmpty && withText.count < forms.categories.count
        let fuzzy = incomplete || present.contains { !TranslationState.isReviewed($0.1.state) }
        let implied = fuzzy ? TranslationState.needsReview : TranslationState.translated
        var out = "\n"
        if incomplete || present.contains(where: { ($0.1.state ?? TranslationState.translated) != implied || $0.1.target!.isEmpty }) {
            var pairs: [String] = []
            for (category, unit) in present {
                let state = unit.state ?? TranslationState.translated
                if isCarried(state) { pairs.append("\(category)=\(state)") } else { uncarried.append("\(unit.id) (state '\(state)')") }
            }
            if !pairs.isEmpty { out += "# \(stateComment) \(pairs.joined(separator: " "))\n" }
        }
        out += extractedComments(group[0].comment, notes: [])
        if fuzzy { out += "#, fuzzy\n" }
        let context = ExchangeUnit.id(key: key, path: parent)
        let sourceOne = exporter.catalog.sourceText(key, parent.appendingPlural("one"))
        let sourceOther = exporter.catalog.sourceText(key, parent.appendingPlural("other"))
        out += "msgctxt \(quote(context))\nmsgid \(quote(sourceOne))\nmsgid_plural \(quote(sourceOther))\n"
        for (i, category) in forms.categories.enumerated() {
            out += "msgstr[\(i)] \(quote(byCategory[category]?.target ?? ""))\n"
        }
        return out
    }

    /// A PO string literal (C escapes; other controls in octal, as `\033`).
    static func quote(_ text: String) -> String {
        CStringLiteral.quote(text) { String(format: "\\%03o", $0.value) }
    }
}
