import Foundation
import GenkanCatalogTools
import GenkanLocalization
import GenkanServer

/// The catalog a `genkan catalog` command works on: the FILE given, or Genkan's own
/// `Resources/Localizable.xcstrings` found from the current directory.
struct CatalogFile {
    let url: URL
    let catalog: StringCatalog
    /// True when this is Genkan's own catalog (so its keys are checked against Genkan's codes).
    let isGenkanCatalog: Bool
    /// True when no file was found and the copy compiled into `genkan` is read instead.
    var isEmbedded = false

    /// Opens `path`, or finds Genkan's catalog when `path` is nil: in `Resources/` of the current
    /// directory or one above it, else (for commands that only read) the copy built into genkan.
    static func open(_ path: String?, writable: Bool = false) throws -> CatalogFile {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let own = CatalogLocator.genkanCatalog(from: current)
        let url: URL
        if let path {
            guard path.hasSuffix(".xcstrings") else { throw UsageError("FILE must be a .xcstrings String Catalog, not '\(path)'") }
            url = URL(fileURLWithPath: path, relativeTo: current).standardizedFileURL
        } else {
            guard let own else {
                guard !writable else {
                    throw CatalogError("no \(CatalogLocator.relativePath) in this directory or above it; name the catalog to write to: genkan catalog import FILE TRANSLATED_FILE ...")
                }
                let catalog = try StringCatalog(text: MessageCatalog.standardSource)
                return CatalogFile(
                    url: current.appending(path: "Localizable.xcstrings"), catalog: catalog, isGenkanCatalog: true,
                    isEmbedded: true)
            }
            url = own
        }
        let catalog = try CatalogLocator.read(url)
        return CatalogFile(url: url, catalog: catalog, isGenkanCatalog: isGenkanRepository(catalog: url))
    }

    /// Whether `catalog` is `Resources/Localizable.xcstrings` of a package named Genkan.
    static func isGenkanRepository(catalog: URL) -> Bool {
        guard catalog.path.hasSuffix("/" + CatalogLocator.relativePath) else { return false }
        let root = catalog.deletingLastPathComponent().deletingLastPathComponent()
        guard let manifest = try? String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8) else { return false }
        return manifest.contains("name: \"Genkan\"")
    }

    /// A short name for messages: the path relative to the current directory when inside it.
    var displayPath: String {
        if isEmbedded { return "Localizable.xcstrings (built into genkan)" }
        let current = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(current) ? String(url.path.dropFirst(current.count)) : url.path
    }

    /// Every key Genkan's code looks up, which its catalog must have: each AuthErrorCode, each
    /// validation issue code, the shared credential message, the password-requirement messages,
    /// and every `PageKey` and `MailKey` some page or mail uses (`usedKeys`, found in the
    /// sources by the KeyUsage build plugin). A declared key no code uses is not among them, so
    /// the linter reports it as unused.
    static var genkanCodes: Set<String> { AuthErrorModel.referencedKeys.union(PageKey.usedKeys).union(MailKey.usedKeys) }

    /// Every key the site declares, used or not (for the linter's message about unused ones).
    static var genkanDeclaredKeys: Set<String> { PageKey.allKeys.union(MailKey.allKeys) }
}
