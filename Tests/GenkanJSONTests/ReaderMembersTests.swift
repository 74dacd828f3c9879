import GenkanJSON
import GenkanTestSupport
import Testing

/// `JSONReader.members` against `parse`, the full path it must agree with: the same texts
/// accepted and refused, with the same error at the same place, and each member's bytes parsing
/// to the value `parse` reads there. The one difference: a name repeated inside a member's value
/// is found when that value is parsed.
@Suite struct ReaderMembersTests {
    /// Every grammar case as the value of a member, and (for what the grammar accepts) inside an
    /// array, an object and a second member, where only the skipping path reads it.
    static let texts: [String] = ReaderGrammarTests.accepted.map(\.1) + ReaderGrammarTests.refused.map(\.1)

    @Test(arguments: texts)
    func agreesWithParse(_ text: String) {
        for wrapped in [#"{"m":\#(text)}"#, #"{"a":[\#(text)],"b":{"c":\#(text)}, "d" : \#(text) }"#] {
            let parsed = Result { () throws(JSONError) in try JSONReader.parse(wrapped) }
            let members = Result { () throws(JSONError) in try JSONReader.members(Array(wrapped.utf8)) }
            switch (parsed, members) {
            case (.success(.object(let expected)), .success(let places)):
                #expect(places.map(\.name) == expected.map(\.name), "\(wrapped)")
                let bytes = Array(wrapped.utf8)
                for (place, member) in zip(places, expected) {
                    #expect((try? JSONReader.parse(bytes[place.value])) == member.value, "\(wrapped)")
                }
            case (.failure(let expected), .failure(let error)):
                #expect(error == expected, "\(wrapped)")
            case (.failure(let expected), .success(let places)):
                guard case .duplicateName = expected.reason else {
                    Issue.record("members read \(wrapped), which parse refuses: \(expected)")
                    break
                }
                let bytes = Array(wrapped.utf8)
                #expect(places.contains { place in (try? JSONReader.parse(bytes[place.value])) == nil }, "\(wrapped)")
            default:
                Issue.record("parse and members disagree on \(wrapped): \(parsed) against \(members)")
            }
        }
    }

    /// Bytes that are not UTF-8 are refused in a skipped string as in a parsed one, before or
    /// after an escape, in the same place.
    @Test(arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xC3]] as [[UInt8]])
    func invalidUTF8(_ bad: [UInt8]) {
        let strings: [[UInt8]] = [[0x22] + bad + [0x22], Array(#""\n"#.utf8) + bad + [0x22], [0x22] + bad + Array(#"\u00e9""#.utf8)]
        for string in strings {
            let text = Array(#"{"a":[1,{"b":"#.utf8) + string + Array("}]}".utf8)
            let expected = Result { () throws(JSONError) in try JSONReader.parse(text) }
            let got = Result { () throws(JSONError) in try JSONReader.members(text) }
            guard case .failure(let error) = got, case .failure(let reference) = expected else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(error == reference)
            #expect(error.reason == .invalidUTF8)
        }
    }

    /// Random bytes in a string, weighted to the edges of UTF-8's ranges (and with quotes,
    /// backslashes and controls among them): a skipped string is judged as a parsed one is.
    @Test func randomBytesAreJudgedAsParseJudgesThem() {
        var random = SplitMix64(seed: 3629)
        let edges: [UInt8] = [0x00, 0x1F, 0x20, 0x22, 0x41, 0x5C, 0x75, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                              0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var accepted = 0
        for _ in 0..<50_000 {
            let run = (0..<Int(random.next() % 7)).map { _ in
                random.next() % 3 == 0 ? UInt8(truncatingIfNeeded: random.next()) : edges[Int(random.next() % UInt64(edges.count))]
            }
            let text = Array(#"{"a":[1,""#.utf8) + run + Array(#""]}"#.utf8)
            let parsed = Result { () throws(JSONError) in try JSONReader.parse(text) }
            let members = Result { () throws(JSONError) in try JSONReader.members(text) }
            switch (parsed, members) {
            case (.success, .success): accepted += 1
            case (.failure(let expected), .failure(let error)): #expect(error == expected, "\(run)")
            default: Issue.record("parse and members disagree on \(run): \(parsed) against \(members)")
            }
        }
        #expect(accepted > 5_000)
    }

    /// Generated documents (escapes, controls, non-ASCII and astral text, numbers of every
    /// spelling, nesting) in every writer style.
    @Test func generatedDocumentsReadAlike() throws {
        var random = SplitMix64(seed: 7159)
        for _ in 0..<300 {
            let members = (0..<Int(random.next() % 6)).map { index in
                ("m\(index)", PythonReferenceTests.value(&random, depth: 1))
            }
            for writer in [JSONWriter.compact, .pretty, .xcode] {
                let bytes = Array(writer.text(.object(members)).utf8)
                let places = try JSONReader.members(bytes)
                #expect(places.map(\.name) == members.map(\.0))
                for (place, member) in zip(places, members) {
                    #expect(try JSONReader.parse(bytes[place.value]) == member.1)
                }
            }
        }
    }

    /// Indices are the collection's own: a slice's members index the slice's base.
    @Test func indicesOfASliceAreItsBase() throws {
        let bytes = Array(#"{"outer":{"x":[1,2],"y":"z"}}"#.utf8)
        let outer = try JSONReader.members(bytes)
        let inner = try JSONReader.members(bytes[outer[0].value])
        #expect(inner.map(\.name) == ["x", "y"])
        #expect(try JSONReader.parse(bytes[inner[0].value]) == .array([.integer(1), .integer(2)]))
        #expect(String(decoding: bytes[inner[1].value], as: UTF8.self) == #""z""#)
    }

    /// A repeated name among the members as the options say; a text that is no object is refused.
    @Test func repeatsAndOtherValues() throws {
        let top = Array(#"{"a":1,"b":2,"a":3}"#.utf8)
        #expect(throws: JSONError.self) { try JSONReader.members(top) }
        let last = try JSONReader.members(top, options: .init(duplicateNames: .keepLast))
        #expect(last.map(\.name) == ["a", "b"])
        #expect(try JSONReader.parse(top[last[0].value]) == .integer(3))
        #expect(try JSONReader.members(top, options: .init(duplicateNames: .keepAll)).map(\.name) == ["a", "b", "a"])
        // Inside a value, a repeat is found when the value is parsed.
        let nested = Array(#"{"x":{"a":1,"a":2}}"#.utf8)
        let inner = try JSONReader.members(nested)
        #expect(inner.map(\.name) == ["x"])
        #expect(throws: JSONError.self) { try JSONReader.parse(nested[inner[0].value]) }
        #expect(throws: JSONError.self) { try JSONReader.members(nested[inner[0].value]) }
        let many = "{" + (0..<20).map { #""n\#($0)":\#($0)"# }.joined(separator: ",") + #","n7":0}"#
        #expect(throws: JSONError.self) { try JSONReader.members(Array(many.utf8)) }
        for text in ["[]", "1", #""a""#, "null", ""] {
            #expect(throws: JSONError.self, "\(text)") { try JSONReader.members(Array(text.utf8)) }
        }
        #expect(try JSONReader.members(Array(" { } ".utf8)).isEmpty)
        #expect(try JSONReader.members(Array("\u{FEFF}{}".utf8), options: .init(allowsByteOrderMark: true)).isEmpty)
        #expect(throws: JSONError.self) { try JSONReader.members(Array(#"{"a":[[[1]]]}"#.utf8), options: .init(maximumDepth: 3)) }
    }
}
