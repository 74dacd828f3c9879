import GenkanUnicode

/// Runs every lint check over a String Catalog.
///
/// ```swift
/// let findings = CatalogLinter(expectedKeys: codes).lint(catalog)
/// ```
public struct CatalogLinter: Sendable {
    /// Keys the program refers to (error codes, issue codes). When set, keys in the same
    /// namespaces (the part before the first `/` or `.`) that are not listed are reported as
    /// unused, and listed keys missing from the catalog are reported.
    public var expectedKeys: Set<String>?
    /// Keys the program declares (an enum of its page texts), used or not: a catalog key declared
    /// there but missing from `expectedKeys` is reported as declared and unused.
    public var declaredKeys: Set<String> = []
    /// Which keys are credential messages (sign-in, password reset) for the account-enumeration
    /// check.
    public var isCredentialKey: @Sendable (String) -> Bool
    /// A translation is too long when it is wider than the expansion W3C expects for a source of
    /// its length ("Text size in translation": up to 300% for 10 characters, 200% for 11–20, 180%
    /// for 21–30, 160% for 31–50, 170% for 51–70, 130% beyond) times `lengthMargin`, and at least
    /// `lengthSlack` columns wider than the source.
    public var lengthMargin = 1.3
    public var lengthSlack = 10

    static func expectedExpansion(_ sourceWidth: Int) -> Double {
        switch sourceWidth {
        case ...10: 3.0
        case 11...20: 2.0
        case 21...30: 1.8
        case 31...50: 1.6
        case 51...70: 1.7
        default: 1.3
        }
    }

    public init(expectedKeys: Set<String>? = nil, isCredentialKey: @escaping @Sendable (String) -> Bool = CredentialWording.isCredentialKey) {
        self.expectedKeys = expectedKeys
        self.isCredentialKey = isCredentialKey
    }

    /// Every finding, grouped by key in file order.
    public func lint(_ catalog: StringCatalog) -> [LintFinding] {
        var findings: [LintFinding] = []
        let source = catalog.sourceLanguage
        let targets = catalog.targetLocales
        for entry in catalog.entries {
            // A stale key is one no code uses: Xcode greys it out and does not count its missing
            // translations, so neither does lint (its one finding is the stale-key warning). Its
            // strings are still checked: they come back when code uses the key again.
            let isStale = entry.extractionState == "stale"
            if isStale {
                findings.append(.init(.staleKey, key: entry.key, locale: nil, "Xcode marked this key stale: no code uses it; remove it or refer to it"))
            }
            let arguments = EntryArguments(entry: entry, sourceLanguage: source)
            let sourceUnits = entry.units(source)
            for unit in sourceUnits {
                findings += checkSyntax(unit, entry: entry, formatted: arguments.isFormatted)
                findings += PlaceholderComparison.compareSource(unit, entry: entry, arguments: arguments)
            }
            findings += checkPlurals(entry, locale: source)
            guard entry.shouldTranslate else { continue }
            for locale in targets {
                let units = entry.units(locale)
                let expected = catalog.expectedPaths(entry.key, locale: locale)
                if units.isEmpty {
                    // A key whose source text is empty (`""`) asks for no translation.
                    if !expected.isEmpty, !isStale {
                        findings.append(.init(.missingTranslation, key: entry.key, locale: locale, "no \(locale) translation"))
                    }
                    continue
                }
                let have = Set(units.map(\.path))
                for path in expected where !isStale && !have.contains(path) && path.pluralCategory == nil {
                    let what = path.isPlain ? "the plain string" : path.phraseIndex != nil ? "the phrase set\(path.phraseSetParent!.isPlain ? "" : " of \(path.phraseSetParent!)")" : path.description
                    findings.append(.init(.missingTranslation, key: entry.key, locale: locale, path: path, "no \(locale) string for \(what)"))
                }
                findings += checkPlurals(entry, locale: locale)
                for unit in units {
                    findings += checkUnit(unit, entry: entry, catalog: catalog, arguments: arguments)
                }
            }
            if isCredentialKey(entry.key) {
                for locale in [source] + targets {
                    for unit in entry.units(locale) {
                        if let phrase = CredentialWording.revealingPhrase(in: unit.value, locale: locale) {
                            findings.append(.init(.accountEnumeration, key: entry.key, locale: locale, path: unit.path,
                                "says \"\(phrase)\": a sign-in or reset message must read the same whether or not the account exists"))
                        }
                    }
                }
            }
        }
        findings += checkKeyUsage(catalog)
        return findings
    }

