/// Reads a PO file written by `genkan catalog export --format po` or edited by translators'
/// tools: entries with `msgctxt` (the key), plural entries mapped to categories by name through the
/// file's own `Plural-Forms` header.
enum POReader {
    struct Entry {
        var flags: [String] = []
        /// Translator comments (`# …`), without the `# `.
        var comments: [String] = []
        /// Extracted comments (`#. …`, the catalog's comment as the export writes it), without
        /// the `#. `; an import does not use them (the comment is the developer's).
        var extractedComments: [String] = []
        var context: String?
        var id: String?
        var idPlural: String?
        var strings: [Int: String] = [:]
        var obsolete = false
    }

    static func read(_ bytes: [UInt8], path: String, fallbackLocale: String) throws(CatalogError) -> ImportedFile {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CatalogError("\(path): not UTF-8") }
        let entries = try parse(text, path: path)
        guard let header = entries.first(where: { $0.id == "" && $0.context == nil })?.strings[0] else {
            throw CatalogError("\(path): the PO file has no header entry")
        }
        var fields: [String: String] = [:]
        // By code point: a header another tool wrote with "\r\n" holds CR LF, one `Character`.
        for line in header.lineBreakLines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingWhitespace
        }
        let locale = (fields["Language"] ?? fallbackLocale).replacingAll("_", "-")
        guard LocaleTag.isValid(locale) else { throw CatalogError("\(path): the header's Language '\(locale)' is not a language tag") }
        let forms = try fields["Plural-Forms"].map { (header) throws(CatalogError) in
            try GettextPluralForms.parse(header: header, locale: locale)
        }
        var result = ImportedFile(locale: locale, format: .po, units: [])
        for entry in entries where !entry.obsolete && entry.context != nil {
            guard let (key, basePath) = ExchangeUnit.parse(id: entry.context!) else {
                result.skipped.append("msgctxt \(entry.context!): not a key")
                continue
            }
            let fuzzy = entry.flags.contains("fuzzy")
            let carried = carriedStates(entry.comments)
            if let idPlural = entry.idPlural {
                guard let forms else {
                    result.skipped.append("\(entry.context!): a plural entry but no Plural-Forms header")
                    continue
                }
                // Our export marks an entry fuzzy when one of its forms waits for review, or when
                // some are empty (so that msgfmt leaves it alone): then the flag says nothing about
                // the other forms.
                let texts = entry.strings.values
                let incomplete = texts.contains(where: \.isEmpty) && texts.contains { !$0.isEmpty }
                let exportedFuzzy = incomplete || carried.values.contains { !TranslationState.isReviewed($0) }
                for (index, text) in entry.strings.sorted(by: { $0.key < $1.key }) {
                    guard index < forms.count else {
                        result.skipped.append("\(entry.context!): msgstr[\(index)] is beyond nplurals=\(forms.count)")
                        continue
                    }
                    let category = forms.categories[index]
                    let unitPath = UnitPath(basePath.components + ["plural", category])
                    let source = category == "one" ? entry.id : idPlural
                    let (state, exact) = state(carried[category] ?? carried[""], fuzzy: fuzzy, exportedFuzzy: exportedFuzzy)
                    result.units.append(ImportedUnit(key: key, path: unitPath, target: text, source: source, state: state, stateIsExact: exact))
                }
            } else {
                let (state, exact) = state(carried[""], fuzzy: fuzzy, exportedFuzzy: !TranslationState.isReviewed(carried[""] ?? TranslationState.translated))
                result.units.append(ImportedUnit(key: key, path: basePath, target: entry.strings[0] ?? "", source: entry.id,
                                                 state: state, stateIsExact: exact))
            }
        }
        return result
    }

    /// The states a `# xcstrings-state:` comment names: by plural category, or for the whole
    /// entry under "".
    static func carriedStates(_ comments: [String]) -> [String: String] {
        var states: [String: String] = [:]
        for comment in comments where comment.hasPrefix(POFormat.stateComment) {
            for word in comment.dropFirst(POFormat.stateComment.count).split(whereSeparator: \.isWhitespace) {
                if let equals = word.firstIndex(of: "=") {
                    states[String(word[..<equals])] = String(word[word.index(after: equals)...])
                } else {
                    states[""] = String(word)
                }
            }
        }
        return states
    }

    /// The state of a string: the one the comment carries while the `fuzzy` flag is as the export
    /// wrote it (`exportedFuzzy`); a translator who set the flag asks for a review
    /// (`needs_review`), one who cleared it has reviewed the entry (`translated`). Without a
    /// comment the flag alone gives `needs_review` or `translated`, and cannot tell `new` from
    /// `needs_review` (the state is then not exact).
    static func state(_ carried: String?, fuzzy: Bool, exportedFuzzy: Bool) -> (String, Bool) {
        guard let carried else { return (fuzzy ? TranslationState.needsReview : TranslationState.translated, false) }
        if fuzzy == exportedFuzzy { return (carried, true) }
        if fuzzy { return (TranslationState.isReviewed(carried) ? TranslationState.needsReview : carried, true) }
        return (TranslationState.translated, true)
    }

    /// The entries of a PO file.
    ///
    /// The file is read by code point, not by `Character`: a quote followed by a combining mark
    /// is one grapheme, and so is CR LF, but neither is one in the file's syntax.
    static func parse(_ text: String, path: String) throws(CatalogError) -> [Entry] {
        var entries: [Entry] = []
        var current = Entry()
        var started = false
        enum Field { case context, id, idPlural, string(Int) }
        var field: Field?
        func finish() {
            if started { entries.append(current) }
            current = Entry()
            started = false
            field = nil
        }
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, rawLine) in lines.enumerated() {
            var line = Self.trimmed(rawLine)
            if line.isEmpty { continue }
            if line.starts(with: "#~".unicodeScalars) {
                current.obsolete = true
                line = Self.trimmed(line.dropFirst(2))
                if line.isEmpty { continue }
            } else if line.first == "#" {
                if case .some = field { finish() }
                if line.starts(with: "#.".unicodeScalars) {
                    var comment = rawLine.drop { $0.properties.isWhitespace }.dropFirst(2)
                    if comment.last == "\r" { comment.removeLast() }
                    if comment.first == " " { comment.removeFirst() }
                    current.extractedComments.append(String(comment))
                } else if line.starts(with: "#,".unicodeScalars) {
                    current.flags += line.dropFirst(2).split(separator: ",").map { String(Self.trimmed($0)) }
                } else if line.count == 1 || line.dropFirst().first == " " {
                    current.comments.append(String(Self.trimmed(line.dropFirst())))
                }
                continue
            }
            func value(_ rest: Substring.UnicodeScalarView) throws(CatalogError) -> String {
                try unquote(String(Self.trimmed(rest)), path: path, line: number + 1)
            }
            if line.starts(with: "msgctxt ".unicodeScalars) {
                if started, field != nil { finish() }
                current.context = try value(line.dropFirst(8)); field = .context; started = true
            } else if line.starts(with: "msgid_plural ".unicodeScalars) {
                current.idPlural = try value(line.dropFirst(13)); field = .idPlural
            } else if line.starts(with: "msgid ".unicodeScalars) {
                if started, current.id != nil { finish() }
                current.id = try value(line.dropFirst(6)); field = .id; started = true
            } else if line.starts(with: "msgstr[".unicodeScalars) {
                let afterBracket = line.index(line.startIndex, offsetBy: 7)
                guard let close = line[afterBracket...].firstIndex(of: "]"),
                      let index = Int(String(line[afterBracket..<close])), (0..<10).contains(index)
                else {
                    throw CatalogError("\(path): line \(number + 1): malformed msgstr[n]")
                }
                current.strings[index] = try value(line[line.index(after: close)...]); field = .string(index)
            } else if line.starts(with: "msgstr ".unicodeScalars) {
                current.strings[0] = try value(line.dropFirst(7)); field = .string(0)
            } else if line.first == "\"" {
                let more = try value(line)
                switch field {
                case .context: current.context! += more
                case .id: current.id! += more
                case .idPlural: current.idPlural! += more
                case .string(let index): current.strings[index, default: ""] += more
                case nil: throw CatalogError("\(path): line \(number + 1): a string continues nothing")
                }
            } else {
                throw CatalogError("\(path): line \(number + 1): unexpected '\(String(line.prefix(20)))'")
            }
        }
        finish()
        return entries
    }

    /// `scalars` without the white space at either end (a line's CR of a CR LF end included).
    static func trimmed(_ scalars: some Collection<Unicode.Scalar>) -> Substring.UnicodeScalarView {
        let view = Substring.UnicodeScalarView(scalars)
        guard let first = view.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = view.lastIndex(where: { !$0.properties.isWhitespace })
        else { return Substring.UnicodeScalarView() }
        return view[first...last]
    }

    /// A PO string literal's text, read by code point (see `parse`).
    static func unquote(_ literal: String, path: String, line: Int) throws(CatalogError) -> String {
        let scalars = literal.unicodeScalars
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
            throw CatalogError("\(path): line \(line): expected a quoted string")
        }
        var out = String.UnicodeScalarView()
        var rest = Array(scalars.dropFirst().dropLast())[...]
        while let scalar = rest.popFirst() {
            guard scalar == "\\" else {
                if scalar == "\"" { throw CatalogError("\(path): line \(line): an unescaped quote inside a string") }
                out.append(scalar)
                continue
            }
            guard let next = rest.popFirst() else { throw CatalogError("\(path): line \(line): a string ends in a backslash") }
            switch next {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "a": out.append("\u{07}")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "v": out.append("\u{0B}")
            case "0"..."7":
                var digits = String(next)
                while digits.count < 3, let digit = rest.first, ("0"..."7").contains(digit) { digits.unicodeScalars.append(rest.removeFirst()) }
                out.append(Unicode.Scalar(UInt8(digits, radix: 8) ?? 0))
            default: out.append(next)
            }
        }
        return String(out)
    }
}
