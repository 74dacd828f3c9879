/// One translation read from an exchange file.
public struct ImportedUnit: Sendable, Hashable {
    public let key: String
    public let path: UnitPath
    public let target: String
    /// The source text the file says the translator saw, when it carries one.
    public let source: String?
    /// The catalog state the file gives, nil when it gives none.
    public let state: String?
}

/// What an exchange file holds for one locale.
public struct ImportedFile: Sendable {
    public let locale: String
    public let format: ExchangeFormat
    public var units: [ImportedUnit]
    /// Variations the reader met but could not take back (reported, not merged).
    public var skipped: [String] = []
}
