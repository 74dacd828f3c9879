import GenkanJSON
import Testing

/// The reader's options and limits, and where its errors point.
@Suite struct ReaderOptionTests {
    @Test func duplicateNamesAreRefusedKeptLastOrKeptAll() throws {
        let text = #"{"a":1,"b":2,"a":3}"#
        #expect(throws: JSONError.self) { _ = try JSONReader.parse(text) }
        do {
            _ = try JSONReader.parse(text)
        } catch {
            #expect(error.reason == .duplicateName("a") && error.offset == 13 && error.column == 14)
        }
        // Python's json keeps the last value at the first one's place: {"a": 3, "b": 2}.
        #expect(try JSONReader.parse(text, options: .init(duplicateNames: .keepLast)) == .object([("a", .integer(3)), ("b", .integer(2))]))
        let all = try JSONReader.parse(text, options: .init(duplicateNames: .keepAll))
        #expect(all == .object([("a", .integer(1)), ("b", .integer(2)), ("a", .integer(3))]))
        #expect(all["a"] == .integer(3))
    }

    /// Past eight members names are looked up in a table; the answers must not change.
    @Test func duplicatesInLargeObjects() throws {
        let names = (0..<40).map { "k\($0)" }
        let members = names.map { "\"\($0)\":1" } + ["\"k3\":2", "\"k39\":3"]
        let text = "{" + members.joined(separator: ",") + "}"
        #expect(throws: JSONError.self) { _ = try JSONReader.parse(text) }
        let kept = try JSONReader.parse(text, options: .init(duplicateNames: .keepLast))
        #expect(kept.names == names && kept["k3"] == .integer(2) && kept["k39"] == .integer(3) && kept["k0"] == .integer(1))
        let unique = "{" + names.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
        #expect(try JSONReader.parse(unique).names == names)
    }

    @Test func loneSurrogatesCanBeShownAsReplacementCharacters() throws {
        let options = JSONReader.Options(loneSurrogates: .replace)
        #expect(try JSONReader.parse(#""a\ud800b""#, options: options) == .string("a\u{FFFD}b"))
        #expect(try JSONReader.parse(#""\udc00\ud83d\ude00""#, options: options) == .string("\u{FFFD}😀"))
        #expect(try JSONReader.parse(#""\ud800\u0041""#, options: options) == .string("\u{FFFD}A"))
        do {
            _ = try JSONReader.parse(#"["ok", "x\ud800"]"#)
            Issue.record("a lone surrogate was read")
        } catch {
            #expect(error.reason == .loneSurrogate && error.offset == 9)
        }
    }

    @Test func depthAndSizeAreLimited() throws {
        let deep = { (n: Int) in String(repeating: "[", count: n) + String(repeating: "]", count: n) }
        _ = try JSONReader.parse(deep(64))
        #expect(throws: JSONError.self) { _ = try JSONReader.parse(deep(65)) }
        _ = try JSONReader.parse(deep(3), options: .init(maximumDepth: 3))
        #expect(throws: JSONError.self) { _ = try JSONReader.parse(deep(4), options: .init(maximumDepth: 3)) }
        // Deep enough to overflow a stack if nothing stopped it.
        #expect(throws: JSONError.self) { _ = try JSONReader.parse(deep(100_000)) }
        #expect(throws: JSONError.self) { _ = try JSONReader.parse("[1,2,3]", options: .init(maximumBytes: 6)) }
        _ = try JSONReader.parse("[1,2,3]", options: .init(maximumBytes: 7))
    }

    @Test func byteOrderMarkOnlyWhenAllowed() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        #expect(throws: JSONError.self) { _ = try JSONReader.parse(bytes) }
        #expect(try JSONReader.parse(bytes, options: .init(allowsByteOrderMark: true)) == .object([]))
    }

    @Test func errorsSayLineAndColumn() {
        do {
            _ = try JSONReader.parse("{\n  \"é\": 1,\n  \"b\" 2\n}")
            Issue.record("read")
        } catch {
            #expect(error.line == 3 && error.column == 7 && error.reason == .expected("':'"))
            #expect(error.description == "line 3, column 7: expected ':'")
        }
    }

    @Test func numbersKeepTheirTextAndReadExactly() throws {
        let value = try JSONReader.parse("[9007199254740993, 1.0, 3e2, 2.5, -9223372036854775808, 9223372036854775808, 1e400, 0.1]")
        let elements = try #require(value.arrayValue)
        let numbers = elements.compactMap(\.numberValue)
        try #require(numbers.count == 8)
        #expect(numbers.map(\.text) == ["9007199254740993", "1.0", "3e2", "2.5", "-9223372036854775808", "9223372036854775808", "1e400", "0.1"])
        #expect(numbers[0].int64 == 9_007_199_254_740_993)  // not rounded through a Double
        #expect(numbers[1].int == 1 && numbers[2].int == 300 && numbers[3].int == nil)
        #expect(numbers[4].int64 == .min && numbers[5].int64 == nil)
        #expect(numbers[3].double == 2.5 && numbers[6].double == .infinity && numbers[7].double == 0.1)
        #expect(JSONNumber(text: "01") == nil && JSONNumber(text: "-1.5e+3")?.double == -1500)
        #expect(JSONNumber(Double.nan) == nil && JSONNumber(1e-7)?.text == "1e-07")
        #expect(JSONValue.double(.infinity) == .null)
        let finite = JSONReader.Options(requiresFiniteDoubles: true)
        #expect(throws: JSONError.self) { _ = try JSONReader.parse("[1e400]", options: finite) }
        #expect(throws: JSONError.self) { _ = try JSONReader.parse("-1E309", options: finite) }
        #expect(try JSONReader.parse("[1e308, 1e-400, 123456789012345678901234567890]", options: finite).arrayValue?.count == 3)
    }
}
