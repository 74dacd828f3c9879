import GenkanJSON

/// An Apple String Catalog (`.xcstrings`) as Xcode writes it, read where its text lies: the whole
/// text is checked when it is read, but what is kept is the keys, their comments and where each
/// value is, so that a language's values can be parsed again from the text when they are wanted.
///
/// Only what Genkan reads is modelled; other members (such as `extractionState`) are checked as
/// JSON and otherwise ignored. A member of the wrong type is an error, as is a required one missing.
struct StringCatalogFile: Sendable {
    let sourceLanguage: String
    let version: String
    /// Every key, in the file's order.
    let keys: [String]
    /// Each key's translator comment, in the order of `keys`.
    let comments: [String?]
    /// Where each key's value in a language is in the text, in the order of `keys`: 8 bytes a
    /// value (about 200 KB for Genkan's catalog), where parsing them all again for each language
    /// was most of the time of its first page.
    let places: [String: [ValuePlace]]

    /// The bytes of one value in the text; empty where a key has no value in a language.
    struct ValuePlace: Sendable {
        let start: UInt32
        let end: UInt32

        static let none = ValuePlace(start: 0, end: 0)
        var range: Range<Int> { Int(start)..<Int(end) }
        var isEmpty: Bool { start == end }
    }

    /// One language's value: a string unit or variations, and the substitutions it refers to.
    struct Localization: Sendable {
        let stringUnit: StringUnit?
        let variations: Variations?
        let substitutions: [String: Substitution]?
    }

    struct StringUnit: Sendable {
        let state: String
        let value: String
    }

    /// Values by plural category (`one`, `other`, ...) or by device (`iphone`, `mac`, `other`, ...).
    struct Variations: Sendable {
        let plural: [String: Localization]?
        let device: [String: Localization]?
    }

    /// A `%#@name@` argument with its own plural variations; `%arg` in them is the argument.
    struct Substitution: Sendable {
        let argNum: Int?
        let formatSpecifier: String
        let variations: Variations?
    }
}

// MARK: - Reading the text

extension StringCatalogFile {
    /// How the text is read: strict JSON (RFC 8259), a repeated name refused as Xcode refuses it,
    /// a byte order mark allowed as editors write one.
    static let options = JSONReader.Options(allowsByteOrderMark: true)

    /// Reads the catalog from `bytes`, checking the whole text, and hands each value to `visit`
    /// (its language, the index of its key, and the value read).
    init(
        _ bytes: UnsafeBufferPointer<UInt8>, visit: (String, Int, Localization) -> Void
    ) throws(MessageCatalogError) {
        let top = try Self.members(bytes[...], path: [])
        func member(_ name: String) throws(MessageCatalogError) -> Range<Int> {
            guard let place = top.first(where: { $0.name == name })?.value else { throw Self.missing(name, path: []) }
            return place
        }
        sourceLanguage = try Self.string(Self.parse(bytes[try member("sourceLanguage")], path: ["sourceLanguage"]), path: ["sourceLanguage"])
        version = try Self.string(Self.parse(bytes[try member("version")], path: ["version"]), path: ["version"])
        let entries = try Self.members(bytes[try member("strings")], path: ["strings"])
        var keys: [String] = []
        var comments: [String?] = []
        var places: [String: [ValuePlace]] = [:]
        keys.reserveCapacity(entries.count)
        comments.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let key = entry.name
            var comment: String?
            for member in try Self.members(bytes[entry.value], path: ["strings", key]) {
                let value = bytes[member.value]
                switch member.name {
                case "comment":
                    let path = ["strings", key, member.name]
                    comment = try Self.optional(Self.parse(value, path: path), path: path) { $0.stringValue }
                case "shouldTranslate":
                    let path = ["strings", key, member.name]
                    _ = try Self.optional(Self.parse(value, path: path), path: path) { $0.boolValue }
                case "localizations" where value.first != UInt8(ascii: "n"):
                    let path = ["strings", key, member.name]
                    for localization in try Self.members(value, path: path) {
                        let valuePath = path + [localization.name]
                        visit(localization.name, index, try Localization(Self.parse(bytes[localization.value], path: valuePath), path: valuePath))
                        places[localization.name, default: Array(repeating: .none, count: entries.count)][index] =
                            ValuePlace(start: UInt32(localization.value.lowerBound), end: UInt32(localization.value.upperBound))
                    }
                default:
                    continue
                }
            }
            keys.append(key)
            comments.append(comment)
        }
        self.keys = keys
        self.comments = comments
        self.places = places
    }

    /// The values of `language` (one of `places`), read again from `bytes`, the text this was read
    /// from, with the index of each one's key.
    func localizations(_ language: String, in bytes: UnsafeBufferPointer<UInt8>) -> [(Int, Localization)] {
        guard let places = places[language] else { return [] }
        var localizations: [(Int, Localization)] = []
        localizations.reserveCapacity(places.count)
        for (index, place) in places.enumerated() where !place.isEmpty {
            // The text was checked when it was read, so this does not fail; should it, the key
            // falls back to the source language's value.
            guard let value = try? Localization(Self.parse(bytes[place.range], path: []), path: []) else { continue }
            localizations.append((index, value))
        }
        return localizations
    }
}

// MARK: - Reading values

