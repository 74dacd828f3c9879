/// One attribute of an element: a name that cannot break out of the tag, and a value the writer
/// escapes (nil writes a boolean attribute such as `required`).
public struct HTMLAttribute: Sendable {
    public let name: String
    public let value: String?

    /// An attribute whose name is written in the source.
    public init(_ name: StaticString, _ value: String?) {
        self.name = name.description
        self.value = value
    }

    /// An attribute whose name comes from elsewhere (a rule's HTML description); nil unless the
    /// name is a plain attribute name (ASCII letters, digits and hyphens, starting with a letter).
    public init?(checkedName name: String, _ value: String?) {
        guard let first = name.utf8.first, Self.isLetter(first),
            name.utf8.allSatisfy({ Self.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D })
        else { return nil }
        self.name = name
        self.value = value
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }
}
