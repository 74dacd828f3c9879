import Foundation

/// Reads a `<locale>.lproj` folder: its `.strings` files (the old-style property list syntax
/// Apple's "String Resources" documents) and `.stringsdict` files (XML property lists).
enum StringsReader {
    static func read(folder: URL) throws(CatalogError) -> ImportedFile {
        let name = folder.lastPathComponent
        guard name.hasSuffix(".lproj") else { throw CatalogError("\(folder.path): .strings files must be in a <locale>.lproj folder") }
        let locale = String(name.dropLast(6)).replacingAll("_", "-")
        guard LocaleTag.isValid(locale) else { throw CatalogError("\(folder.path): '\(locale)' is not a language tag") }
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
        } catch {
            throw CatalogError("\(folder.path): \(error.localizedDescription)")
        }
        var result = ImportedFile(locale: locale, format: .strings, units: [])
        for file in files where file.pathExtension == "strings" {
            for (name, value) in try parseStrings(try CatalogImporter.contents(file), path: file.path) {
                let (key, path) = place(ofName: name)
                result.units.append(ImportedUnit(key: key, path: path, target: value, source: nil, state: nil))
            }
        }
        for file in files where file.pathExtension == "stringsdict" {
            try readStringsdict(file, into: &result)
        }
        return result
    }

    /// What a `.strings` name stands for: `key|==|stringSet.0` names a phrase; any other name is a key.
    static func place(ofName name: String) -> (key: String, path: UnitPath) {
        name.contains("|==|") ? ExchangeUnit.parse(id: name) ?? (name, .plain) : (name, .plain)
    }

    private static func readStringsdict(_ url: URL, into result: inout ImportedFile) throws(CatalogError) {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(try CatalogImporter.contents(url)), format: nil)
        } catch {
            throw CatalogError("\(url.path): not a property list (\(error.localizedDescription))")
        }
        guard let top = plist as? [String: Any] else { throw CatalogError("\(url.path): the property list is not a dictionary") }
        for key in top.keys.sorted() {
            guard let entry = top[key] as? [String: Any] else { continue }
            if let devices = entry["NSStringDeviceSpecificRuleType"] as? [String: Any] {
                for (device, text) in devices.sorted(by: { $0.key < $1.key }) {
                    if let text = text as? String {
                        result.units.append(ImportedUnit(key: key, path: UnitPath(["device", device]), target: text, source: nil, state: nil))
                    }
                }
                continue
            }
            let format = entry["NSStringLocalizedFormatKey"] as? String ?? ""
            for (variable, rule) in entry.sorted(by: { $0.key < $1.key }) {
                guard let rule = rule as? [String: Any], rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType" else { continue }
                let base: [String] = variable == "value" && format == "%#@value@" ? [] : ["substitutions", variable]
                for category in ["zero", "one", "two", "few", "many", "other"] {
                    if let text = rule[category] as? String {
                        result.units.append(ImportedUnit(key: key, path: UnitPath(base + ["plural", category]), target: text, source: nil, state: nil))
                    }
                }
            }
            if format != "%#@value@", !format.isEmpty {
                result.units.append(ImportedUnit(key: key, path: .plain, target: format, source: nil, state: nil))
            }
        }
    }

    /// `"key" = "value";` pairs, with `/* */` and `//` comments, in file order.
    static func parseStrings(_ bytes: [UInt8], path: String) throws(CatalogError) -> [(String, String)] {
        var text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: Data(bytes), encoding: .utf16) else { throw CatalogError("\(path): bad UTF-16") }
            text = decoded
        } else {
            guard let decoded = String(validating: bytes, as: UTF8.self) else { throw CatalogError("\(path): not UTF-8") }
            text = decoded
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var scanner = Array(text.unicodeScalars)[...]
        var pairs: [(String, String)] = []
        func fail(_ message: String) -> CatalogError {
            let consumed = text.unicodeScalars.count - scanner.count
            let line = text.unicodeScalars.prefix(consumed).filter { $0 == "\n" }.count + 1
            return CatalogError("\(path): line \(line): \(message)")
        }
        func skip() throws(CatalogError) {
            while let scalar = scanner.first {
                if scalar.properties.isWhitespace { scanner.removeFirst(); continue }
                if scanner.starts(with: "/*".unicodeScalars) {
                    scanner.removeFirst(2)
                    while !scanner.isEmpty, !scanner.starts(with: "*/".unicodeScalars) { scanner.removeFirst() }
                    guard !scanner.isEmpty else { throw fail("an unterminated comment") }
                    scanner.removeFirst(2)
                    continue
                }
                if scanner.starts(with: "//".unicodeScalars) {
                    while let next = scanner.first, next != "\n" { scanner.removeFirst() }
                    continue
                }
                break
            }
        }
        func string() throws(CatalogError) -> String {
            guard scanner.first == "\"" else { throw fail("expected a quoted string") }
            scanner.removeFirst()
            var out = String.UnicodeScalarView()
            while let scalar = scanner.popFirst() {
                if scalar == "\"" { return String(out) }
                guard scalar == "\\" else { out.append(scalar); continue }
                guard let next = scanner.popFirst() else { break }
                switch next {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "U", "u":
                    let hex = String(String.UnicodeScalarView(scanner.prefix(4)))
                    guard hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { throw fail("a bad \\U escape") }
                    scanner.removeFirst(4)
                    out.append(decoded)
                default: out.append(next)
                }
            }
            throw fail("an unterminated string")
        }
        while true {
            try skip()
            if scanner.isEmpty { break }
            let key = try string()
            try skip()
            guard scanner.popFirst() == "=" else { throw fail("expected '=' after \"\(key)\"") }
            try skip()
            let value = try string()
            try skip()
            guard scanner.popFirst() == ";" else { throw fail("expected ';' after the value of \"\(key)\"") }
            pairs.append((key, value))
        }
        return pairs
    }
}
