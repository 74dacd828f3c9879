import GenkanUnicode
import GenkanValidation

/// One language's value of one catalog key, compiled for formatting.
struct CatalogMessage: Sendable {
    indirect enum Form: Sendable {
        case text(FormatTemplate)
        /// Forms by CLDR plural category, chosen by the integer argument `argument` (0-based).
        case plural([PluralCategory: Form], argument: Int)
    }

    struct Substitution: Sendable {
        /// The 0-based argument, when the catalog names it with `argNum`.
        let argument: Int?
        let conversion: Character
        let form: Form
    }

    let form: Form
    let substitutions: [String: Substitution]
    /// Whether every string unit of this value has the state `translated`.
    let isTranslated: Bool

    /// Compiles one localization; nil when it holds no value.
    init?(_ localization: StringCatalogFile.Localization) {
        var translated = true
        guard let form = Self.compile(localization, inSubstitution: false, translated: &translated) else { return nil }
        var substitutions: [String: Substitution] = [:]
        for (name, substitution) in localization.substitutions ?? [:] {
            guard let variations = substitution.variations,
                  let subform = Self.compile(StringCatalogFile.Localization(stringUnit: nil, variations: variations, substitutions: nil),
                                             inSubstitution: true, translated: &translated)
            else { translated = false; continue }
            substitutions[name] = Substitution(
                argument: substitution.argNum.map { $0 - 1 },
                conversion: substitution.formatSpecifier.last ?? "@",
                form: subform)
        }
        self.form = form
        self.substitutions = substitutions
        self.isTranslated = translated
    }

    private static func compile(
        _ localization: StringCatalogFile.Localization, inSubstitution: Bool, translated: inout Bool
    ) -> Form? {
        if let plural = localization.variations?.plural {
            var forms: [PluralCategory: Form] = [:]
            for (name, value) in plural {
                guard let category = PluralCategory(rawValue: name) else { continue }
                forms[category] = compile(value, inSubstitution: inSubstitution, translated: &translated)
            }
            guard !forms.isEmpty else { return nil }
            let argument = forms[.other].flatMap(firstIntegerArgument) ?? forms.values.lazy.compactMap(firstIntegerArgument).first ?? 0
            return .plural(forms, argument: argument)
        }
        if let device = localization.variations?.device {
            // A server has no device: the catch-all value applies.
            guard let value = device["other"] ?? device.keys.sorted().first.flatMap({ device[$0] }) else { return nil }
            return compile(value, inSubstitution: inSubstitution, translated: &translated)
        }
        guard let unit = localization.stringUnit else { return nil }
        if unit.state != "translated" { translated = false }
        return .text(FormatTemplate(unit.value, inSubstitution: inSubstitution))
    }

    private static func firstIntegerArgument(_ form: Form) -> Int? {
        switch form {
        case .text(let template): template.integerArguments.min()
        case .plural(_, let argument): argument
        }
    }

    /// The plural categories of each plural in this value, the message's own first.
    var pluralCategorySets: [[PluralCategory]] {
        var sets: [[PluralCategory]] = []
        func visit(_ form: Form) {
            if case .plural(let forms, _) = form {
                sets.append(forms.keys.sorted())
                forms.values.forEach(visit)
            }
        }
        visit(form)
        for name in substitutions.keys.sorted() { visit(substitutions[name]!.form) }
        return sets
    }

    /// The message with `arguments`, numbers and plural forms following `locale`; with
    /// `isolating`, each text argument is a bidirectional isolate (see `BidiIsolation`).
    func format(_ arguments: [IssueParameter], locale: String, isolating: Bool = false) -> String {
        var output = ""
        render(form, arguments, locale: locale, isolating: isolating, substituted: nil, into: &output)
        return output
    }

    private func render(
        _ form: Form, _ arguments: [IssueParameter], locale: String, isolating: Bool,
        substituted: (value: IssueParameter?, conversion: Character)?, into output: inout String
    ) {
        switch form {
        case .plural(let forms, let argument):
            let number = substituted.map { Self.number($0.value) } ?? Self.number(arguments.element(argument))
            render(Self.choose(forms, number: number, locale: locale), arguments, locale: locale, isolating: isolating,
                   substituted: substituted, into: &output)
        case .text(let template):
            for segment in template.segments {
                switch segment {
                case .literal(let text):
                    output += text
                case .argument(let index, let conversion):
                    Self.append(arguments.element(index), conversion: conversion, locale: locale, isolating: isolating, to: &output)
                case .substitution(let name, let index):
                    guard let substitution = substitutions[name] else { continue }
                    let value = arguments.element(substitution.argument ?? index)
                    render(substitution.form, arguments, locale: locale, isolating: isolating,
                           substituted: (value, substitution.conversion), into: &output)
                case .substitutedArgument:
                    if let substituted {
                        Self.append(substituted.value, conversion: substituted.conversion, locale: locale, isolating: isolating, to: &output)
                    }
                }
            }
        }
    }

    /// One formatted argument; a text (`%@`) one inside FSI…PDI when `isolating`. Numbers are
    /// written in the locale's own digits and need no isolate.
    private static func append(
        _ value: IssueParameter?, conversion: Character, locale: String, isolating: Bool, to output: inout String
    ) {
        let text = formatted(value, conversion: conversion, locale: locale)
        if isolating, BidiIsolation.textConversions.contains(conversion), !text.isEmpty {
            output += BidiIsolation.isolate(text)
        } else {
            output += text
        }
    }

    /// The form for `number`: its CLDR category, except that a `zero` form, when present, is used
    /// for 0 in every language (Foundation's rule for `.stringsdict`, OS X 10.9 release notes); a
    /// missing category falls back to `other`.
    private static func choose(_ forms: [PluralCategory: Form], number: Int, locale: String) -> Form {
        if number == 0, let zero = forms[.zero] { return zero }
        let category = CLDR.pluralCategory(of: number, locale: locale)
        return forms[category] ?? forms[.other] ?? forms[forms.keys.sorted().last!]!
    }

    private static func number(_ value: IssueParameter?) -> Int {
        switch value {
        case .integer(let number): number
        case .text(let text): Int(text.trimmingSpaces) ?? 0
        case nil: 0
        }
    }

    /// One argument as Foundation formats it: integers with the locale's digits and grouping
    /// (as `String.localizedStringWithFormat` does), objects by their description.
    private static func formatted(_ value: IssueParameter?, conversion: Character, locale: String) -> String {
        guard let value else { return "" }
        switch conversion {
        case "d", "i", "u", "D", "U":
            switch value {
            case .integer(let number): return CLDR.format(number, locale: locale)
            case .text(let text): return Int(text).map { CLDR.format($0, locale: locale) } ?? text
            }
        case "x": return String(number(value), radix: 16)
        case "X": return String(number(value), radix: 16, uppercase: true)
        case "o", "O": return String(number(value), radix: 8)
        default: return value.description
        }
    }
}

extension Array {
    func element(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
