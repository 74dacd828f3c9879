/// Reads a PO file written by `genkan catalog export --format po` or edited by translators'
/// tools: entries with `msgctxt` (the key), plural entries mapped to categories by name through the
/// file's own `Plural-Forms` header.
enum POReader {
    struct Entry {
        var flags: [String] = []
        /// Translator comments (`# …`), without the `# `.
        var comments: [String] = []
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
        for line in header.split(separator: "\n") {
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
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(rawLine).trimmingWhitespace
            if line.isEmpty { continue }
            if line.hasPrefix("#~") { current.obsolete = true; line = String(line.dropFirst(2)).trimmingWhitespace; if line.isEmpty { continue } }
            else if line.hasPrefix("#") {
                if case .some = field { finish() }
                if line.hasPrefix("#,") {
                    current.flags += line.dropFirst(2).split(separator: ",").map { String($0).trimmingWhitespace }
                } else if line == "#" || line.hasPrefix("# ") {
                    current.comments.append(String(line.dropFirst(1)).trimmingWhitespace)
                }
                continue
            }
            func value(_ rest: Substring) throws(CatalogError) -> String {
                try unquote(String(rest).trimmingWhitespace, path: path, line: number + 1)
            }
            if line.hasPrefix("msgctxt ") {
                if started, field != nil { finish() }
                current.context = try value(line.dropFirst(8)); field = .context; started = true
            } else if line.hasPrefix("msgid_plural ") {
                current.idPlural = try value(line.dropFirst(13)); field = .idPlural
            } else if line.hasPrefix("msgid ") {
                if started, current.id != nil { finish() }
                current.id = try value(line.dropFirst(6)); field = .id; started = true
            } else if line.hasPrefix("msgstr[") {
                guard let close = line.firstIndex(of: "]"), let index = Int(line[line.index(line.startIndex, offsetBy: 7)..<close]), (0..<10).contains(index) else {
                    throw CatalogError("\(path): line \(number + 1): malformed msgstr[n]")
                }
                current.strings[index] = try value(line[line.index(after: close)...]); field = .string(index)
            } else if line.hasPrefix("msgstr ") {
                current.strings[0] = try value(line.dropFirst(7)); field = .string(0)
            } else if line.hasPrefix("\"") {
                let more = try value(Substring(line))
                switch field {
                case .context: current.context! += more
                case .id: current.id! += more
                case .idPlural: current.idPlural! += more
                case .string(let index): current.strings[index, default: ""] += more
                case nil: throw CatalogError("\(path): line \(number + 1): a string continues nothing")
                }
            } else {
                throw CatalogError("\(path): line \(number + 1): unexpected '\(line.prefix(20))'")
            }
        }
        finish()
        return entries
    }

    /// A PO string literal's text.
    static func unquote(_ literal: String, path: String, line: Int) throws(CatalogError) -> String {
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\"") else {
            throw CatalogError("\(path): line \(line): expected a quoted string")
        }
        var out = ""
        var characters = Array(literal.dropFirst().dropLast())[...]
        while let character = characters.popFirst() {
            guard character == "\\" else {
                if character == "\"" { throw CatalogError("\(path): line \(line): an unescaped quote inside a string") }
                out.append(character)
                continue
            }
            guard let next = characters.popFirst() else { throw CatalogError("\(path): line \(line): a string ends in a backslash") }
            switch next {
            case "n": out += "\n"
            case "t": out += "\t"
            case "r": out += "\r"
            case "a": out += "\u{07}"
            case "b": out += "\u{08}"
            case "f": out += "\u{0C}"
            case "v": out += "\u{0B}"
            case "0"..."7":
                var digits = String(next)
                while digits.count < 3, let d = characters.first, ("0"..."7").contains(d) { digits.append(characters.removeFirst()) }
                out.unicodeScalars.append(Unicode.Scalar(UInt8(digits, radix: 8) ?? 0))
            default: out.append(next)
            }
        }
        return out
    }
}
