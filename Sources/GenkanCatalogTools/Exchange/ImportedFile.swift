/// One translation read from an exchange file.
public struct ImportedUnit: Sendable, Hashable {
    public let key: String
    public let path: UnitPath
    public let target: String
    /// The source text the file says the translator saw, when it carries one.
    public let source: String?
    /// The catalog state the file gives, nil when it gives none.
    public let state: String?
    /// False when the file can only tell a reviewed string from one waiting for review (a PO
    /// entry's `fuzzy` flag without genkan's state comment): the catalog's state is then kept
    /// unless the file moves the string across that line.
    public var stateIsExact = true
}

/// What an exchange file holds for one locale.
public struct ImportedFile: Sendable {
    public let locale: String
    public let format: ExchangeFormat
    public var units: [ImportedUnit]
    /// Variations the reader met but could not take back (reported, not merged).
    public var skipped: [String] = []
}
