/// The arguments a string of a catalog consumes, by number, as Xcode and Foundation match them:
/// its own specifiers (`%lld`, `%2$@`), each `%#@name@` as the argument its substitution names
/// (`argNum` and `formatSpecifier`), and `%arg` inside a substitution as that substitution's
/// argument; and the `${name}` parameters of App Intents phrases.
///
/// Substitution names play no part: a translation may name its substitutions as it likes
/// (`%#@posts@` where the source has `%#@arg1@`), or write as plain specifiers what the source
/// writes as a substitution (`%lld … %2$@` against a plural), and be right.
struct FormatArguments: Sendable, Equatable {
    /// Argument number (1-based) to type; the type is nil where the catalog does not say it (a
    /// substitution without `formatSpecifier`).
    var types: [Int: FormatSpecifier.ArgumentType?] = [:]
    /// `${name}` parameters, as written.
    var parameters: Set<String> = []

    /// Adds `other`'s arguments; a known type wins over an unknown one, the first known over later ones.
    mutating func formUnion(_ other: FormatArguments) {
        types.merge(other.types) { first, second in first ?? second }
        parameters.formUnion(other.parameters)
    }

    /// The arguments of `text` alone: a string of a localization whose substitutions are
    /// `substitutions`, lying in the substitution named `substitution` (where `%arg` is read), if any.
    init(_ text: String, substitution: String? = nil, substitutions: SubstitutionArguments) {
        let parsed = FormatSpecifierParser.parse(text, inSubstitution: substitution != nil)
        var next = 1
        for specifier in parsed.specifiers {
            switch specifier.kind {
            case .argument(let position, let type, _):
                add(position ?? next, type)
                if position == nil { next += 1 }
            case .substitution(let position, let name):
                let definition = substitutions.definitions[name]
                add(definition?.number ?? position ?? next, definition?.type)
                if position == nil { next += 1 }
            case .substitutionArgument:
                if let substitution, let definition = substitutions.definitions[substitution], let number = definition.number {
                    add(number, definition.type)
                }
            case .parameter(let name):
                parameters.insert("${\(name)}")
            case .percent:
                break
            }
        }
    }

    init() {}

    /// The arguments of `text` with those of every substitution it names: its own, and those of
    /// each variation of the substitutions (`units`, the localization's strings), where a form
    /// may hold more than `%arg`.
    init(formatString text: String, units: [TranslationUnit], substitutions: SubstitutionArguments) {
        self.init(text, substitutions: substitutions)
        for specifier in FormatSpecifierParser.parse(text).specifiers {
            guard case .substitution(_, let name) = specifier.kind else { continue }
            for form in units where form.path.substitution == name {
                formUnion(FormatArguments(form.value, substitution: name, substitutions: substitutions))
            }
        }
    }

    private mutating func add(_ number: Int, _ type: FormatSpecifier.ArgumentType?) {
        if let known = types[number] {
            if known == nil { types[number] = type }
        } else {
            types[number] = type
        }
    }
}

/// What one localization says about its substitutions: the argument each stands for.
struct SubstitutionArguments: Sendable {
    struct Definition: Sendable, Equatable {
        /// `argNum`, or where the substitution's `%#@name@` stands in the format string.
        var number: Int?
        /// The type `formatSpecifier` gives (`lld` is a 64-bit integer).
        var type: FormatSpecifier.ArgumentType?
    }

    let definitions: [String: Definition]

    /// No substitutions (a key, which names none).
    static let none = SubstitutionArguments(definitions: [:])

    private init(definitions: [String: Definition]) { self.definitions = definitions }

    /// The substitutions of `entry`'s `locale` localization.
    init(entry: CatalogEntry, locale: String) {
        var definitions: [String: Definition] = [:]
        for member in entry.localization(locale)?["substitutions"]?.members ?? [] {
            var number: Int?
            if case .number(let value)? = member.value["argNum"] { number = Int(value.text) }
            var type: FormatSpecifier.ArgumentType?
            if let specifier = member.value["formatSpecifier"]?.stringValue,
               case .argument(nil, let parsed, _)? = FormatSpecifierParser.parse("%" + specifier).specifiers.first?.kind {
                type = parsed
            }
            definitions[member.name] = Definition(number: number, type: type)
        }
        // A substitution without `argNum` stands for the argument its place in the format string gives.
        for unit in entry.units(locale) where unit.path.substitution == nil {
            var next = 1
            for specifier in FormatSpecifierParser.parse(unit.value).specifiers {
                switch specifier.kind {
                case .argument(let position, _, _):
                    if position == nil { next += 1 }
                case .substitution(let position, let name):
                    if definitions[name] != nil, definitions[name]?.number == nil { definitions[name]?.number = position ?? next }
                    if position == nil { next += 1 }
                default: break
                }
            }
        }
        self.definitions = definitions
    }
}
