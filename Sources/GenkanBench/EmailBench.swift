import Foundation
import GenkanJSON
import GenkanValidation

/// `genkan-bench email`: EmailRule.strict throughput, and the WHATWG e-mail pattern through
/// PCRE2 JIT, Foundation's NSRegularExpression (ICU's regex engine) and Swift Regex.
enum EmailBench {
    static func run(_ arguments: [String]) throws -> String {
        let options = try BenchOptions(arguments, allowed: ["addresses", "seconds", "only", "passes"])
        guard let path = options["addresses"] else { throw BenchError(description: "--addresses FILE is required") }
        let seconds = Double(options["seconds"] ?? "1") ?? 1
        let passes = options["passes"].flatMap { Int($0) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let addresses = (try? JSONReader.parse(Array(data)))?.arrayValue?.compactMap(\.stringValue) ?? []
        guard !addresses.isEmpty else {
            throw BenchError(description: "\(path) must hold a non-empty JSON array of strings")
        }

        let source = EmailBenchmarkHooks.whatwgPatternSource
        let foundation = try NSRegularExpression(pattern: "^(?:" + source + ")\\z")
        let swiftRegex = try Regex(source)
        let candidates: [(String, (String) -> Bool)] = [
            ("strict", { EmailRule.strict.validate($0).isValid }),
            ("html", { EmailRule.html.validate($0).isValid }),
            ("pcre2", { EmailBenchmarkHooks.pcre2MatchesWhatwgPattern($0) }),
            ("nsregularexpression", { value in
                let range = NSRange(value.startIndex..., in: value)
                return foundation.firstMatch(in: value, options: [.anchored], range: range) != nil
            }),
            ("swiftregex", { value in (try? swiftRegex.wholeMatch(in: value)) != nil }),
        ]
        // --only a,b measures a subset, --passes N a fixed amount of work (for profiling).
        let only = options["only"].map { Set($0.split(separator: ",").map(String.init)) }
        let results = candidates.filter { only?.contains($0.0) ?? true }.map { name, operation in
            (name, measure(addresses, seconds: seconds, passes: passes, operation))
        }
        let members = results.map { name, result in
            "\"\(name)\":{\"opsPerSecond\":\(Int(result.opsPerSecond)),\"accepted\":\(result.accepted)}"
        }
        return "{\"addresses\":\(addresses.count),\"pcre2JIT\":\(EmailBenchmarkHooks.isJITCompiled)," + members.joined(separator: ",") + "}"
    }
}
