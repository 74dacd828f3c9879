import Foundation
import GenkanValidation

/// Nickname enforcement throughput (`NameProfile.nickname.enforce`, which also computes the
/// comparison key, counts graphemes and runs the confusable check) over a fixed list of inputs.
enum NicknameBench {
    /// Runs `NameProfile.nickname` over `inputs` repeatedly for at least `seconds` and prints one
    /// JSON object: the number of inputs, enforcements done, elapsed time and enforcements per second.
    static func run(inputs: [String], seconds: Double) {
        var valid = 0
        for input in inputs where NameProfile.nickname.enforce(input).isValid { valid += 1 }   // warm-up
        var enforcements = 0
        var checksum = 0
        let clock = ContinuousClock()
        let start = clock.now
        var elapsed = Duration.zero
        repeat {
            for input in inputs {
                let result = NameProfile.nickname.enforce(input)
                checksum &+= result.normalized?.utf8.count ?? result.issues.count
            }
            enforcements += inputs.count
            elapsed = clock.now - start
        } while elapsed < .milliseconds(Int(seconds * 1000))
        let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let report: [String: Any] = [
            "benchmark": "nickname", "implementation": "genkan", "inputs": inputs.count, "valid": valid,
            "enforcements": enforcements, "seconds": total, "perSecond": Double(enforcements) / total,
            "checksum": checksum,
        ]
        if let data = try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        }
    }

    /// The inputs of a names corpus file (Tests/GenkanValidationTests/Fixtures/names-corpus.json).
    static func inputs(fromCorpus path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = document["cases"] as? [[String: Any]]
        else { return nil }
        return cases.compactMap { $0["input"] as? String }
    }
}
