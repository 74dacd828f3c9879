import Foundation
import GenkanJSON
import GenkanValidation

/// `genkan-bench nickname`: `NameProfile.nickname.enforce` throughput (which also computes the
/// comparison key, counts graphemes when needed and runs the confusable check) over the inputs
/// of a names corpus (Tests/GenkanValidationTests/Fixtures/names-corpus.json).
enum NicknameBench {
    static func run(_ arguments: [String]) throws -> String {
        let options = try BenchOptions(arguments, allowed: ["corpus", "seconds"])
        guard let path = options["corpus"] else { throw BenchError(description: "--corpus FILE is required") }
        let seconds = Double(options["seconds"] ?? "2") ?? 2
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let cases = (try? JSONReader.parse(Array(data)))?["cases"]?.arrayValue else {
            throw BenchError(description: "\(path) must be a names corpus: {\"cases\": [{\"input\": ...}, ...]}")
        }
        let inputs = cases.compactMap { $0["input"]?.stringValue }
        guard !inputs.isEmpty else { throw BenchError(description: "\(path) holds no inputs") }
        let result = measure(inputs, seconds: seconds) { NameProfile.nickname.enforce($0).isValid }
        return "{\"inputs\":\(inputs.count),\"nickname\":{\"opsPerSecond\":\(Int(result.opsPerSecond)),\"accepted\":\(result.accepted)}}"
    }
}
