import GenkanUnicode

extension StringCatalog {
    /// The source text of `key` at `path`: the source language's string there, its `other` form
    /// when the source does not vary that way, its plain string, or the key itself (Xcode's rule
    /// for a key with no source localization).
    public func sourceText(_ key: String, _ path: UnitPath) -> String {
        guard let entry = entry(key) else { return key }
        let units = entry.units(sourceLanguage)
        if let unit = units.first(where: { $0.path == path }) { return unit.value }
        if path.pluralCategory != nil, let other = units.first(where: { $0.path == path.withPluralCategory("other") }) {
            return other.value
        }
        if let parent = path.pluralParent, let unit = units.first(where: { $0.path == parent }) { return unit.value }
        if let plain = units.first(where: { $0.path.isPlain }) { return plain.value }
        if let other = units.first(where: { $0.path.pluralCategory == "other" }) { return other.value }
        return key
    }

    /// The strings `locale` should have for `key`: the source's shape, with every plural variation
    /// given the categories `locale`'s language uses (CLDR, from ICU); plural variations the
    /// translation has of its own are kept too.
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
            } else {
                add(path)
            }
        }
        if locale != sourceLanguage {
            for path in entry.units(locale).map(\.path) {
                if path.pluralCategory != nil {
                    // The translation varies by plural where the source does not: the plain path
                    // it replaces is no longer expected.
                    if let parent = path.pluralParent { result.removeAll { $0 == parent } }
                    for category in categories { add(path.withPluralCategory(category)) }
                }
            }
        }
        return result
    }

    /// Sets the string of `key` in `locale` at `path`, creating the localization and variation
    /// as needed, in Xcode's member order. A plain string replaces plural variations at the same
    /// place and the other way round.
    public mutating func setUnit(_ key: String, locale: String, path: UnitPath, value: String, state: String) {
        updateEntry(key) { entry in
            entry.update(["localizations", locale], order: Self.topLevelOrder) { localization in
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

    /// Sets the state of the string of `key` in `locale` at `path`, when it exists.
    public mutating func setState(_ key: String, locale: String, path: UnitPath, state: String) {
        guard entry(key)?.unit(locale, path) != nil else { return }
        updateEntry(key) { entry in
            entry.update(["localizations", locale] + path.jsonPath, order: Self.topLevelOrder) { unit in
                unit.set("state", .string(state), order: Self.topLevelOrder)
            }
        }
    }
}
