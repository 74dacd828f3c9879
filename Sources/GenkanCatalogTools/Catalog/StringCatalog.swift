import GenkanJSON
import GenkanUnicode

/// A String Catalog (`.xcstrings`): Xcode's JSON file of localizable strings, kept as the JSON it
/// was read from so that fields Genkan does not know survive and a read and write with no change
/// gives back the same bytes.
public struct StringCatalog: Sendable, Equatable {
    /// The whole document.
    public private(set) var root: JSONValue
    /// Whitespace after the closing brace as read (Xcode writes none).
    public var trailingText: String

    /// Files larger than this are refused.
    public static let maximumBytes = 32 << 20

    /// Reads a catalog from its bytes.
    public init(bytes: [UInt8]) throws(CatalogError) {
        let root = try CatalogJSON.parse(bytes, maximumBytes: Self.maximumBytes, maximumDepth: 48)
        guard case .object = root else { throw CatalogError("a String Catalog is a JSON object") }
        guard root["sourceLanguage"]?.stringValue?.isEmpty == false else {
            throw CatalogError("the catalog has no \"sourceLanguage\"")
        }
        guard let strings = root["strings"], case .object = strings else {
            throw CatalogError("the catalog has no \"strings\" object")
        }
        self.root = root
        var end = bytes.endIndex
        while end > bytes.startIndex, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        trailingText = String(decoding: bytes[end...], as: UTF8.self)
    }

    /// Reads a catalog from its text.
    public init(text: String) throws(CatalogError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// An empty catalog for `sourceLanguage`.
    public init(sourceLanguage: String) {
        root = .object([
            ("sourceLanguage", .string(sourceLanguage)),
            ("strings", .object([])),
            ("version", .string("1.0")),
        ])
        trailingText = ""
    }

    /// The catalog in Xcode's layout.
    public var text: String { root.xcodeText() + trailingText }

    /// The language the keys' source text is written in.
    public var sourceLanguage: String { root["sourceLanguage"]?.stringValue ?? "en" }

    /// Every key, in file order.
    public var keys: [String] { root["strings"]?.names ?? [] }

    /// The raw JSON of one key's entry.
    public func entryValue(_ key: String) -> JSONValue? { root["strings"]?[key] }

    /// One key's entry, typed.
    public func entry(_ key: String) -> CatalogEntry? {
        entryValue(key).map { CatalogEntry(key: key, value: $0) }
    }

    /// Every entry, in file order.
    public var entries: [CatalogEntry] {
        (root["strings"]?.members ?? []).map { CatalogEntry(key: $0.name, value: $0.value) }
    }

    /// Every locale that has at least one localization, the source language first, the others
    /// sorted.
    public var locales: [String] {
        var seen = Set<String>()
        for entry in entries { seen.formUnion(entry.localizationLocales) }
        seen.remove(sourceLanguage)
        return [sourceLanguage] + seen.sorted()
    }

    /// The locales translations are expected for: every locale but the source.
    public var targetLocales: [String] { Array(locales.dropFirst()) }

    /// Changes one key's entry (creating it, in Xcode's key order, when missing).
    public mutating func updateEntry(_ key: String, _ change: (inout JSONValue) -> Void) {
        root.update(["strings"], order: Self.topLevelOrder) { strings in
            var entry = strings[key] ?? .object([])
            change(&entry)
            strings.set(key, entry, order: CatalogKeyCollation.precedes)
        }
    }

    /// The order of member names everywhere but under `strings`: code point order, as a sorted
    /// JSON encoder gives.
    static func topLevelOrder(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }
}
