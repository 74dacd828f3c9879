/// Compares a string's arguments with what the code passes (`EntryArguments`) by number and type
/// (`FormatArguments`), as Xcode and Foundation match them, never by substitution name.
///
/// A type that differs from what the code passes, or an argument the code does not pass, is an
/// error: the formatter reads the wrong bytes. An argument left out is shown nowhere, which a
/// language may choose ("One photo" for the plural `one`); where the key declares the arguments,
/// the source value may leave one out and so may a translation (a warning while the source shows
/// it), but where the source value is the only declaration (a key the developer named) a
/// translation that shows less than the source has lost part of the message (an error).
enum PlaceholderComparison {
    /// Percent signs of other scripts that a translator may type for `%` (Arabic U+066A,
    /// fullwidth U+FF05, small U+FE6A): no format specifier starts with one.
    static let lookalikePercents: Set<Unicode.Scalar> = ["\u{066A}", "\u{FF05}", "\u{FE6A}"]

    static func compare(_ unit: TranslationUnit, catalog: StringCatalog, entry: CatalogEntry, arguments: EntryArguments) -> [LintFinding] {
        var findings: [LintFinding] = []
        func add(_ message: String, _ severity: LintSeverity = .error) {
            findings.append(.init(.placeholderMismatch, key: entry.key, locale: unit.locale, path: unit.path, severity: severity, message))
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
            let forms = texts.map(sourceArguments)
            for each in forms { expected.formUnion(each) }
            if path.phraseIndex != nil {
                everyPhrase = forms.dropFirst().reduce(forms.first?.parameters ?? []) { $0.intersection($1.parameters) }
            }
        }

        let hint = unit.value.unicodeScalars.first(where: lookalikePercents.contains).map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return " ('\(scalar)' U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) is not the percent sign a specifier starts with: write '%')"
        } ?? ""

        switch arguments.declaredBy {
        case .none:
            // Not formatted: `%` sequences are text. Only the ones nobody writes as text show a
            // translator's mistake: `%@` and numbered specifiers appear on screen as typed.
            for specifier in FormatSpecifierParser.parse(unit.value, inSubstitution: path.substitution != nil).specifiers {
                if case .argument(let position, let type, let text) = specifier.kind, type == .object || position != nil {
                    add("'\(text)' shows as typed: neither the key nor the source passes arguments, so this string is not formatted", .warning)
                }
            }
        case .source, .key:
            let byKey = arguments.declaredBy == .key
            for (number, type) in translation.types.sorted(by: { $0.key < $1.key }) {
                guard let passedType = arguments.passed.types[number] else {
                    add("argument \(number)\(describe(type)) is not in the source\(byKey ? " or the key" : "")")
                    continue
                }
                if let type, let passedType, type != passedType {
                    // Name the source when it says the same as the key, so the translator finds it there.
                    let said = byKey && arguments.sourceShows.types[number] != .some(passedType) ? "the key" : "the source"
                    add("argument \(number) is \(type.rawValue) here but \(passedType.rawValue) in \(said)")
                }
            }
            // Left out: shown nowhere. An error where the source value declares the arguments, a
            // warning where the key does (unless a look-alike percent sign shows the translator
            // meant a specifier and broke it).
            let omission: LintSeverity = byKey && hint.isEmpty ? .warning : .error
            let shown = expected.types.keys.filter { arguments.passed.types[$0] != nil }.sorted()
            let isPlural = path.pluralCategory != nil
            if path.substitution == nil, !isPlural, path.phraseIndex == nil {
                for number in shown where translation.types[number] == nil {
                    add("argument \(number)\(describe(expected.types[number]!)) of the source is missing\(hint)", omission)
                }
            }
            // The forms of a plural variation together must show every argument the source has.
            if path.substitution == nil, isPlural, path.pluralCategory == "other", let parent = path.pluralParent {
                var forms = FormatArguments()
                for form in ownUnits where form.path.pluralParent == parent {
                    forms.formUnion(FormatArguments(formatString: form.value, units: ownUnits, substitutions: ownSubstitutions))
                }
                for number in shown where forms.types[number] == nil {
                    add("argument \(number)\(describe(expected.types[number]!)) of the source is in none of the plural forms\(hint)", omission)
                }
            }
        }
        let isPlural = path.pluralCategory != nil
        let needed = path.substitution != nil || isPlural ? [] : everyPhrase ?? expected.parameters
        let missing = needed.subtracting(translation.parameters).sorted()
        let extra = translation.parameters.subtracting(expected.parameters).sorted()
        if !missing.isEmpty { add("missing \(missing.joined(separator: ", ")) from the source") }
        if !extra.isEmpty { add("\(extra.joined(separator: ", ")) is not in the source") }
        return findings
    }

    /// The source value's own strings against the arguments its key passes: a type the key does
    /// not pass, or an argument it does not pass, is an error; leaving one out is the source's choice.
    static func compareSource(_ unit: TranslationUnit, entry: CatalogEntry, arguments: EntryArguments) -> [LintFinding] {
        guard arguments.declaredBy == .key else { return [] }
        let substitutions = SubstitutionArguments(entry: entry, locale: unit.locale)
        let own: FormatArguments
        if let substitution = unit.path.substitution {
            own = FormatArguments(unit.value, substitution: substitution, substitutions: substitutions)
        } else {
            own = FormatArguments(formatString: unit.value, units: entry.units(unit.locale), substitutions: substitutions)
        }
        var findings: [LintFinding] = []
        for (number, type) in own.types.sorted(by: { $0.key < $1.key }) {
            let message: String
            if let passed = arguments.passed.types[number] {
                guard let type, let passed, type != passed else { continue }
                message = "argument \(number) is \(type.rawValue) here but \(passed.rawValue) in the key"
            } else {
                message = "argument \(number)\(describe(type)) is not one the key passes"
            }
            findings.append(.init(.placeholderMismatch, key: entry.key, locale: unit.locale, path: unit.path, message))
        }
        return findings
    }

    private static func describe(_ type: FormatSpecifier.ArgumentType?) -> String {
        type.map { " (\($0.rawValue))" } ?? ""
    }
}
