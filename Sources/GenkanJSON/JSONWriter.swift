/// Genkan's one JSON writer: compact for API answers and pages, indented for people, and Xcode's
/// layout for String Catalogs, byte for byte. Members are written in their order; numbers as their
/// text.
public struct JSONWriter: Sendable {
    /// How strings are escaped.
    public enum Escaping: Sendable {
        /// What JSON requires, plus `<`, `>`, `&`, DEL, U+2028 and U+2029, so that the text is also
        /// safe inside HTML and JavaScript: what every answer Genkan serves uses.
        case htmlSafe
        /// What Foundation's writer (and so Xcode) escapes: quote, backslash and control characters
        /// only, `\b` `\f` `\n` `\r` `\t` short and the rest as lowercase `\u00xx`.
        case foundation
    }

    /// Spaces a level indents by; nil writes everything on one line.
    public var indent: Int?
    /// What stands between a name and its value: `:` compact, `: ` or Xcode's ` : `.
    public var nameSeparator: String
    public var escaping: Escaping
    /// Whether an empty object or array is written open with a blank line inside, as Foundation's
    /// pretty printer (and so Xcode) writes it.
    public var blankLineInEmptyContainers: Bool

    public init(indent: Int? = nil, nameSeparator: String = ":", escaping: Escaping = .htmlSafe, blankLineInEmptyContainers: Bool = false) {
        self.indent = indent
        self.nameSeparator = nameSeparator
        self.escaping = escaping
        self.blankLineInEmptyContainers = blankLineInEmptyContainers
    }

    /// One line, HTML-safe: `{"a":[1,"<\u003c"]}`.
    public static let compact = JSONWriter()
    /// Two spaces a level and `": "`, HTML-safe, for people reading output.
    public static let pretty = JSONWriter(indent: 2, nameSeparator: ": ")
    /// A String Catalog as Xcode writes it: two spaces, `" : "`, an empty container open with a
    /// blank line, slashes and non-ASCII text unescaped, no newline after the last brace.
    public static let xcode = JSONWriter(indent: 2, nameSeparator: " : ", escaping: .foundation, blankLineInEmptyContainers: true)

