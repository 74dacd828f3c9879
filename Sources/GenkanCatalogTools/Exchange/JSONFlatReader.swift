import GenkanJSON

/// Reads a flat JSON object of `id` to translation: a string, or `{"state": …, "value": …}`.
enum JSONFlatReader {
    static func read(_ bytes: [UInt8], path: String, locale: String) throws(CatalogError) -> ImportedFile {
        guard LocaleTag.isValid(locale) else { throw CatalogError("\(path): the file name must be <locale>.json") }
        let value: JSONValue
        do { value = try CatalogJSON.parse(bytes, maximumBytes: CatalogImporter.maximumBytes, maximumDepth: 4) } catch {
            throw CatalogError("\(path): \(error.message)")
        }
        guard let members = value.members else { throw CatalogError("\(path): expected one JSON object of strings") }
        var result = ImportedFile(locale: locale, format: .json, units: [])
        for member in members {
            let text = member.value.stringValue ?? member.value["value"]?.stringValue
            let state = member.value.stringValue == nil ? member.value["state"]?.stringValue : nil
            guard let text, let (key, unitPath) = ExchangeUnit.parse(id: member.name) else {
                result.skipped.append("\(member.name): not a string or {\"state\", \"value\"}, or not a key")
                continue
            }
            result.units.append(ImportedUnit(key: key, path: unitPath, target: text, source: nil, state: state))
        }
        return result
    }
}
