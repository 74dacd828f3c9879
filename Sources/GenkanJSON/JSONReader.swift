/// Genkan's one JSON reader: strict RFC 8259 for everything Genkan receives, with the few choices
/// its users differ on as options.
///
/// Refused whatever the options: trailing commas, comments, single quotes, leading zeros, `NaN`,
/// raw control characters in strings, unknown escapes, invalid UTF-8, text after the value, and
/// input past `maximumBytes` or nested past `maximumDepth` (so a hostile text cannot exhaust
/// memory or the stack).
///
///     let value = try JSONReader.parse(bytes)                       // duplicates refused
///     let body = try JSONReader.parse(bytes, options: .init(duplicateNames: .keepLast))
public enum JSONReader {
    /// What to do with a member name an object repeats.
    public enum DuplicateNames: Sendable {
        /// An error (RFC 7515 §5.2 lets a JWS reader refuse them: two readers taking different
        /// copies would see two different tokens; Xcode refuses them in a String Catalog).
        case refuse
        /// The last value, at the place of the first (what Python's `json` and most parsers do).
        case keepLast
        /// Every copy, in order.
        case keepAll
    }

    /// What to do with a `\u` escape of half a surrogate pair.
    public enum LoneSurrogates: Sendable {
        /// An error: the text names no character.
        case refuse
        /// U+FFFD in its place, for a reader that shows what it got (`genkan validate --jsonl`).
        case replace
    }

    public struct Options: Sendable {
        public var duplicateNames: DuplicateNames
        public var loneSurrogates: LoneSurrogates
        public var maximumBytes: Int
        /// Values nested deeper than this are refused: the top value is at depth 0, so 1 allows
        /// only a scalar, 2 an array of scalars.
        public var maximumDepth: Int
        /// Whether a UTF-8 byte order mark may open the text (RFC 8259 §8.1 lets a reader ignore it;
        /// editors write one into files).
        public var allowsByteOrderMark: Bool
        /// Whether a number past `Double`'s range (`1e400`) is refused, for texts whose numbers
        /// their senders and readers hold as Doubles (RFC 8259 §6 lets a reader set such limits).
        public var requiresFiniteDoubles: Bool

        public init(
            duplicateNames: DuplicateNames = .refuse, loneSurrogates: LoneSurrogates = .refuse, maximumBytes: Int = 64 << 20,
            maximumDepth: Int = 64, allowsByteOrderMark: Bool = false, requiresFiniteDoubles: Bool = false
        ) {
            self.duplicateNames = duplicateNames
            self.loneSurrogates = loneSurrogates
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.allowsByteOrderMark = allowsByteOrderMark
            self.requiresFiniteDoubles = requiresFiniteDoubles
        }
    }

    /// Parses `bytes` as one JSON text.
    public static func parse(_ bytes: some Collection<UInt8>, options: Options = Options()) throws(JSONError) -> JSONValue {
        let parsed: Result<JSONValue, JSONError>? = bytes.withContiguousStorageIfAvailable { parse(buffer: $0, options: options) }
        return try (parsed ?? Array(bytes).withUnsafeBufferPointer { parse(buffer: $0, options: options) }).get()
    }

    /// Parses `bytes` as one JSON text: the same as the generic reading, without its run-time
    /// generic dispatch when called from another module (an import reads a hundred thousand users).
    public static func parse(_ bytes: [UInt8], options: Options = Options()) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { parse(buffer: $0, options: options) }.get()
    }

    /// Parses UTF-8 text.
    public static func parse(_ text: String, options: Options = Options()) throws(JSONError) -> JSONValue {
        var text = text
        return try text.withUTF8 { parse(buffer: $0, options: options) }.get()
    }

    /// Parses `bytes`, answering nil for anything that is not JSON (a caller that only needs to know).
    public static func value(_ bytes: some Collection<UInt8>, options: Options = Options()) -> JSONValue? {
        try? parse(bytes, options: options)
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, options: Options) -> Result<JSONValue, JSONError> {
        var reader = JSONScanner(bytes: buffer, options: options)
        return Result { () throws(JSONError) in try reader.document() }
    }
}

extension JSONReader {
    /// Parses UTF-8 text, answering nil for anything that is not JSON.
    public static func value(_ text: String, options: Options = Options()) -> JSONValue? {
        try? parse(text, options: options)
    }
}
