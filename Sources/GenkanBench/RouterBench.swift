import GenkanServer

/// `genkan-bench router`: the site's route look-up and a whole in-process `GET /signin`.
enum RouterBench {
    static func run(_ arguments: [String]) throws -> String {
        let options = try BenchOptions(arguments, allowed: ["lookups", "pages"])
        let lookups = Int(options["lookups"] ?? "1000000") ?? 1_000_000
        let pages = Int(options["pages"] ?? "20000") ?? 20_000
        let lookUp = try RouterBenchmark.lookUps(passes: lookups)
        let page = pages > 0 ? try RouterBenchmark.signInPages(passes: pages) : (microseconds: 0, bytes: 0)
        return "{\"lookup_ns\":\(lookUp.nanoseconds),\"found\":\(lookUp.found),\"signin_us\":\(page.microseconds),\"signin_bytes\":\(page.bytes)}"
    }
}