    /// Checks of one translated string against its source.
    func checkUnit(_ unit: TranslationUnit, entry: CatalogEntry, catalog: StringCatalog, arguments: EntryArguments) -> [LintFinding] {
        var findings: [LintFinding] = []
        let sourceText = catalog.sourceText(entry.key, unit.path)
        func add(_ check: LintCheck, _ message: String) {
            findings.append(.init(check, key: entry.key, locale: unit.locale, path: unit.path, message))
        }
        if TranslationState.awaitsReview(unit.state) {
            add(.notReviewed, "state is \(unit.state!): a reviewer has not accepted this string")
        }
        let trimmed = unit.value.trimmingWhitespace
        if trimmed.isEmpty {
            if !sourceText.trimmingWhitespace.isEmpty { add(.emptyValue, "the string is empty") }
            return findings
        }
        findings += checkSyntax(unit, entry: entry, formatted: arguments.isFormatted)
        findings += PlaceholderComparison.compare(unit, catalog: catalog, entry: entry, arguments: arguments)
        findings += MarkupCheck.check(unit, source: sourceText)
        if leadingWhitespace(unit.value) != leadingWhitespace(sourceText) || trailingWhitespace(unit.value) != trailingWhitespace(sourceText) {
            add(.whitespaceMismatch, "leading or trailing whitespace differs from the source (\(visible(sourceText)) vs \(visible(unit.value)))")
        } else if unit.value.filter(\.isNewline).count != sourceText.filter(\.isNewline).count {
            add(.whitespaceMismatch, "the source has \(sourceText.filter(\.isNewline).count) line breaks, the translation \(unit.value.filter(\.isNewline).count)")
        }
        let width = DisplayWidth.of(unit.value), sourceWidth = DisplayWidth.of(sourceText)
        let allowed = Self.expectedExpansion(sourceWidth) * lengthMargin * Double(max(sourceWidth, 1))
        if Double(width) > allowed, width - sourceWidth >= lengthSlack {
            add(.tooLong, "\(width) columns against the source's \(sourceWidth); shorten it or give the UI more room")
        }
        return findings
    }

    /// Format specifier and brace syntax of one string (source or translation). `formatted` says
    /// whether the entry's strings go through a formatter (`EntryArguments`): when they do not, a
    /// `%` sequence is text ("70%向上", "%70'e kadar", "100%。") and only braces and substitution
    /// names are checked.
    func checkSyntax(_ unit: TranslationUnit, entry: CatalogEntry, formatted: Bool) -> [LintFinding] {
        var findings: [LintFinding] = []
        let parsed = FormatSpecifierParser.parse(unit.value, inSubstitution: unit.path.substitution != nil)
        if formatted {
            for issue in parsed.issues {
                findings.append(.init(.invalidFormatSpecifier, key: entry.key, locale: unit.locale, path: unit.path, issue.message))
            }
        }
        // "70% for" and "100 %" are text, and misread only where the string is formatted.
        if formatted, !parsed.strayPercents.isEmpty {
            let shown = parsed.strayPercents.map { "'\($0)'" }.joined(separator: ", ")
            findings.append(.init(.strayPercent, key: entry.key, locale: unit.locale, path: unit.path,
                "\(shown) is a percent sign here, but formatting the string with its arguments reads a specifier there; write '%%' for a percent sign"))
        }
        for problem in MessageSyntax.problems(in: unit.value) {
            findings.append(.init(.malformedSyntax, key: entry.key, locale: unit.locale, path: unit.path, problem))
        }
        // A %#@name@ needs a matching substitution in the same localization.
        if unit.path.substitution == nil {
            let defined = Set(entry.localization(unit.locale)?["substitutions"]?.names ?? [])
            for specifier in parsed.specifiers {
                if case .substitution(_, let name) = specifier.kind, !defined.contains(name) {
                    findings.append(.init(.malformedSyntax, key: entry.key, locale: unit.locale, path: unit.path,
                        "'%#@\(name)@' refers to a substitution the \(unit.locale) localization does not define"))
                }
            }
        }
        return findings
    }

