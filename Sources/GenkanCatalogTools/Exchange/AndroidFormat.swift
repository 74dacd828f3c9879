/// Android string resources (`res/values-<qualifier>/strings.xml`, Android Developers "String
/// resources"): `<string>` for plain strings, `<plurals>` with one `<item quantity>` per CLDR
/// category, `<string-array>` for the phrases of an App Shortcuts phrase set. Device variations,
/// substitutions and plural categories other than CLDR's have no Android form: a comment names
/// each, and an import leaves them as they are. Android has no translation states: an unchanged string keeps its state.
enum AndroidFormat {
    static func write(_ units: [ExchangeUnit], locale: String, exporter: CatalogExporter) throws(CatalogError) -> ExportedFile {
        var names: [String: String] = [:]
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- \(exporter.tableName).xcstrings translated into \(locale), written by genkan catalog export. -->\n<resources>\n"
        var index = 0
        while index < units.count {
            let unit = units[index]
            let name = resourceName(unit.key)
            if let other = names[name], other != unit.key {
                throw CatalogError("keys '\(other)' and '\(unit.key)' both become the Android name '\(name)'")
            }
            names[name] = unit.key
            let formatted = units[index...].prefix { $0.key == unit.key }.contains { ($0.target ?? $0.source).unicodeScalars.contains("%") }
            let attribute = formatted ? " formatted=\"false\"" : ""
            if unit.path.isPlain {
                out += "    <string name=\"\(name)\"\(attribute)>\(try escape(unit.target ?? ""))</string>\n"
                index += 1
            } else if unit.path.pluralParent == .plain {
                let group = units[index...].prefix { $0.key == unit.key && $0.path.pluralParent == .plain }
                index += group.count
                // Android has CLDR's six quantities only. A category of another name (a catalog
                // edited by hand) has no Android form either: like a device variation it is named
                // in a comment and an import leaves it as it is. It was written unescaped into the
                // quantity attribute, where `&` or `"` made a file no XML parser reads (found by
                // fuzz-xcstrings).
                let items = group.filter { quantities.contains($0.path.pluralCategory!) }
                if !items.isEmpty {
                    out += "    <plurals name=\"\(name)\"\(attribute)>\n"
                    for item in items {
                        out += "        <item quantity=\"\(item.path.pluralCategory!)\">\(try escape(item.target ?? ""))</item>\n"
                    }
                    out += "    </plurals>\n"
                }
                for other in group where !quantities.contains(other.path.pluralCategory!) {
                    out += try notExported(other)
                }
            } else if unit.path.phraseSetParent == .plain {
                out += "    <string-array name=\"\(name)\"\(attribute)>\n"
                while index < units.count, units[index].key == unit.key, units[index].path.phraseSetParent == .plain {
                    out += "        <item>\(try escape(units[index].target ?? ""))</item>\n"
                    index += 1
                }
                out += "    </string-array>\n"
            } else {
                // Device variations and substitutions: say so, for the translator and the reviewer.
                out += try notExported(unit)
                index += 1
            }
        }
        out += "</resources>\n"
        return ExportedFile(path: "\(folder(locale))/strings.xml", contents: out)
    }

    /// The `quantity` values of an Android `<plurals>` item.
    static let quantities: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// A comment naming a string Android has no form for. A comment may not contain `--`: one
    /// replacement of each pair is not enough for a run of three (`---` became `- --`).
    private static func notExported(_ unit: ExchangeUnit) throws(CatalogError) -> String {
        var id = unit.id
        while id.containsScalars("--") { id = id.replacingAll("--", "- -") }
        return "    <!-- not exported (no Android form): \(try XMLText.escape(id)) -->\n"
    }

    /// `values-ja`, `values-pt-rBR`, `values-b+zh+Hans` (Android resource qualifiers).
    static func folder(_ locale: String) -> String {
        let parts = locale.split(separator: "-").map(String.init)
        if parts.count == 1 { return "values-\(parts[0])" }
        if parts.count == 2, parts[1].count == 2, parts[1].allSatisfy(\.isLetter) { return "values-\(parts[0])-r\(parts[1].uppercased())" }
        return "values-b+" + parts.joined(separator: "+")
    }

    /// The locale of a `values-…` folder name.
    static func locale(ofFolder name: String) -> String? {
        guard name.hasPrefix("values-") else { return nil }
        let rest = name.dropFirst(7)
        if rest.hasPrefix("b+") { return rest.dropFirst(2).split(separator: "+").joined(separator: "-") }
        let parts = rest.split(separator: "-")
        if parts.count == 2, parts[1].hasPrefix("r") { return "\(parts[0])-\(parts[1].dropFirst())" }
        return parts.count == 1 ? String(parts[0]) : nil
    }

    /// A resource name for a key: letters, digits, `_` and `.` kept, anything else `_`.
    static func resourceName(_ key: String) -> String {
        var name = String(key.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == ".") ? Character(scalar) : "_"
        })
        if name.isEmpty || name.first!.isNumber { name = "_" + name }
        return name
    }

    /// Android's string escapes inside XML character data (Android Developers, "String
    /// resources", "Escape characters"), by code point: by `Character`, CR LF (one `Character`)
    /// missed the `\n` escape and reached the XML raw, where a parser makes it one LF and aapt2
    /// a space; a quote or backslash followed by a combining mark went unescaped. Android has no
    /// `\r`: a CR is `\u000D`.
    static func escape(_ text: String) throws(CatalogError) -> String {
        var out = String.UnicodeScalarView()
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "'": out.append(contentsOf: "\\'".unicodeScalars)
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\r": out.append(contentsOf: "\\u000D".unicodeScalars)
            case "@" where offset == 0: out.append(contentsOf: "\\@".unicodeScalars)
            case "?" where offset == 0: out.append(contentsOf: "\\?".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return try XMLText.escape(String(out))
    }

    /// The reverse of `escape` after XML parsing, by code point; also reads `\uXXXX`.
    static func unescape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.popFirst() else { out.append(scalar); continue }
            switch next {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "u":
                let digits = String(String.UnicodeScalarView(scalars.prefix(4)))
                if digits.unicodeScalars.count == 4, digits.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
                   let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
                    out.append(decoded)
                    scalars.removeFirst(4)
                } else {
                    out.append(next)
                }
            default: out.append(next)
            }
        }
        return String(out)
    }
}
