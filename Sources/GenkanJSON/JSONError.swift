/// Why a text is not the JSON a `JSONReader` accepts, and where: the byte offset, and the line and
/// column (counted in characters from 1) a person finds it at.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, one case a rule of RFC 8259 or a limit of `JSONReader.Options`.
    public enum Reason: Sendable, Hashable {
        case tooLarge(bytes: Int, limit: Int)
        case tooDeep(limit: Int)
        case unexpectedEnd
        case unexpectedCharacter
        case trailingText
        case expected(String)
        case invalidNumber
        case numberOutOfRange
        case controlCharacter
        case invalidEscape
        case loneSurrogate
        case invalidUTF8
        case duplicateName(String)
    }

    public let reason: Reason
    /// Bytes before the place of the error.
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(_ reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The reason in a sentence.
    public var message: String {
        switch reason {
        case .tooLarge(let bytes, let limit): "the text is \(bytes) bytes; the limit is \(limit)"
        case .tooDeep(let limit): "nested deeper than \(limit) levels"
        case .unexpectedEnd: "unexpected end of input"
        case .unexpectedCharacter: "unexpected character"
        case .trailingText: "unexpected text after the JSON value"
        case .expected(let what): "expected \(what)"
        case .invalidNumber: "invalid number (RFC 8259 §6: no leading zeros, digits after '.' and 'e')"
        case .numberOutOfRange: "a number past the range of a Double"
        case .controlCharacter: "a control character must be escaped inside a string"
        case .invalidEscape: "invalid escape"
        case .loneSurrogate: "a \\u escape of half a surrogate pair without its other half"
        case .invalidUTF8: "a string is not valid UTF-8"
        case .duplicateName(let name): "duplicate member name \"\(name)\""
        }
    }

    /// `line 3, column 7: unexpected character`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
