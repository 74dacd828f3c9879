import Foundation
import GenkanStore

/// `genkan-bench argon2`: the time of one Argon2id hash with the site's parameters
/// (`PasswordHasher.owaspMinimum`, libsodium), on one thread: what bounds sign-ins per second
/// (cores ÷ this time).
enum Argon2Bench {
    static func run(_ arguments: [String]) throws -> String {
        let options = try BenchOptions(arguments, allowed: ["hashes"])
        let count = max(3, Int(options["hashes"] ?? "30") ?? 30)
        let hasher = PasswordHasher.owaspMinimum
        let hash = try hasher.hash("correct horse battery")
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<count {
            let start = clock.now
            // A verification is what a sign-in costs (one Argon2id computation with the hash's parameters).
            guard hasher.verify("not the password", against: hash) == false else { throw BenchError(description: "verified") }
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
        times.sort()
        return "{\"hashes\":\(count),\"median_ms\":\(times[count / 2]),\"min_ms\":\(times[0])}"
    }
}
