/// What the code passes when it formats an entry's strings, and who says so.
///
/// In a catalog Xcode extracts, the key is the code's interpolation (`Text("Delete \(name)?")` is
/// the key `Delete %@?`), so the key's specifiers are the arguments every string of the entry is
/// formatted with: the source value is one rendering of them and may leave one out ("Delete this
/// file?"), as a translation may. A key the developer names (`password.too-short`, Genkan's own
/// keys) passes nothing itself; the code formats the source value's specifiers
/// (`String(format:)`), so the source value is the declaration. A key and source with no
/// specifiers are not formatted at all: a `%` in any of their strings ("70%向上", "%70'e kadar",
/// "100%。") is text.
struct EntryArguments: Sendable {
    enum Declaration: Sendable, Equatable {
        /// The key has format arguments: they are what the code passes.
        case key
        /// The key has none and the source value has some: the code formats the source value.
        case source
        /// Neither has any: the strings are shown as written.
        case none
    }

    let declaredBy: Declaration
    /// The arguments the code passes, by number and type (empty for `.none`).
    let passed: FormatArguments
    /// The arguments the source value shows in any of its forms.
    let sourceShows: FormatArguments

    /// Whether the entry's strings go through a formatter, so a `%` sequence in them is a specifier.
    var isFormatted: Bool { declaredBy != .none }

    init(entry: CatalogEntry, sourceLanguage: String) {
        let substitutions = SubstitutionArguments(entry: entry, locale: sourceLanguage)
        let units = entry.units(sourceLanguage)
        var shows = FormatArguments()
        for unit in units where unit.path.substitution == nil {
            shows.formUnion(FormatArguments(formatString: unit.value, units: units, substitutions: substitutions))
        }
        let key = FormatArguments(entry.key, substitutions: SubstitutionArguments.none)
        // Without a source string, Xcode shows the key: it is the source text.
        sourceShows = units.isEmpty ? key : shows
        if !key.types.isEmpty {
            declaredBy = .key
            passed = key
        } else if !shows.types.isEmpty {
            declaredBy = .source
            passed = shows
        } else {
            declaredBy = .none
            passed = FormatArguments()
        }
    }
}
