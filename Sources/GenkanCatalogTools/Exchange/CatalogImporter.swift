import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads translated exchange files and merges them into a catalog.
public struct CatalogImporter: Sendable {
    /// Files larger than this are refused.
    public static let maximumBytes = 16 << 20

    public init() {}

    /// Reads `url`: an `.xliff`/`.xlf`, `.po`, `.json`, `.strings`/`.stringsdict` (or the `.lproj`
    /// folder), or an Android `strings.xml` (or its `values-…` folder).
    public func read(_ url: URL) throws(CatalogError) -> ImportedFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CatalogError("\(url.path): no such file")
        }
        let name = url.lastPathComponent
        if isDirectory.boolValue {
            if name.hasSuffix(".lproj") { return try StringsReader.read(folder: url) }
            if name.hasPrefix("values-") { return try AndroidReader.read(url.appending(path: "strings.xml"), locale: AndroidFormat.locale(ofFolder: name)) }
            throw CatalogError("\(url.path): a folder must be a <locale>.lproj or an Android values-<locale> folder")
        }
        let bytes = try Self.contents(url)
        switch url.pathExtension.lowercased() {
        case "xliff", "xlf": return try XLIFFReader.read(bytes, path: url.path)
        case "po": return try POReader.read(bytes, path: url.path, fallbackLocale: url.deletingPathExtension().lastPathComponent)
        case "json": return try JSONFlatReader.read(bytes, path: url.path, locale: url.deletingPathExtension().lastPathComponent)
        case "strings", "stringsdict": return try StringsReader.read(folder: url.deletingLastPathComponent())
        case "xml":
            return try AndroidReader.read(url, locale: AndroidFormat.locale(ofFolder: url.deletingLastPathComponent().lastPathComponent))
        default:
            throw CatalogError("\(url.path): unknown format (expected .xliff, .po, .json, .strings, .stringsdict or strings.xml)")
        }
    }

    static func contents(_ url: URL) throws(CatalogError) -> [UInt8] {
        let size: Int
        do {
            size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw CatalogError("\(url.path): \(error.localizedDescription)")
        }
        guard size <= maximumBytes else { throw CatalogError("\(url.path) is \(size) bytes; the limit is \(maximumBytes)") }
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw CatalogError("\(url.path): \(error.localizedDescription)")
        }
    }

    /// The export manifest beside `url` (or one folder up), if there is one: exported id to source.
    public func manifestSources(near url: URL) -> [String: String] {
        let folders = [url.deletingLastPathComponent(), url.deletingLastPathComponent().deletingLastPathComponent(), url]
        for folder in folders {
            let candidate = folder.appending(path: CatalogExporter.manifestName)
            guard let bytes = try? Self.contents(candidate), let value = try? CatalogJSON.parse(bytes),
                  let members = value["sources"]?.members else { continue }
            return Dictionary(members.compactMap { member in member.value.stringValue.map { (member.name, $0) } },
                              uniquingKeysWith: { a, _ in a })
        }
        return [:]
    }
}

/// What one import changed.
public struct ImportReport: Sendable {
    public struct Change: Sendable, Hashable {
        public enum Kind: String, Sendable { case added, updated, sourceChanged = "source-changed", stateChanged = "state-changed" }
        public let id: String
        public let kind: Kind
        public let old: String?
        public let new: String?
    }

    public let locale: String
    public var changes: [Change] = []
    /// Units not merged, each with the reason.
    public var skipped: [String] = []
}
