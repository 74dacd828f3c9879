extension CatalogImporter {
    /// Merges `file` into `catalog` and says what changed. A string whose text and state are as
    /// the catalog has them changes nothing, so an unchanged export comes back byte for byte.
    ///
    /// - A translation whose source changed since the export (`<source>`, `msgid`, or the
    ///   manifest) is marked `needs_review`.
    /// - An empty translation is taken only when the file says a reviewer accepted it (state
    ///   `translated`) and the catalog has no text there; otherwise it means "not translated yet".
    /// - The phrases of a `stringSet` merge as one set: a phrase replaces the one at its position
    ///   or, past the end, is added (once: not when the set already has it); a file whose phrases
    ///   the set all has already changes none; the set has one state.
    public func merge(_ file: ImportedFile, into catalog: inout StringCatalog, manifest: [String: String] = [:]) -> ImportReport {
        let file = file.resolvingAndroidNames(in: catalog)
        var report = ImportReport(locale: file.locale)
        report.skipped = file.skipped
        guard file.locale != catalog.sourceLanguage else {
            report.skipped.append("the file is in the source language \(file.locale); nothing merged")
            return report
        }
        let categories = Set(CLDRCategories.names(file.locale))
        var phraseSets: [(key: String, parent: UnitPath, units: [ImportedUnit])] = []
        for read in file.units {
            // An empty string is "not translated yet" unless a reviewer accepted it.
            if read.target.isEmpty, !(read.stateIsExact && read.state == TranslationState.translated) { continue }
            let unit = Self.placingPhrases(read, in: catalog, locale: file.locale)
            let id = ExchangeUnit.id(key: unit.key, path: unit.path)
            guard let entry = catalog.entry(unit.key) else {
                report.skipped.append("\(id): the catalog has no such key")
                continue
            }
            guard entry.shouldTranslate else {
                report.skipped.append("\(id): the key is marked not to be translated")
                continue
            }
            // `zero` serves 0 in every language (Foundation); other categories the language
            // lacks are taken only where the catalog already has them.
            if let category = unit.path.pluralCategory, !categories.contains(category), category != "zero",
               entry.unit(file.locale, unit.path) == nil {
                report.skipped.append("\(id): \(file.locale) has no '\(category)' plural category")
                continue
            }
            if let parent = unit.path.phraseSetParent {
                if let at = phraseSets.firstIndex(where: { $0.key == unit.key && $0.parent == parent }) {
                    phraseSets[at].units.append(unit)
                } else {
                    phraseSets.append((unit.key, parent, [unit]))
                }
                continue
            }
            mergeString(unit, id: id, entry: entry, locale: file.locale, into: &catalog, manifest: manifest, report: &report)
        }
        for set in phraseSets {
            mergePhrases(set.units, key: set.key, parent: set.parent, locale: file.locale, into: &catalog, manifest: manifest, report: &report)
        }
        return report
    }

    private func mergeString(
        _ unit: ImportedUnit, id: String, entry: CatalogEntry, locale: String, into catalog: inout StringCatalog,
        manifest: [String: String], report: inout ImportReport
    ) {
        let existing = entry.unit(locale, unit.path)
        if unit.target.isEmpty {
            if let existing, !existing.value.isEmpty {
                report.skipped.append("\(id): the file gives an empty translation; the catalog's text is kept")
                return
            }
        }
        let sourceChanged = Self.sourceChanged(unit, id: id, catalog: catalog, manifest: manifest)
        if let existing, existing.value == unit.target {
            // Same text: only a different state the file states (or a changed source) changes it.
            var state = existing.state
            if let given = unit.state, Self.differs(given, from: existing.state, exact: unit.stateIsExact) { state = given }
            if sourceChanged { state = TranslationState.needsReview }
            if let state, state != existing.state {
                catalog.setState(unit.key, locale: locale, path: unit.path, state: state)
                report.changes.append(.init(id: id, kind: sourceChanged ? .sourceChanged : .stateChanged, old: existing.state, new: state))
            }
            return
        }
        let state = sourceChanged ? TranslationState.needsReview : (unit.state ?? TranslationState.translated)
        catalog.setUnit(unit.key, locale: locale, path: unit.path, value: unit.target, state: state)
        report.changes.append(.init(id: id, kind: existing == nil ? .added : (sourceChanged ? .sourceChanged : .updated),
                                    old: existing?.value, new: unit.target))
    }

    private func mergePhrases(
        _ units: [ImportedUnit], key: String, parent: UnitPath, locale: String, into catalog: inout StringCatalog,
        manifest: [String: String], report: inout ImportReport
    ) {
        // A phrase is never empty: an empty one leaves the set as it is. In phrase order; phrases
        // the file numbers alike stay in file order.
        let given = units.enumerated().filter { !$0.element.target.isEmpty }
            .sorted { ($0.element.path.phraseIndex!, $0.offset) < ($1.element.path.phraseIndex!, $1.offset) }
            .map(\.element)
        guard !given.isEmpty else { return }
        let current = catalog.phraseSet(key, locale: locale, at: parent)
        var values = current?.values ?? []
        var changes: [ImportReport.Change] = []
        var sourceChanged = false
        for unit in given {
            sourceChanged = sourceChanged || Self.sourceChanged(unit, id: ExchangeUnit.id(key: key, path: unit.path), catalog: catalog, manifest: manifest)
        }
        // A file whose every phrase the set already has changes no phrase. This is what makes a
        // second import of the same file change nothing: the first one may have numbered the
        // phrases it added differently from the file (a gap closed, a phrase the set had not added
        // again), so on the second the file's numbers no longer say where its phrases are. Only a
        // reordering of the set's own phrases is not taken; App Shortcuts match any of them.
        if !given.allSatisfy({ values.contains($0.target) }) {
            // A phrase replaces the one at its position (the first phrase the file numbers so, when
            // there are several); then the others, past the end or for a position already taken,
            // are added after the last phrase unless the set already has them. Replacing first
            // means no phrase the file gives is overwritten after it was placed or found, so after
            // this the set has every one of them (found by fuzz-xliff: a phrase the set already
            // had, then added phrases, then the same file again replaced one of those).
            var placed = Set<Int>()
            var rest: [ImportedUnit] = []
            for unit in given {
                let index = unit.path.phraseIndex!
                guard index < values.count, placed.insert(index).inserted else {
                    rest.append(unit)
                    continue
                }
                if values[index] != unit.target {
                    changes.append(.init(id: ExchangeUnit.id(key: key, path: unit.path), kind: .updated, old: values[index], new: unit.target))
                    values[index] = unit.target
                }
            }
            for unit in rest where !values.contains(unit.target) {
                changes.append(.init(id: ExchangeUnit.id(key: key, path: parent.appendingPhrase(values.count)), kind: .added, old: nil, new: unit.target))
                values.append(unit.target)
            }
        }
        // One state for the set: the one the file gives its phrases, `needs_review` when they disagree.
        let states = Set(given.compactMap(\.state))
        let fileState = states.count > 1 ? TranslationState.needsReview : states.first
        let exact = given.allSatisfy(\.stateIsExact)
        if changes.isEmpty, let current {
            var state = current.state
            if let fileState, Self.differs(fileState, from: current.state, exact: exact) { state = fileState }
            if sourceChanged { state = TranslationState.needsReview }
            if let state, state != current.state {
                catalog.setState(key, locale: locale, path: parent.appendingPhrase(0), state: state)
                report.changes.append(.init(id: ExchangeUnit.id(key: key, path: parent.appendingPhrase(0)),
                                            kind: sourceChanged ? .sourceChanged : .stateChanged, old: current.state, new: state))
            }
            return
        }
        let state = sourceChanged ? TranslationState.needsReview : (fileState ?? TranslationState.translated)
        catalog.setPhrases(key, locale: locale, at: parent, values: values, state: state)
        report.changes += changes.map { change in
            sourceChanged && change.kind == .updated ? .init(id: change.id, kind: .sourceChanged, old: change.old, new: change.new) : change
        }
    }

    /// Whether the source the file carries (or the manifest recorded) differs from the catalog's.
    private static func sourceChanged(_ unit: ImportedUnit, id: String, catalog: StringCatalog, manifest: [String: String]) -> Bool {
        guard let exported = unit.source ?? manifest[id] else { return false }
        return exported != catalog.sourceText(unit.key, unit.path)
    }

    /// Whether a state read from a file changes the catalog's `current` one: any difference when
    /// the file states it exactly, otherwise only a move between reviewed and waiting for review.
    private static func differs(_ given: String, from current: String?, exact: Bool) -> Bool {
        exact ? given != (current ?? TranslationState.translated)
            : TranslationState.isReviewed(given) != TranslationState.isReviewed(current)
    }

    /// A plain string for a key whose translation is a phrase set at that place (or whose source
    /// is, while the translation has nothing there) is its first phrase: formats that know no
    /// phrase sets (.strings, a hand-made JSON) name the key alone.
    private static func placingPhrases(_ unit: ImportedUnit, in catalog: StringCatalog, locale: String) -> ImportedUnit {
        guard unit.path.phraseIndex == nil, unit.path.pluralCategory == nil else { return unit }
        let translationHasSet = catalog.phraseSet(unit.key, locale: locale, at: unit.path) != nil
        let sourceHasSet = catalog.phraseSet(unit.key, locale: catalog.sourceLanguage, at: unit.path) != nil
        guard translationHasSet || (sourceHasSet && catalog.entry(unit.key)?.unit(locale, unit.path) == nil) else { return unit }
        return unit.moved(key: unit.key, path: unit.path.appendingPhrase(0))
    }
}

extension ImportedUnit {
    /// The same translation at another key or place.
    func moved(key: String, path: UnitPath) -> ImportedUnit {
        ImportedUnit(key: key, path: path, target: target, source: source, state: state, stateIsExact: stateIsExact)
    }
}
