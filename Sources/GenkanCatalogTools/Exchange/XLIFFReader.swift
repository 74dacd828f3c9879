/// Reads an XLIFF 1.2 file with one `<file>` for the catalog (others are skipped).
enum XLIFFReader {
    static func read(_ bytes: [UInt8], path: String) throws(CatalogError) -> ImportedFile {
        let root = try XMLNode.parse(bytes, path: path)
        guard root.name == "xliff" else { throw CatalogError("\(path): not an XLIFF file (root element <\(root.name)>)") }
        let files = root.elements("file")
        guard let file = files.first(where: { $0.attributes["original"]?.hasSuffix(".xcstrings") == true }) ?? files.first else {
            throw CatalogError("\(path): the XLIFF file has no <file>")
        }
        guard let locale = file.attributes["target-language"], LocaleTag.isValid(locale) else {
            throw CatalogError("\(path): the <file> has no valid target-language")
        }
        var result = ImportedFile(locale: locale, format: .xliff, units: [])
        for unit in file.descendants("trans-unit") {
            guard let id = unit.attributes["id"], let (key, unitPath) = ExchangeUnit.parse(id: id) else {
                result.skipped.append("a trans-unit has no usable id")
                continue
            }
            guard let target = unit.first("target") else { continue }
            result.units.append(ImportedUnit(
                key: key, path: unitPath, target: target.text, source: unit.first("source")?.text,
                state: XLIFFFormat.catalogState(target.attributes["state"], qualifier: target.attributes["state-qualifier"])))
        }
        return result
    }
}
