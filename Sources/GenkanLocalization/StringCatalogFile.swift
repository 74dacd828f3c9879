/// The JSON of an Apple String Catalog (`.xcstrings`), as Xcode writes it.
///
/// Only what Genkan reads is modelled; other members (such as `extractionState`) are ignored.
struct StringCatalogFile: Decodable, Sendable {
    let sourceLanguage: String
    let version: String
    let strings: [String: Entry]

    struct Entry: Decodable, Sendable {
        let comment: String?
        let shouldTranslate: Bool?
        let localizations: [String: Localization]?
    }

    /// One language's value: a string unit or variations, and the substitutions it refers to.
    struct Localization: Decodable, Sendable {
        let stringUnit: StringUnit?
        let variations: Variations?
        let substitutions: [String: Substitution]?
    }

    struct StringUnit: Decodable, Sendable {
        let state: String
        let value: String
    }

    /// Values by plural category (`one`, `other`, ...) or by device (`iphone`, `mac`, `other`, ...).
    struct Variations: Decodable, Sendable {
        let plural: [String: Localization]?
        let device: [String: Localization]?
    }

    /// A `%#@name@` argument with its own plural variations; `%arg` in them is the argument.
    struct Substitution: Decodable, Sendable {
        let argNum: Int?
        let formatSpecifier: String
        let variations: Variations?
    }
}
