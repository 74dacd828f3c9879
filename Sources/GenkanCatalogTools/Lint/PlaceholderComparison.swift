/// Compares a translation's arguments with its source's by number and type (`FormatArguments`),
/// as Xcode and Foundation match them, never by substitution name.
enum PlaceholderComparison {
    /// Percent signs of other scripts that a translator may type for `%` (Arabic U+066A,
    /// fullwidth U+FF05, small U+FE6A): no format specifier starts with one.
    static let lookalikePercents: Set<Unicode.Scalar> = ["\u{066A}", "\u{FF05}", "\u{FE6A}"]

    static func compare(_ unit: TranslationUnit, catalog: StringCatalog, entry: CatalogEntry) -> [LintFinding] {
        var findings: [LintFinding] = []
        func add(_ message: String) {
            findings.append(.init(.placeholderMismatch, key: entry.key, locale: unit.locale, path: unit.path, message))
        }
        let source = catalog.sourceLanguage
        let sourceSubstitutions = SubstitutionArguments(entry: entry, locale: source)
        let ownSubstitutions = SubstitutionArguments(entry: entry, locale: unit.locale)
        let sourceUnits = entry.units(source)
        let ownUnits = entry.units(unit.locale)
        func sourceArguments(_ text: String) -> FormatArguments {
            FormatArguments(formatString: text, units: sourceUnits, substitutions: sourceSubstitutions)
        }

        let translation: FormatArguments
        // What the source has, together: in a plural form a language may leave the number out
        // ("One day left"), and a phrase of a phrase set is one of several ways to say the same,
        // so each is compared with every form or phrase of the source; a translation that is
        // plain where the source varies by plural is compared with every source form; a form of
        // a substitution with the source's whole string.
        var expected = FormatArguments()
        // Parameters every source phrase has (`${applicationName}`): what a phrase needs.
        var everyPhrase: Set<String>?
        let path = unit.path
        if let substitution = path.substitution {
            translation = FormatArguments(unit.value, substitution: substitution, substitutions: ownSubstitutions)
            let formats = sourceUnits.filter { $0.path.substitution == nil }.map(\.value)
            for text in formats.isEmpty ? [catalog.sourceText(entry.key, .plain)] : formats { expected.formUnion(sourceArguments(text)) }
        } else {
            translation = FormatArguments(formatString: unit.value, units: ownUnits, substitutions: ownSubstitutions)
            let candidates = sourceUnits.filter { $0.path.substitution == nil }
            var texts: [String]
            if let parent = path.pluralParent {
                texts = candidates.filter { $0.path.pluralParent == parent }.map(\.value)
            } else if let parent = path.phraseSetParent {
                texts = candidates.filter { $0.path.phraseSetParent == parent }.map(\.value)
            } else {
                texts = candidates.filter { $0.path == path }.map(\.value)
                if texts.isEmpty { texts = candidates.filter { $0.path.pluralParent == path }.map(\.value) }
            }
            if texts.isEmpty { texts = [catalog.sourceText(entry.key, path)] }
            let arguments = texts.map(sourceArguments)
            for each in arguments { expected.formUnion(each) }
            if path.phraseIndex != nil {
                everyPhrase = arguments.dropFirst().reduce(arguments.first?.parameters ?? []) { $0.intersection($1.parameters) }
            }
        }

        for (number, type) in translation.types.sorted(by: { $0.key < $1.key }) {
            guard let expectedType = expected.types[number] else {
                add("argument \(number)\(describe(type)) is not in the source")
                continue
            }
            if let type, let expectedType, type != expectedType {
                add("argument \(number) is \(type.rawValue) here but \(expectedType.rawValue) in the source")
            }
        }
        let hint = unit.value.unicodeScalars.first(where: lookalikePercents.contains).map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return " ('\(scalar)' U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) is not the percent sign a specifier starts with: write '%')"
        } ?? ""
        let isPlural = path.pluralCategory != nil
        if path.substitution == nil, !isPlural, path.phraseIndex == nil {
            for number in expected.types.keys.sorted() where translation.types[number] == nil {
                add("argument \(number)\(describe(expected.types[number]!)) of the source is missing\(hint)")
            }
        }
        // The forms of a plural variation together must show every argument the source has.
        if path.substitution == nil, isPlural, path.pluralCategory == "other", let parent = path.pluralParent {
            var forms = FormatArguments()
            for form in ownUnits where form.path.pluralParent == parent {
                forms.formUnion(FormatArguments(formatString: form.value, units: ownUnits, substitutions: ownSubstitutions))
            }
            for number in expected.types.keys.sorted() where forms.types[number] == nil {
                add("argument \(number)\(describe(expected.types[number]!)) of the source is in none of the plural forms\(hint)")
            }
        }
        let needed = path.substitution != nil || isPlural ? [] : everyPhrase ?? expected.parameters
        let missing = needed.subtracting(translation.parameters).sorted()
        let extra = translation.parameters.subtracting(expected.parameters).sorted()
        if !missing.isEmpty { add("missing \(missing.joined(separator: ", ")) from the source") }
        if !extra.isEmpty { add("\(extra.joined(separator: ", ")) is not in the source") }
        return findings
    }

    private static func describe(_ type: FormatSpecifier.ArgumentType?) -> String {
        type.map { " (\($0.rawValue))" } ?? ""
    }
}
