import Foundation

/// Reads an Android `strings.xml`, mapping resource names back to catalog keys on merge (see
/// `StringCatalog.keyForAndroidName`).
enum AndroidReader {
    static func read(_ url: URL, locale: String?) throws(CatalogError) -> ImportedFile {
        guard let locale, LocaleTag.isValid(locale) else {
            throw CatalogError("\(url.path): the folder must be values-<locale> (values-ja, values-pt-rBR, values-b+zh+Hans)")
        }
        let root = try XMLNode.parse(try CatalogImporter.contents(url), path: url.path)
        guard root.name == "resources" else { throw CatalogError("\(url.path): not an Android resources file") }
        var result = ImportedFile(locale: locale, format: .android, units: [])
        for node in root.children {
            guard let name = node.attributes["name"] else { continue }
            switch node.name {
            case "string":
                result.units.append(ImportedUnit(key: name, path: .plain, target: AndroidFormat.unescape(node.text), source: nil, state: nil))
            case "plurals":
                for item in node.elements("item") {
                    guard let quantity = item.attributes["quantity"] else { continue }
                    result.units.append(ImportedUnit(key: name, path: UnitPath(["plural", quantity]),
                                                     target: AndroidFormat.unescape(item.text), source: nil, state: nil))
                }
            case "string-array":
                for (index, item) in node.elements("item").enumerated() {
                    result.units.append(ImportedUnit(key: name, path: UnitPath.plain.appendingPhrase(index),
                                                     target: AndroidFormat.unescape(item.text), source: nil, state: nil))
                }
            default:
                result.skipped.append("<\(node.name) name=\"\(name)\">: not a string, plurals or string-array resource")
            }
        }
        return result
    }
}

extension ImportedFile {
    /// Android names are sanitized keys: turn them back into the catalog's keys.
    func resolvingAndroidNames(in catalog: StringCatalog) -> ImportedFile {
        guard format == .android else { return self }
        var byName: [String: String] = [:]
        for key in catalog.keys { byName[AndroidFormat.resourceName(key)] = byName[AndroidFormat.resourceName(key)] ?? key }
        var copy = self
        copy.units = units.map { $0.moved(key: byName[$0.key] ?? $0.key, path: $0.path) }
        return copy
    }
}
