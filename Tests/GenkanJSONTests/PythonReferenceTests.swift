import Foundation
import GenkanJSON
import GenkanTestSupport
import Testing

/// Python's `json` module as the reference: it must read every text Genkan's writer writes (in each
/// style) as the value written, and Genkan must read what Python writes back as that value again.
/// Values are generated from a fixed seed: strings with escapes, controls, non-ASCII and astral
/// characters, numbers of every spelling, nested containers.
@Suite(.enabled(if: RepositoryPaths.hasPython)) struct PythonReferenceTests {
    /// Reads JSON Lines of `[style, text]`, parses each text with `json.loads` (objects as ordered
    /// lists of pairs) and prints it back with `json.dumps`, one line each.
    static let script = """
        import json, sys
        for line in sys.stdin:
            style, text = json.loads(line)
            value = json.loads(text, object_pairs_hook=lambda pairs: {"__pairs__": pairs})
            def plain(v):
                if isinstance(v, dict):
                    return {name: plain(item) for name, item in v["__pairs__"]}
                if isinstance(v, list):
                    return [plain(item) for item in v]
                return v
            print(json.dumps(plain(value), ensure_ascii=(style == "compact"), separators=(",", ":")))
        """

    @Test func pythonReadsWhatGenkanWritesAsTheSameValue() throws {
        var random = SplitMix64(seed: 8259)
        let values = (0..<300).map { _ in Self.value(&random, depth: 0) }
        let styles: [(String, JSONWriter)] = [("compact", .compact), ("pretty", .pretty), ("xcode", .xcode)]
        var lines: [UInt8] = []
        for value in values {
            for (name, writer) in styles {
                lines += JSONValue.array([.string(name), .string(writer.text(value))]).serializedBytes() + [0x0A]
            }
        }
        let directory = FileManager.default.temporaryDirectory.appending(path: "genkan-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appending(path: "roundtrip.py")
        try Data(Self.script.utf8).write(to: script)
        let run = try ToolRun.run(RepositoryPaths.python, [script.path], stdin: lines)
        try #require(run.status == 0, "\(run.stderr)")
        let answers = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(answers.count == values.count * styles.count)
        for (offset, answer) in answers.enumerated() {
            let value = values[offset / styles.count]
            let again = try JSONReader.parse(String(answer))
            #expect(Self.same(again, value), "\(styles[offset % styles.count].0): \(value.serialized()) came back as \(answer)")
            // And our own reading of our own text is exact, number text included.
            #expect(try JSONReader.parse(styles[offset % styles.count].1.text(value)) == value)
        }
    }

    /// Texts in RFC 8259's grammar read by both: Genkan's reading equals Python's.
    @Test func genkanReadsAsPythonReads() throws {
        let texts = ReaderGrammarTests.accepted.map(\.1) + [
            #"{"a":1,"b":2,"a":3}"#, "[1E400, -1e-400, 0.30000000000000004, 100000000000000000000]",
        ]
        var lines: [UInt8] = []
        for text in texts { lines += JSONValue.array([.string("compact"), .string(text)]).serializedBytes() + [0x0A] }
        let directory = FileManager.default.temporaryDirectory.appending(path: "genkan-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appending(path: "roundtrip.py")
        try Data(Self.script.replacingOccurrences(of: "json.dumps(plain(value)", with: "json.dumps(plain(value), allow_nan=True").utf8)
            .write(to: script)
        let run = try ToolRun.run(RepositoryPaths.python, [script.path], stdin: lines)
        try #require(run.status == 0, "\(run.stderr)")
        let answers = run.stdout.split(separator: "\n").map(String.init)
        try #require(answers.count == texts.count)
        for (text, answer) in zip(texts, answers) {
            let ours = try JSONReader.parse(text, options: .init(duplicateNames: .keepLast))
            // Python writes a Double past the range as Infinity, which is not JSON: compare those by hand.
            if answer.contains("Infinity") {
                #expect(answer == "[Infinity,-0.0,0.30000000000000004,100000000000000000000]")
                #expect(ours.arrayValue?.map { $0.numberValue?.double } == [.infinity, -0.0, 0.30000000000000004, 1e20])
                continue
            }
            #expect(Self.same(try JSONReader.parse(answer), ours), "\(text) is \(answer) to Python")
        }
    }

    /// Equal values, numbers compared by the Double they stand for (Python writes `1E2` as `100.0`).
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): x.double == y.double
        case let (.array(x), .array(y)): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.name == $1.name && same($0.value, $1.value) }
        default: a == b
        }
    }

    static let pieces = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "<", ">", "&",
        "é", "名", "\u{2028}", "\u{2029}", "😀", "\u{FFFD}", "\u{10FFFF}", "e\u{301}",
    ]

    static func string(_ random: inout SplitMix64) -> String {
        (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    static func value(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        switch random.next() % (depth > 3 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2:
            let texts = ["0", "-0", "7", "-12", "1.5", "1.0", "2.50", "1e3", "1E-7", "-4.25e+10", "9007199254740993", "123456789.125"]
            return .number(JSONNumber(text: texts[Int(random.next() % UInt64(texts.count))])!)
        case 3: return .integer(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
        case 4: return .string(string(&random))
        case 5: return .array((0..<Int(random.next() % 5)).map { _ in value(&random, depth: depth + 1) })
        default:
            var names: [String] = []
            for _ in 0..<Int(random.next() % 5) {
                let name = string(&random)
                if !names.contains(name) { names.append(name) }
            }
            return .object(names.map { ($0, value(&random, depth: depth + 1)) })
        }
    }
}