extension StringCatalogFile {
    /// The members of the object `bytes` hold. The whole text is checked as JSON here; a part of
    /// it (checked with it) can only be of the wrong kind.
    private static func members(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, path: [String]
    ) throws(MessageCatalogError) -> [JSONReader.Member] {
        do {
            return try JSONReader.members(bytes, options: options)
        } catch {
            if path.isEmpty { throw MessageCatalogError("not a String Catalog: \(error)") }
            // A part was checked with the whole text, but for a name repeated inside it.
            if case .duplicateName = error.reason {
                throw MessageCatalogError("not a String Catalog: \(error.message) at \(path.joined(separator: "."))")
            }
            throw bytes.first == UInt8(ascii: "n") ? missingValue(path) : wrongType(path)
        }
    }

    /// The value of a part of the text (checked with the whole, but for a name repeated inside it).
    private static func parse(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, path: [String]) throws(MessageCatalogError) -> JSONValue {
        do {
            return try JSONReader.parse(bytes, options: options)
        } catch {
            throw MessageCatalogError("not a String Catalog: \(error.message) at \(path.joined(separator: "."))")
        }
    }

    private static func string(_ value: JSONValue, path: [String]) throws(MessageCatalogError) -> String {
        guard let text = value.stringValue else { throw value == .null ? missingValue(path) : wrongType(path) }
        return text
    }

    /// An optional member's value: nil when it is null.
    private static func optional<T>(_ value: JSONValue, path: [String], _ read: (JSONValue) -> T?) throws(MessageCatalogError) -> T? {
        if value == .null { return nil }
        guard let read = read(value) else { throw wrongType(path) }
        return read
    }

    fileprivate static func wrongType(_ path: [String]) -> MessageCatalogError {
        MessageCatalogError("not a String Catalog: wrong type at \(path.joined(separator: "."))")
    }

    fileprivate static func missingValue(_ path: [String]) -> MessageCatalogError {
        MessageCatalogError("not a String Catalog: missing value at \(path.joined(separator: "."))")
    }

    fileprivate static func missing(_ name: String, path: [String]) -> MessageCatalogError {
        MessageCatalogError("not a String Catalog: missing member '\(name)'" + (path.isEmpty ? "" : " at \(path.joined(separator: "."))"))
    }
}

/// The values read from their JSON, as `Decodable` would read them: an optional member may be
/// absent or null, a required one may not, and other members are ignored.
private struct ObjectReader {
    let members: JSONValue.Members
    let path: [String]

    init(_ value: JSONValue, path: [String]) throws(MessageCatalogError) {
        guard case .object(let members) = value else {
            throw value == .null ? StringCatalogFile.missingValue(path) : StringCatalogFile.wrongType(path)
        }
        self.members = members
        self.path = path
    }

    /// The member `name`, nil when it is absent or null.
    func optional(_ name: String) -> JSONValue? {
        guard let value = members.last(where: { $0.name == name })?.value, value != .null else { return nil }
        return value
    }

    func required(_ name: String) throws(MessageCatalogError) -> JSONValue {
        guard let value = members.last(where: { $0.name == name })?.value else { throw StringCatalogFile.missing(name, path: path) }
        guard value != .null else { throw StringCatalogFile.missingValue(path + [name]) }
        return value
    }

    func string(_ name: String, required: Bool = true) throws(MessageCatalogError) -> String? {
        guard let value = required ? try self.required(name) : optional(name) else { return nil }
        guard let text = value.stringValue else { throw StringCatalogFile.wrongType(path + [name]) }
        return text
    }

    func object(_ name: String) throws(MessageCatalogError) -> ObjectReader? {
        guard let value = optional(name) else { return nil }
        return try ObjectReader(value, path: path + [name])
    }

    /// An optional member that is an object of values of one kind, each read by `read`.
    func dictionary<T>(
        _ name: String, _ read: (JSONValue, [String]) throws(MessageCatalogError) -> T
    ) throws(MessageCatalogError) -> [String: T]? {
        guard let object = try object(name) else { return nil }
        var values: [String: T] = [:]
        for (key, value) in object.members { values[key] = try read(value, object.path + [key]) }
        return values
    }
}

extension StringCatalogFile.Localization {
    init(_ value: JSONValue, path: [String]) throws(MessageCatalogError) {
        let object = try ObjectReader(value, path: path)
        if let unit = try object.object("stringUnit") {
            stringUnit = StringCatalogFile.StringUnit(state: try unit.string("state")!, value: try unit.string("value")!)
        } else {
            stringUnit = nil
        }
        variations = try StringCatalogFile.Variations(object.object("variations"))
        substitutions = try object.dictionary("substitutions") { value, path throws(MessageCatalogError) in
            try StringCatalogFile.Substitution(ObjectReader(value, path: path))
        }
    }
}

extension StringCatalogFile.Variations {
    /// The variations of `object`; nil when there is none.
    fileprivate init?(_ object: ObjectReader?) throws(MessageCatalogError) {
        guard let object else { return nil }
        plural = try object.dictionary("plural") { value, path throws(MessageCatalogError) in try StringCatalogFile.Localization(value, path: path) }
        device = try object.dictionary("device") { value, path throws(MessageCatalogError) in try StringCatalogFile.Localization(value, path: path) }
    }
}

extension StringCatalogFile.Substitution {
    fileprivate init(_ object: ObjectReader) throws(MessageCatalogError) {
        if let number = object.optional("argNum") {
            guard let argument = number.integerValue else { throw StringCatalogFile.wrongType(object.path + ["argNum"]) }
            argNum = argument
        } else {
            argNum = nil
        }
        formatSpecifier = try object.string("formatSpecifier")!
        variations = try StringCatalogFile.Variations(object.object("variations"))
    }
}
