import GenkanJSON
import GenkanUnicode

extension StringCatalog {
    /// The source text of `key` at `path`: the source language's string there, its `other` form
    /// when the source does not vary that way, its plain string, or the key itself (Xcode's rule
    /// for a key with no source localization). A phrase of a `stringSet` beyond the source's own
    /// phrases (a translation may have more) shows the source's first phrase.
    public func sourceText(_ key: String, _ path: UnitPath) -> String {
        guard let entry = entry(key) else { return key }
        let units = entry.units(sourceLanguage)
        if let unit = units.first(where: { $0.path == path }) { return unit.value }
        if path.pluralCategory != nil, let other = units.first(where: { $0.path == path.withPluralCategory("other") }) {
            return other.value
        }
        if let parent = path.pluralParent, let unit = units.first(where: { $0.path == parent }) { return unit.value }
        if let parent = path.phraseSetParent {
            if let first = units.first(where: { $0.path == parent.appendingPhrase(0) }) { return first.value }
            if let unit = units.first(where: { $0.path == parent }) { return unit.value }
        }
        if let plain = units.first(where: { $0.path.isPlain }) { return plain.value }
        if let other = units.first(where: { $0.path.pluralCategory == "other" }) { return other.value }
        if let phrase = units.first(where: { $0.path.phraseIndex == 0 }) { return phrase.value }
        return key
    }

    /// The strings `locale` should have for `key`: the source's shape, with every plural variation
    /// given the categories `locale`'s language uses (CLDR, from ICU) and every phrase set at least
    /// its first phrase; plural variations and phrase sets the translation has of its own are kept
    /// too. A string whose source text is empty (the key `""`) asks for no translation, and a
    /// `zero` form (which Foundation shows for 0 in any language when present) is never required.
    public func expectedPaths(_ key: String, locale: String) -> [UnitPath] {
        guard let entry = entry(key), entry.shouldTranslate else { return [] }
        let categories = CLDR.pluralCategories(locale: locale).map(\.rawValue)
        var sourcePaths = entry.units(sourceLanguage).map(\.path)
        if sourcePaths.isEmpty { sourcePaths = [.plain] }
        var result: [UnitPath] = []
        func add(_ path: UnitPath) { if !result.contains(path) { result.append(path) } }
        for path in sourcePaths {
            if path.pluralCategory != nil {
                for category in categories { add(path.withPluralCategory(category)) }
            } else if let parent = path.phraseSetParent {
                add(parent.appendingPhrase(0))
            } else {
                add(path)
            }
        }
        guard locale != sourceLanguage else { return result }
        for path in entry.units(locale).map(\.path) {
            if let parent = path.pluralParent {
                // The translation varies by plural where the source does not: the plain path
                // it replaces is no longer expected.
                result.removeAll { $0 == parent }
                for category in categories { add(path.withPluralCategory(category)) }
            } else if let parent = path.phraseSetParent {
                result.removeAll { $0 == parent }
                add(parent.appendingPhrase(0))
            } else if result.contains(where: { $0.pluralParent == path }) {
                // The translation does not vary by plural where the source does (Xcode allows
                // it): its plain string is what is expected there.
                let at = result.firstIndex { $0.pluralParent == path }!
                result.removeAll { $0.pluralParent == path }
                result.insert(path, at: min(at, result.count))
            }
        }
        return result.filter { !sourceText(key, $0).isEmpty }
    }

    /// The phrases of the `stringSet` of `key` in `locale` at `parent`, and its state; nil when
    /// there is no phrase set there.
    public func phraseSet(_ key: String, locale: String, at parent: UnitPath) -> (values: [String], state: String?)? {
        guard let set = entry(key)?.localization(locale)?[path: parent.nodePath]?["stringSet"] else { return nil }
        return ((set["values"]?.elements ?? []).map { $0.stringValue ?? "" }, set["state"]?.stringValue)
    }

    /// Sets the `stringSet` of `key` in `locale` at `parent` to `values` with `state`, creating
    /// the localization as needed and keeping any other member the set has; a `stringUnit` at the
    /// same place is removed (Xcode refuses a node with both).
    public mutating func setPhrases(_ key: String, locale: String, at parent: UnitPath, values: [String], state: String) {
        updateEntry(key) { entry in
            entry.update(["localizations", locale] + parent.nodePath, order: Self.topLevelOrder) { node in
                node.remove("stringUnit")
                node.update(["stringSet"], order: Self.topLevelOrder) { set in
                    set.set("state", .string(state), order: Self.topLevelOrder)
                    set.set("values", .array(values.map(JSONValue.string)), order: Self.topLevelOrder)
                }
            }
        }
    }

    /// Sets the string of `key` in `locale` at `path`, creating the localization and variation
    /// as needed, in Xcode's member order. A plain string replaces plural variations at the same
    /// place and the other way round.
    public mutating func setUnit(_ key: String, locale: String, path: UnitPath, value: String, state: String) {
        if let parent = path.phraseSetParent, let index = path.phraseIndex {
            var values = phraseSet(key, locale: locale, at: parent)?.values ?? []
            if index < values.count { values[index] = value } else { values.append(value) }
            setPhrases(key, locale: locale, at: parent, values: values, state: state)
            return
        }
        let sourceLanguage = self.sourceLanguage
        updateEntry(key) { entry in
            // A substitution as the source declares it: its argument and type (`argNum`,
            // `formatSpecifier`), which Xcode writes into every language's copy and Foundation
            // reads from the language's own.
            let sourceSubstitution = path.substitution.flatMap { name in
                path.jsonPath.first == "substitutions" ? entry[path: ["localizations", sourceLanguage, "substitutions", name]] : nil
            }
            entry.update(["localizations", locale], order: Self.topLevelOrder) { localization in
                if let name = path.substitution, let sourceSubstitution, locale != sourceLanguage {
                    // A language's first string in this substitution: it gets the declaration too.
                    localization.update(["substitutions", name], order: Self.topLevelOrder) { node in
                        for member in ["argNum", "formatSpecifier"] where node[member] == nil {
                            if let value = sourceSubstitution[member] { node.set(member, value, order: Self.topLevelOrder) }
                        }
                    }
                }
                var parentPath = Array(path.jsonPath.dropLast())
                if path.pluralCategory != nil {
                    // variations / plural / category: replacing a plain string at the parent.
                    let parent = Array(parentPath.dropLast(3))
                    localization.update(parent, order: Self.topLevelOrder) { $0.remove("stringUnit") }
                } else {
                    localization.update(parentPath, order: Self.topLevelOrder) { node in
                        if var variations = node["variations"] {
                            variations.remove("plural")
                            if variations.members?.isEmpty == true { node.remove("variations") } else {
                                node.set("variations", variations, order: Self.topLevelOrder)
                            }
                        }
                    }
                }
                parentPath.append("stringUnit")
                localization.update(parentPath, order: Self.topLevelOrder) { unit in
                    unit.set("state", .string(state), order: Self.topLevelOrder)
                    unit.set("value", .string(value), order: Self.topLevelOrder)
                }
            }
        }
    }

    /// Sets the state of the string of `key` in `locale` at `path`, when it exists (for a phrase,
    /// the state of its whole set).
    public mutating func setState(_ key: String, locale: String, path: UnitPath, state: String) {
        guard entry(key)?.unit(locale, path) != nil else { return }
        updateEntry(key) { entry in
            entry.update(["localizations", locale] + path.jsonPath, order: Self.topLevelOrder) { unit in
                unit.set("state", .string(state), order: Self.topLevelOrder)
            }
        }
    }
}