    /// The text of `value` as UTF-8.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(value, to: &output)
        return output
    }

    /// The text of `value`.
    public func text(_ value: JSONValue) -> String { String(decoding: bytes(value), as: UTF8.self) }

    /// Appends the text of `value` as UTF-8. The writer works on bytes because it builds every API
    /// answer: appending to a `String` a piece at a time cost a fifth of an `accounts:lookup`.
    public func write(_ value: JSONValue, to output: inout [UInt8]) {
        write(value, level: 0, to: &output)
    }

    private func write(_ value: JSONValue, level: Int, to output: inout [UInt8]) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .number(let number): output += number.text.utf8
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            open(UInt8(ascii: "["), empty: elements.isEmpty, level: level, to: &output)
            for (position, element) in elements.enumerated() {
                separate(first: position == 0, level: level + 1, to: &output)
                write(element, level: level + 1, to: &output)
            }
            close(UInt8(ascii: "]"), empty: elements.isEmpty, level: level, to: &output)
        case .object(let members):
            open(UInt8(ascii: "{"), empty: members.isEmpty, level: level, to: &output)
            for (position, member) in members.enumerated() {
                separate(first: position == 0, level: level + 1, to: &output)
                writeString(member.name, to: &output)
                output += nameSeparator.utf8
                write(member.value, level: level + 1, to: &output)
            }
            close(UInt8(ascii: "}"), empty: members.isEmpty, level: level, to: &output)
        }
    }

    private func open(_ bracket: UInt8, empty: Bool, level: Int, to output: inout [UInt8]) {
        output.append(bracket)
        if empty, indent != nil, blankLineInEmptyContainers { output += [0x0A, 0x0A] }
    }

    private func separate(first: Bool, level: Int, to output: inout [UInt8]) {
        if !first { output.append(UInt8(ascii: ",")) }
        guard let indent else { return }
        output.append(0x0A)
        output += repeatElement(UInt8(ascii: " "), count: indent * level)
    }

    private func close(_ bracket: UInt8, empty: Bool, level: Int, to output: inout [UInt8]) {
        if let indent, !empty || blankLineInEmptyContainers {
            if !empty { output.append(0x0A) }
            output += repeatElement(UInt8(ascii: " "), count: indent * level)
        }
        output.append(bracket)
    }

    /// Writes `text` quoted; runs of bytes that need no escape are copied whole.
    public func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { writeEscaped($0, to: &output) }
        if written == nil { Array(text.utf8).withUnsafeBufferPointer { writeEscaped($0, to: &output) } }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The bytes a string's text cannot hold as they are, under each escaping: JSON's own (quote,
    /// backslash, controls), and for `.htmlSafe` also `<`, `>`, `&`, DEL and 0xE2 (the first byte of
    /// U+2028 and U+2029, checked further). A table, so a run of plain bytes costs a load and a test
    /// each: the writer builds every API answer.
    private static let stops: (json: [Bool], htmlSafe: [Bool]) = {
        var json = [Bool](repeating: false, count: 256)
        for byte in 0..<0x20 { json[byte] = true }
        json[0x22] = true
        json[0x5C] = true
        var htmlSafe = json
        for byte in [0x3C, 0x3E, 0x26, 0x7F, 0xE2] { htmlSafe[byte] = true }
        return (json, htmlSafe)
    }()

    private func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let htmlSafe = escaping == .htmlSafe
        var runStart = 0
        var index = 0
        let end = bytes.count
        let stops = htmlSafe ? Self.stops.htmlSafe : Self.stops.json
        while index < end {
            let byte = bytes[index]
            guard stops.withUnsafeBufferPointer({ $0[Int(byte)] }) else {
                index += 1
                continue
            }
            var next = index + 1
            let escaped: UInt32
            switch byte {
            case 0x22, 0x5C, 0x00..<0x20:
                escaped = UInt32(byte)
            case 0x3C where htmlSafe, 0x3E where htmlSafe, 0x26 where htmlSafe, 0x7F where htmlSafe:
                escaped = UInt32(byte)
            case 0xE2 where htmlSafe && next + 1 < end && bytes[next] == 0x80 && (bytes[next + 1] == 0xA8 || bytes[next + 1] == 0xA9):
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in JavaScript.
                escaped = bytes[next + 1] == 0xA8 ? 0x2028 : 0x2029
                next += 2
            default:
                index = next
                continue
            }
            output += UnsafeBufferPointer(rebasing: bytes[runStart..<index])
            switch escaped {
            case 0x22: output += #"\""#.utf8
            case 0x5C: output += #"\\"#.utf8
            case 0x0A: output += #"\n"#.utf8
            case 0x0D: output += #"\r"#.utf8
            case 0x09: output += #"\t"#.utf8
            case 0x08 where !htmlSafe: output += #"\b"#.utf8
            case 0x0C where !htmlSafe: output += #"\f"#.utf8
            default:
                output += #"\u"#.utf8
                for shift in stride(from: 12, through: 0, by: -4) {
                    output.append(Self.hexDigits[Int((escaped >> UInt32(shift)) & 0xF)])
                }
            }
            index = next
            runStart = next
        }
        output += UnsafeBufferPointer(rebasing: bytes[runStart..<end])
    }
}

extension JSONValue {
    /// Compact, HTML-safe text (`JSONWriter.compact`): what API answers and pages carry.
    public func serialized() -> String { JSONWriter.compact.text(self) }

    /// `serialized()` as UTF-8, as a response body takes it.
    public func serializedBytes() -> [UInt8] { JSONWriter.compact.bytes(self) }

    /// Appends the compact text as UTF-8.
    public func write(to output: inout [UInt8]) { JSONWriter.compact.write(self, to: &output) }

    /// The text in Xcode's String Catalog layout (`JSONWriter.xcode`).
    public func xcodeText() -> String { JSONWriter.xcode.text(self) }
}
