import Foundation

/// One `genkan-bench` subcommand.
struct BenchCommand: Sendable {
    let name: String
    let summary: String
    /// Runs with the arguments after the subcommand's name and returns its JSON output.
    let run: @Sendable ([String]) throws -> String

    static let all: [BenchCommand] = [
        BenchCommand(
            name: "email",
            summary: "e-mail validation and pattern engines: --addresses FILE (JSON array of strings) [--seconds S | --passes N] [--only NAME,...]",
            run: EmailBench.run),
        BenchCommand(
            name: "nickname",
            summary: "NameProfile.nickname enforcement: --corpus FILE (names corpus JSON) [--seconds S]",
            run: NicknameBench.run),
        BenchCommand(
            name: "router",
            summary: "the site's route look-up and an in-process GET /signin: [--lookups N] [--pages N]",
            run: RouterBench.run),
        BenchCommand(
            name: "argon2",
            summary: "Argon2id verifications with the site's parameters: one's median time, and N threads' rate: [--hashes N] [--threads N]",
            run: Argon2Bench.run),
    ]
}

/// A usage or input error of a subcommand.
struct BenchError: Error, CustomStringConvertible {
    let description: String
}

/// Reads `--name value` options.
struct BenchOptions {
    private var values: [String: String] = [:]

    init(_ arguments: [String], allowed: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--"), allowed.contains(String(argument.dropFirst(2))), index + 1 < arguments.count else {
                throw BenchError(description: "unexpected argument \(argument); options: \(allowed.sorted().map { "--" + $0 }.joined(separator: ", "))")
            }
            values[String(argument.dropFirst(2))] = arguments[index + 1]
            index += 2
        }
    }

    subscript(name: String) -> String? { values[name] }
}

/// Runs `operation` over `inputs` again and again for about `seconds` (or exactly `passes`
/// times, which makes instruction counts under `valgrind --tool=callgrind` repeatable) and
/// returns operations per second, with a checksum of the results so the work cannot be
/// optimized away.
func measure(_ inputs: [String], seconds: Double, passes: Int? = nil, _ operation: (String) -> Bool) -> (opsPerSecond: Double, accepted: Int) {
    var accepted = 0
    for input in inputs where operation(input) { accepted += 1 }   // warm-up, and the verdict count
    let clock = ContinuousClock()
    let start = clock.now
    let budget = Duration.milliseconds(Int(seconds * 1000))
    var operations = 0
    var checksum = 0
    var remaining = passes ?? Int.max
    while remaining > 0, passes != nil || clock.now - start < budget {
        for input in inputs where operation(input) { checksum += 1 }
        operations += inputs.count
        remaining -= 1
    }
    let elapsed = clock.now - start
    let secondsElapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    precondition(checksum >= 0)
    return (Double(operations) / secondsElapsed, accepted)
}
