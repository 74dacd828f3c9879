import Foundation
import GenkanHTTP

/// What `genkan-bench router` measures, from inside the module: the route look-up alone (a
/// static path, for `valgrind` to count its allocations) and a whole in-process `GET /signin`
/// through the router, middleware and renderer of the real site.
package enum RouterBenchmark {
    /// Looks up `/signin` and `/api/validate` in the site's table `passes` times each; returns the
    /// nanoseconds per look-up and how many were found (so the work is not optimized away).
    package static func lookUps(passes: Int) throws -> (nanoseconds: Double, found: Int) {
        try withApp { app in
            let paths = [SitePath.signIn.path, SitePath.liveValidation.path]
            var found = 0
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<passes {
                for path in paths where app.routes.hasRoute(path) { found += 1 }
            }
            let elapsed = clock.now - start
            return (Double(elapsed.components.attoseconds) / 1e9 / Double(passes * paths.count)
                + Double(elapsed.components.seconds) * 1e9 / Double(passes * paths.count), found)
        }
    }

    /// Answers `GET /signin` in Japanese in-process `passes` times; returns the microseconds per
    /// page and the bytes of the last one.
    package static func signInPages(passes: Int) throws -> (microseconds: Double, bytes: Int) {
        try withApp { app in
            let request = HTTPRequest(
                method: "GET", path: SitePath.signIn.path, headers: HTTPHeaders([("accept-language", "ja")]), peerAddress: "127.0.0.1")
            var bytes = 0
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<passes {
                guard case .response(let response) = app.routes.respond(to: request) else { return (0, 0) }
                bytes = response.body.count
            }
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return (seconds * 1e6 / Double(passes), bytes)
        }
    }

    private static func withApp<T>(_ body: (GenkanApp) throws -> T) throws -> T {
        let directory = NSTemporaryDirectory() + "genkan-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = GenkanConfiguration(database: .sqlite(path: directory + "/bench.sqlite"), publicDirectory: nil)
        configuration.workerThreads = 1
        let app = try GenkanApp(configuration: configuration, loops: 1, accessLog: nil)
        defer { app.stop() }
        return try body(app)
    }
}
