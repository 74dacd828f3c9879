import Foundation
import GenkanStore
import Synchronization

/// `genkan-bench argon2`: Argon2id verifications with the site's parameters
/// (`PasswordHasher.owaspMinimum`, libsodium): the median time of one on one thread, and, with
/// `--threads N`, the rate of N threads verifying at once (what the machine can hash right now,
/// which bounds sign-ins per second).
enum Argon2Bench {
    static func run(_ arguments: [String]) throws -> String {
        let options = try BenchOptions(arguments, allowed: ["hashes", "threads"])
        let count = max(3, Int(options["hashes"] ?? "30") ?? 30)
        let threads = max(1, Int(options["threads"] ?? "1") ?? 1)
        let hasher = PasswordHasher.owaspMinimum
        let hash = try hasher.hash("correct horse battery")
        let clock = ContinuousClock()
        let times = Mutex<[Double]>([])
        let start = clock.now
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<count {
                let begin = clock.now
                // A verification is what a sign-in costs (one Argon2id computation with the hash's parameters).
                _ = hasher.verify("not the password", against: hash)
                let elapsed = clock.now - begin
                let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
                times.withLock { $0.append(milliseconds) }
            }
        }
        let total = clock.now - start
        let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        let sorted = times.withLock { $0 }.sorted()
        return "{\"threads\":\(threads),\"hashes\":\(sorted.count),\"median_ms\":\(sorted[sorted.count / 2]),\"min_ms\":\(sorted[0]),"
            + "\"per_second\":\(Double(sorted.count) / seconds)}"
    }
}
