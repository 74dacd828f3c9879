import Foundation

/// Finds Genkan's own String Catalog when no file is named.
public enum CatalogLocator {
    /// The catalog's path inside the repository.
    public static let relativePath = "Resources/Localizable.xcstrings"

    /// `Resources/Localizable.xcstrings` in `directory` or the nearest ancestor that has one.
    public static func genkanCatalog(from directory: URL) -> URL? {
        var folder = directory.standardizedFileURL
        for _ in 0..<32 {
            let candidate = folder.appending(path: relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }

    /// Reads the catalog at `url`.
    public static func read(_ url: URL) throws(CatalogError) -> StringCatalog {
        do {
            let catalog = try StringCatalog(bytes: CatalogImporter.contents(url))
            return catalog
        } catch {
            throw CatalogError("\(url.path): \(error.message)")
        }
    }

    /// Writes `catalog` to `url` atomically (a temporary file renamed over it).
    public static func write(_ catalog: StringCatalog, to url: URL) throws(CatalogError) {
        do {
            try Data(catalog.text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CatalogError("\(url.path): \(error.localizedDescription)")
        }
    }
}
