/// Legacy `.strings` (plain strings) and `.stringsdict` (plural and device variations) in a
/// `<locale>.lproj` folder, as Xcode compiled them before String Catalogs (Apple, "Localizing
/// strings that contain plurals"; property list DTD 1.0).
enum StringsFormat {
    static func write(_ units: [ExchangeUnit], locale: String, exporter: CatalogExporter) throws(CatalogError) -> [ExportedFile] {
        let folder = "\(locale).lproj/"
        var strings = ""
        var dictionary: [(key: String, body: String)] = []
        var named: [(key: String, path: UnitPath)] = []
        var index = 0
        while index < units.count {
            let unit = units[index]
            var group: [ExchangeUnit] = []
            while index < units.count, units[index].key == unit.key {
                group.append(units[index])
                index += 1
            }
            // Plain strings and the phrases of a phrase set (`key|==|stringSet.0`, as .strings has no
            // arrays) go to the .strings file; variations (and the format string that names
            // substitutions) go to the .stringsdict.
            let phrases = group.filter { $0.path.phraseIndex != nil }
            let others = group.filter { $0.path.phraseIndex == nil }
            var lines = phrases
            if others.count == 1, others[0].path.isPlain { lines.insert(others[0], at: 0) }
            for (position, line) in lines.enumerated() {
                if position == 0, let comment = line.comment, !comment.isEmpty {
                    strings += "/* \(comment.replacingAll("*/", "* /")) */\n"
                }
                named.append((line.key, line.path))
                strings += "\(quote(line.id)) = \(quote(line.target ?? ""));\n\n"
            }
            if !others.isEmpty, !(others.count == 1 && others[0].path.isPlain) {
                dictionary.append((unit.key, try stringsdictEntry(others, exporter: exporter)))
            }
        }
        // Each .strings name must read back as the string it names (a key containing
        // `|==|stringSet.0` would not); the .stringsdict refuses variations it cannot hold.
        try ExchangeUnit.requireReadingBack(named, locale: locale, format: .strings, read: StringsReader.place(ofName:))
        var files = [ExportedFile(path: folder + exporter.tableName + ".strings", contents: strings)]
        if !dictionary.isEmpty {
            var plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
            for (key, body) in dictionary {
                plist += "\t<key>\(try XMLText.escape(key))</key>\n" + body
            }
            plist += "</dict>\n</plist>\n"
            files.append(ExportedFile(path: folder + exporter.tableName + ".stringsdict", contents: plist))
        }
        return files
    }

    /// One key's variations: a plural rule (`NSStringPluralRuleType`) for `plural.*`, a device rule
    /// (`NSStringDeviceSpecificRuleType`) for `device.*`, one variable per substitution.
    private static func stringsdictEntry(_ group: [ExchangeUnit], exporter: CatalogExporter) throws(CatalogError) -> String {
        let key = group[0].key
        func string(_ text: String) throws(CatalogError) -> String { "<string>\(try XMLText.escape(text))</string>" }
        var out = "\t<dict>\n"
        if group.allSatisfy({ $0.path.components.first == "device" && $0.path.components.count == 2 }) {
            out += "\t\t<key>NSStringDeviceSpecificRuleType</key>\n\t\t<dict>\n"
            for unit in group {
                out += "\t\t\t<key>\(try XMLText.escape(unit.path.components[1]))</key>\n\t\t\t\(try string(unit.target ?? ""))\n"
            }
            return out + "\t\t</dict>\n\t</dict>\n"
        }
        // Plural variables: the main plural (named "value") and each substitution.
        var variables: [(name: String, units: [ExchangeUnit], specifier: String)] = []
        var format = "%#@value@"
        for unit in group where !unit.path.isPlain {
            guard let parent = unit.path.pluralParent else {
                throw CatalogError("\(unit.id): a .stringsdict cannot hold this variation; use --format xliff")
            }
            let name = parent.substitution ?? "value"
            if parent.isPlain || parent.substitution != nil, parent.components.count <= 2 {
                if let at = variables.firstIndex(where: { $0.name == name }) {
                    variables[at].units.append(unit)
                } else {
                    let spec = parent.substitution.flatMap {
                        exporter.catalog.entry(key)?.localization(exporter.catalog.sourceLanguage)?["substitutions"]?[$0]?["formatSpecifier"]?.stringValue
                    } ?? valueType(exporter.catalog.sourceText(key, parent.appendingPlural("other")))
                    variables.append((name, [unit], spec))
                }
            } else {
                throw CatalogError("\(unit.id): a .stringsdict cannot hold this variation; use --format xliff")
            }
        }
        // The whole string's plural is the variable "value" of the format "%#@value@"; the format
        // string of substitutions names the others. One entry cannot be both, and a substitution
        // named "value" would share the whole string's keys.
        if group.contains(where: { $0.path.pluralParent?.isPlain == true }), group.contains(where: { $0.path.pluralParent?.substitution != nil }) {
            throw CatalogError("\(key): a .stringsdict cannot hold a plural of the whole string beside substitutions; use --format xliff")
        }
        if group.contains(where: { $0.path.pluralParent?.substitution != nil }) {
            // Substitutions (whatever their names): the translated format string that names them;
            // empty when there is none yet (an import skips it). Deciding by the variables' names
            // wrote "%#@value@" for a lone substitution named "value", which reads back as a
            // plural of the whole string, its format string lost (found by fuzz-strings).
            format = group.first(where: { $0.path.isPlain })?.target ?? ""
            // That format string itself is what the reader takes for the whole string's plural.
            if format == "%#@value@", variables.contains(where: { $0.name == "value" }) {
                throw CatalogError("\(key): a .stringsdict cannot tell the format string \"%#@value@\" with a substitution named \"value\" from a plural of the whole string; use --format xliff")
            }
        }
        out += "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t\(try string(format))\n"
        for variable in variables {
            out += "\t\t<key>\(try XMLText.escape(variable.name))</key>\n\t\t<dict>\n"
            out += "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
            out += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t\(try string(variable.specifier))\n"
            for unit in variable.units {
                // Escaped: a category of another name than CLDR's (a catalog edited by hand) may hold `&`.
                out += "\t\t\t<key>\(try XMLText.escape(unit.path.pluralCategory!))</key>\n\t\t\t\(try string(unit.target ?? ""))\n"
            }
            out += "\t\t</dict>\n"
        }
        return out + "\t</dict>\n"
    }

    /// The conversion of the first argument of `text` without its `%` ("lld"), or "d".
    private static func valueType(_ text: String) -> String {
        for specifier in FormatSpecifierParser.parse(text).specifiers {
            if case .argument(_, _, let spec) = specifier.kind {
                var conversion = String(spec.dropFirst())
                if let dollar = conversion.firstIndex(of: "$") { conversion = String(conversion[conversion.index(after: dollar)...]) }
                return conversion
            }
        }
        return "d"
    }

    /// A `.strings` string literal (other controls as `\U001B`).
    static func quote(_ text: String) -> String {
        CStringLiteral.quote(text) { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
