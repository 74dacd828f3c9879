import Foundation
import GenkanUnicode
import GenkanValidation

/// Messages from an Apple String Catalog (`.xcstrings`), formatted on any platform as Foundation
/// formats them on Apple's: positional specifiers, plural variations chosen by CLDR rules,
/// substitutions, and numbers in the locale's digits.
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
    private let entries: [String: Entry]

    struct Entry: Sendable {
        let comment: String?
        let messages: [String: CatalogMessage]
    }

    /// The largest catalog file read (bytes).
    public static let maximumSize = 32 * 1024 * 1024

    /// Genkan's own catalog, `Resources/Localizable.xcstrings`, compiled into the library.
    public static let standard: MessageCatalog = {
        // The file is checked by the tests; should it ever fail to load, messages fall back to keys
        // rather than crashing a server.
        (try? MessageCatalog(json: EmbeddedResources.localizableCatalog))
            ?? MessageCatalog(sourceLanguage: "en", locales: ["en"], entries: [:])
    }()

    /// The text of Genkan's own catalog as compiled into the library, for tools that read the
    /// catalog when no copy is on disk.
    public static var standardSource: String { EmbeddedResources.localizableCatalog }

    private init(sourceLanguage: String, locales: [String], entries: [String: Entry]) {
        self.sourceLanguage = sourceLanguage
        self.locales = locales
        self.entries = entries
    }

    /// Reads a catalog from its JSON text.
    public init(json: String) throws(MessageCatalogError) {
        try self.init(data: Data(json.utf8))
    }

    /// Reads a catalog from the bytes of an `.xcstrings` file.
    public init(data: Data) throws(MessageCatalogError) {
        guard data.count <= Self.maximumSize else {
            throw MessageCatalogError("the catalog is larger than \(Self.maximumSize) bytes")
        }
        let file: StringCatalogFile
        do {
            file = try JSONDecoder().decode(StringCatalogFile.self, from: data)
        } catch let error as DecodingError {
            throw MessageCatalogError("not a String Catalog: \(error.summary)")
        } catch {
            throw MessageCatalogError("not a String Catalog: \(error)")
        }
        guard file.version.hasPrefix("1.") else {
            throw MessageCatalogError("String Catalog version \(file.version) is not supported (1.x is)")
        }
        var entries: [String: Entry] = [:]
        var languages: Set<String> = [file.sourceLanguage]
        for (key, entry) in file.strings {
            var messages: [String: CatalogMessage] = [:]
            for (language, localization) in entry.localizations ?? [:] {
                guard let message = CatalogMessage(localization) else { continue }
                messages[language] = message
                languages.insert(language)
            }
            entries[key] = Entry(comment: entry.comment, messages: messages)
        }
        self.sourceLanguage = file.sourceLanguage
        self.locales = [file.sourceLanguage] + languages.subtracting([file.sourceLanguage]).sorted()
        self.entries = entries
    }

    /// Every key, sorted.
    public var keys: [String] { entries.keys.sorted() }

    /// Whether the catalog has `key`.
    public func contains(_ key: String) -> Bool { entries[key] != nil }

    /// The translator comment of `key`.
    public func comment(for key: String) -> String? { entries[key]?.comment }

    /// Whether `key` has a value in `locale` whose every string unit is in the `translated` state.
    public func isTranslated(_ key: String, locale: String) -> Bool {
        entries[key]?.messages[locale]?.isTranslated ?? false
    }

    /// The plural categories each plural of `key` has in `locale` (the message's own, then its
    /// substitutions'); empty when the value has no plural.
    func pluralCategorySets(_ key: String, locale: String) -> [[PluralCategory]] {
        entries[key]?.messages[locale]?.pluralCategorySets ?? []
    }

    /// The message of `key` in `locale` (one of `locales`; the source language when the key has no
    /// value there) with positional `arguments`, or nil when the catalog has no such key.
    /// `isolatingArguments` puts each text argument inside FSI…PDI (`BidiIsolation`), so that an
    /// address or a name keeps its own direction inside a sentence of another.
    public func string(
        _ key: String, locale: String, arguments: [IssueParameter] = [], escaping: MessageEscaping = .none,
        isolatingArguments: Bool = false
    ) -> String? {
        guard let entry = entries[key] else { return nil }
        let language = entry.messages[locale] != nil ? locale : sourceLanguage
        guard let message = entry.messages[language] else { return nil }
        let text = message.format(arguments, locale: language, isolating: isolatingArguments)
        return escaping == .html ? HTML.escape(text) : text
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

extension DecodingError {
    /// Where decoding failed, as a JSON path, and why.
    var summary: String {
        let (context, what): (DecodingError.Context, String) = switch self {
        case .typeMismatch(_, let context): (context, "wrong type")
        case .valueNotFound(_, let context): (context, "missing value")
        case .keyNotFound(let key, let context): (context, "missing member '\(key.stringValue)'")
        case .dataCorrupted(let context): (context, "invalid JSON")
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "invalid")
        }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? what : "\(what) at \(path)"
    }
}