    /// Plural categories of every plural variation of `locale` against CLDR (through ICU), as
    /// Foundation reads them: a missing category falls back to `other` (a warning, since the
    /// text may rightly not change: German "%lld Byte"), a missing `other` leaves numbers with no
    /// string (an error), and `zero`, when present, serves 0 in every language.
    func checkPlurals(_ entry: CatalogEntry, locale: String) -> [LintFinding] {
        let expected = CLDR.pluralCategories(locale: locale).map(\.rawValue)
        var groups: [UnitPath: [String]] = [:]
        var order: [UnitPath] = []
        for unit in entry.units(locale) {
            guard let parent = unit.path.pluralParent, let category = unit.path.pluralCategory else { continue }
            if groups[parent] == nil { order.append(parent) }
            groups[parent, default: []].append(category)
        }
        var findings: [LintFinding] = []
        for parent in order {
            let present = groups[parent]!
            let missing = expected.filter { !present.contains($0) }
            let where_ = parent.isPlain ? "the plural variation" : "the plural variation of \(parent)"
            let uses = "\(locale) uses \(expected.joined(separator: ", "))"
            if !present.contains("other") {
                findings.append(.init(.pluralIncomplete, key: entry.key, locale: locale, path: parent.appendingPlural(missing.first ?? "other"),
                    "\(where_) lacks \(missing.isEmpty ? "other" : missing.joined(separator: ", ")) (\(uses)); with no 'other' form some numbers get no string"))
            } else if !missing.isEmpty {
                findings.append(.init(.pluralFallback, key: entry.key, locale: locale, path: parent.appendingPlural(missing[0]),
                    "\(where_) lacks \(missing.joined(separator: ", ")) (\(uses)); Foundation shows the 'other' form for them"))
            }
            for extra in present where !expected.contains(extra) && extra != "zero" {
                findings.append(.init(.pluralUnusedCategory, key: entry.key, locale: locale, path: parent.appendingPlural(extra),
                    "\(locale) has no '\(extra)' category (\(uses)); the string is never shown"))
            }
        }
        return findings
    }

    /// Keys no code refers to, and codes with no key.
    func checkKeyUsage(_ catalog: StringCatalog) -> [LintFinding] {
        guard let expectedKeys, !expectedKeys.isEmpty else { return [] }
        func namespace(_ key: String) -> String? {
            key.firstIndex { $0 == "/" || $0 == "." }.map { String(key[..<$0]) }
        }
        let namespaces = Set(expectedKeys.compactMap(namespace))
        let present = Set(catalog.keys)
        var findings: [LintFinding] = []
        for key in catalog.keys where !expectedKeys.contains(key) {
            if declaredKeys.contains(key) {
                findings.append(.init(.unusedKey, key: key, locale: nil, "declared by the program but no page or mail uses it; use it or remove it"))
            } else if let space = namespace(key), namespaces.contains(space) {
                findings.append(.init(.unusedKey, key: key, locale: nil, "no code in the '\(space)' namespace has this key; remove it or add the code"))
            }
        }
        for key in expectedKeys.sorted() where !present.contains(key) {
            findings.append(.init(.missingKey, key: key, locale: nil, "the program can produce this code but the catalog has no key for it"))
        }
        return findings
    }

    private func leadingWhitespace(_ text: String) -> String { String(text.prefix { $0.isWhitespace }) }
    private func trailingWhitespace(_ text: String) -> String { String(text.reversed().prefix { $0.isWhitespace }.reversed()) }
    private func visible(_ text: String) -> String {
        "\"" + text.replacingAll("\r", "\\r").replacingAll("\n", "\\n").replacingAll("\t", "\\t") + "\""
    }
}
