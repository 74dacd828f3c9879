/// Reads a flat JSON object of `id` to translation.
enum JSONFlatReader {
    static func read(_ bytes: [UInt8], path: String, locale: String) throws(CatalogError) -> ImportedFile {
        guard LocaleTag.isValid(locale) else { throw CatalogError("\(path): the file name must be <locale>.json") }
        let value: OrderedJSON
        do { value = try OrderedJSONReader.parse(bytes, limits: .init(maximumBytes: CatalogImporter.maximumBytes, maximumDepth: 4)) } catch {
            throw CatalogError("\(path): \(error.message)")
        }
        guard let members = value.members else { throw CatalogError("\(path): expected one JSON object of strings") }
        var result = ImportedFile(locale: locale, format: .json, units: [])
        for member in members {
            guard let text = member.value.stringValue, let (key, unitPath) = ExchangeUnit.parse(id: member.name) else {
                result.skipped.append("\(member.name): not a string, or not a key")
                continue
            }
            result.units.append(ImportedUnit(key: key, path: unitPath, target: text, source: nil, state: nil))
        }
        return result
    }
}
