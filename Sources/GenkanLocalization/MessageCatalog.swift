import Foundation
import GenkanUnicode
import GenkanValidation

/// Messages from an Apple String Catalog (`.xcstrings`), formatted on any platform as Foundation
/// formats them on Apple's: positional specifiers, plural variations chosen by CLDR rules,
/// substitutions, and numbers in the locale's digits.
///
/// The whole catalog is checked when it is read, but a language's messages are compiled the first
/// time one of them is asked for, from the catalog's text where it lies (`CatalogText`): a server
/// holds the languages its visitors read, not all 54 columns (compiled, they were 8 MB of a fresh
/// server's 10 MB of live heap; one is about 150 KB). The source language, every message's
/// fallback, is compiled at once.
///
/// ```swift
/// let catalog = MessageCatalog.standard
/// catalog.string("ui.errors.summary", locale: "ru", arguments: [.integer(3)])
/// ```
public struct MessageCatalog: Sendable {
    /// The language the keys' values were written in first, and the fallback for the others.
    public let sourceLanguage: String
    /// Every language the catalog has values for: the source language first, then by tag.
    public let locales: [String]
    /// The keys, their comments and where their values are in `text`.
    private let file: StringCatalogFile
    /// The index of each key in `file`.
    private let indexes: [String: Int]
    private let text: CatalogText
    private let languages: CatalogLanguages

    /// The largest catalog file read (bytes).
    public static let maximumSize = 32 * 1024 * 1024

    /// Genkan's own catalog, `Resources/Localizable.xcstrings`, compiled into the library.
    public static let standard: MessageCatalog = {
        // The file is checked by the tests; should it ever fail to load, messages fall back to keys
        // rather than crashing a server.
        (try? MessageCatalog(json: EmbeddedResources.localizableCatalog))
            ?? MessageCatalog(emptyIn: "en")
    }()

    /// The text of Genkan's own catalog as compiled into the library, for tools that read the
    /// catalog when no copy is on disk.
    public static var standardSource: String { EmbeddedResources.localizableCatalog }

    /// Reads a catalog from its JSON text (kept, not copied: each language is compiled from it
    /// when first asked for).
    public init(json: String) throws(MessageCatalogError) {
        try self.init(text: CatalogText(json))
    }

    /// Reads a catalog from the bytes of an `.xcstrings` file.
    public init(data: Data) throws(MessageCatalogError) {
        try self.init(text: .data(data))
    }

    /// A catalog without keys.
    private init(emptyIn language: String) {
        sourceLanguage = language
        locales = [language]
        file = StringCatalogFile(sourceLanguage: language, version: "1.0", keys: [], comments: [], places: [:])
        indexes = [:]
        text = .string("")
        languages = CatalogLanguages(locales)
    }

    /// Checks the whole catalog (a file that is not a String Catalog throws here, not when a
    /// language is first asked for), finds its languages and compiles the source language.
    private init(text: CatalogText) throws(MessageCatalogError) {
        guard text.count <= Self.maximumSize else {
            throw MessageCatalogError("the catalog is larger than \(Self.maximumSize) bytes")
        }
        let read = text.withBytes { bytes in Result { () throws(MessageCatalogError) in try Self.read(bytes) } }
        let (file, languages, source) = try read.get()
        self.sourceLanguage = file.sourceLanguage
        self.locales = [file.sourceLanguage] + languages.subtracting([file.sourceLanguage]).sorted()
        self.file = file
        self.indexes = Dictionary(file.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.text = text
        self.languages = CatalogLanguages(locales)
        _ = self.languages.messages(sourceLanguage) { _ in source }
    }

    /// The catalog in `bytes`, every value checked: the languages that have a value and the source
    /// language's messages.
    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) throws(MessageCatalogError) -> (StringCatalogFile, Set<String>, [String: CatalogMessage]) {
        var languages: Set<String> = []
        let file = try StringCatalogFile(bytes) { language, _, localization in
            // One value that compiles makes a language; the others are checked, and compiled when
            // the language is asked for.
            if !languages.contains(language), CatalogMessage(localization) != nil { languages.insert(language) }
        }
        guard file.version.hasPrefix("1.") else {
            throw MessageCatalogError("String Catalog version \(file.version) is not supported (1.x is)")
        }
        languages.insert(file.sourceLanguage)
        return (file, languages, compile(file.sourceLanguage, of: file, in: bytes))
    }

    /// The messages of `language`, compiled from the catalog's text.
    private static func compile(_ language: String, of file: StringCatalogFile, in bytes: UnsafeBufferPointer<UInt8>) -> [String: CatalogMessage] {
        var messages: [String: CatalogMessage] = [:]
        let values = file.localizations(language, in: bytes)
        messages.reserveCapacity(values.count)
        for (index, localization) in values {
            messages[file.keys[index]] = CatalogMessage(localization)
        }
        return messages
    }

    /// Every key, sorted.
    public var keys: [String] { file.keys.sorted() }

    /// Whether the catalog has `key`.
    public func contains(_ key: String) -> Bool { indexes[key] != nil }

    /// The translator comment of `key`.
    public func comment(for key: String) -> String? { indexes[key].flatMap { file.comments[$0] } }

    /// Whether `key` has a value in `locale` whose every string unit is in the `translated` state.
    public func isTranslated(_ key: String, locale: String) -> Bool {
        messages(in: locale)?.byKey[key]?.isTranslated ?? false
    }

    /// The plural categories each plural of `key` has in `locale` (the message's own, then its
    /// substitutions'); empty when the value has no plural.
    func pluralCategorySets(_ key: String, locale: String) -> [[PluralCategory]] {
        messages(in: locale)?.byKey[key]?.pluralCategorySets ?? []
    }

    /// The message of `key` in `locale` (one of `locales`; the source language when the key has no
    /// value there) with positional `arguments`, or nil when the catalog has no such key.
    /// `isolatingArguments` puts each text argument inside FSI…PDI (`BidiIsolation`), so that an
    /// address or a name keeps its own direction inside a sentence of another.
    public func string(
        _ key: String, locale: String, arguments: [IssueParameter] = [], escaping: MessageEscaping = .none,
        isolatingArguments: Bool = false
    ) -> String? {
        var language = locale
        var message = messages(in: locale)?.byKey[key]
        if message == nil, locale != sourceLanguage {
            language = sourceLanguage
            message = messages(in: sourceLanguage)?.byKey[key]
        }
        guard let message else { return nil }
        let text = message.format(arguments, locale: language, isolating: isolatingArguments)
        return escaping == .html ? HTML.escape(text) : text
    }

    /// Whether the messages of `locale` have been compiled (asked for since the catalog was read).
    func isCompiled(_ locale: String) -> Bool { languages.isCompiled(locale) }

    /// The messages of `locale`, compiled now if this is the first time they are asked for; nil
    /// for a language the catalog does not have.
    private func messages(in locale: String) -> CatalogLanguages.Messages? {
        languages.messages(locale) { language in
            text.withBytes { bytes in Self.compile(language, of: file, in: bytes) }
        }
    }
}

/// How a formatted message is escaped for where it goes.
public enum MessageEscaping: Sendable, Hashable {
    /// Plain text.
    case none
    /// Text inside HTML content or a quoted attribute value: `& < > " '` become references.
    case html
}

/// A catalog that cannot be read, with the reason.
public struct MessageCatalogError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
