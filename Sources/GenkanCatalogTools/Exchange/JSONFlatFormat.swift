import GenkanJSON

/// One flat JSON object per locale: `"key"` or `"key|==|plural.one"` to the translation (an empty
/// string where there is none yet). A translation whose state is not plainly `translated`, or an
/// empty one a reviewer accepted, is an object in the catalog's own `stringUnit` shape instead:
/// `{ "state" : "machine_translated", "value" : "…" }`.
enum JSONFlatFormat {
    static func write(_ units: [ExchangeUnit], locale: String) throws(CatalogError) -> ExportedFile {
        // Each member name must read back as the string it names.
        try ExchangeUnit.requireReadingBack(units.map { ($0.key, $0.path) }, locale: locale, format: .json)
        let object = JSONValue.object(units.map { ($0.id, value($0)) })
        return ExportedFile(path: "\(locale).json", contents: object.xcodeText() + "\n")
    }

    private static func value(_ unit: ExchangeUnit) -> JSONValue {
        guard let target = unit.target else { return .string("") }
        if TranslationState.isReviewed(unit.state), !target.isEmpty { return .string(target) }
        return .object([
            ("state", .string(unit.state ?? TranslationState.translated)),
            ("value", .string(target)),
        ])
    }
}
