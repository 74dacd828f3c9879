/// Compares a translation's placeholders with its source's.
enum PlaceholderComparison {
    static func compare(_ unit: TranslationUnit, catalog: StringCatalog, entry: CatalogEntry) -> [LintFinding] {
        let inSubstitution = unit.path.substitution != nil
        let translation = FormatSpecifierParser.parse(unit.value, inSubstitution: inSubstitution)
        var findings: [LintFinding] = []
        func add(_ message: String) {
            findings.append(.init(.placeholderMismatch, key: entry.key, locale: unit.locale, path: unit.path, message))
        }
        // In a plural form a language may leave the number out ("One day left"), so the source to
        // compare with is every form of the source's variation together.
        // Likewise a phrase of a phrase set is one of several ways to say the same, not the
        // translation of the source phrase at its position: it is compared with them all.
        var sourceTexts = [catalog.sourceText(entry.key, unit.path)]
        let isPlural = unit.path.pluralCategory != nil
        let isPhrase = unit.path.phraseIndex != nil
        if isPlural, let parent = unit.path.pluralParent {
            let forms = entry.units(catalog.sourceLanguage).filter { $0.path.pluralParent == parent }.map(\.value)
            if !forms.isEmpty { sourceTexts = forms }
        }
        if let parent = unit.path.phraseSetParent {
            let phrases = entry.units(catalog.sourceLanguage).filter { $0.path.phraseSetParent == parent }.map(\.value)
            if !phrases.isEmpty { sourceTexts = phrases }
        }
        let sources = sourceTexts.map { FormatSpecifierParser.parse($0, inSubstitution: inSubstitution) }
        var sourceArguments: [Int: FormatSpecifier.ArgumentType] = [:]
        for source in sources { sourceArguments.merge(source.argumentsByPosition) { first, _ in first } }
        let arguments = translation.argumentsByPosition
        for (position, type) in arguments.sorted(by: { $0.key < $1.key }) {
            guard let expected = sourceArguments[position] else {
                add("argument \(position) (\(type.rawValue)) is not in the source")
                continue
            }
            if expected != type {
                add("argument \(position) is \(type.rawValue) here but \(expected.rawValue) in the source")
            }
        }
        if !isPlural, !isPhrase {
            for position in sourceArguments.keys.sorted() where arguments[position] == nil {
                add("argument \(position) (\(sourceArguments[position]!.rawValue)) of the source is missing")
            }
        }
        let sourceNames = Set(sources.flatMap(\.names)), names = Set(translation.names)
        // A phrase needs what every source phrase has (`${applicationName}`), no more.
        let everyPhrase = sources.dropFirst().reduce(Set(sources.first?.names ?? [])) { $0.intersection($1.names) }
        let missingNames = isPlural ? [] : (isPhrase ? everyPhrase : sourceNames).subtracting(names).sorted()
        let extraNames = names.subtracting(sourceNames).sorted()
        if !missingNames.isEmpty { add("missing \(missingNames.joined(separator: ", ")) from the source") }
        if !extraNames.isEmpty { add("\(extraNames.joined(separator: ", ")) is not in the source") }
        let hasArg = translation.specifiers.contains { $0.kind == .substitutionArgument }
        let sourceHasArg = sources.contains { $0.specifiers.contains { $0.kind == .substitutionArgument } }
        if hasArg != sourceHasArg, !isPlural || hasArg {
            add(hasArg ? "'%arg' is not in the source" : "the source's '%arg' is missing")
        }
        return findings
    }
}
