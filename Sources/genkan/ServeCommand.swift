import Foundation
import GenkanLocalization
import GenkanServer
import GenkanStore
import GenkanValidation

/// `genkan serve`: the sign-up and sign-in site on H2O, SQLite and Argon2id.
struct ServeCommand: Command {
    static let path = ["serve"]
    static let summary = "Serve the sign-up and sign-in pages over HTTP."
    static let help = """
        Usage: genkan serve [--host 127.0.0.1] [--port 8080] [--db genkan.sqlite] [--public DIR]
                            [--loops N] [--log text|json] [--trust-proxy]

        Serves sign-up, sign-in, the account page and sign-out on HTTP/1.1. The first start
        creates the database; later starts migrate it. SIGINT or SIGTERM finish the requests in
        progress and close the store.

        Options:
          --host ADDRESS   Address to listen on (default 127.0.0.1).
          --port PORT      Port to listen on, 0 for any free port (default 8080).
          --db FILE        SQLite database file (default genkan.sqlite).
          --public DIR     Directory of static files, css/ and js/ (default public).
          --loops N        Event loops, one thread each (default: one per core).
          --log FORMAT     Access log on standard output: text or json (default text).
          --trust-proxy    Believe X-Forwarded-Proto and X-Forwarded-For from a proxy in front.

        """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let host = try arguments.option("--host") ?? "127.0.0.1"
        let portText = try arguments.option("--port") ?? "8080"
        let database = try arguments.option("--db") ?? "genkan.sqlite"
        let publicDirectory = try arguments.option("--public") ?? "public"
        let loopsText = try arguments.option("--loops")
        let format = try arguments.choice("--log", of: AccessLog.Format.allCases.map(\.rawValue), default: "text")
        let trustProxy = arguments.flag("--trust-proxy")
        let extra = try arguments.positionals()
        guard extra.isEmpty else { throw UsageError("unexpected argument '\(extra[0])'") }
        guard let port = UInt16(portText) else { throw UsageError("--port must be a number from 0 to 65535, not '\(portText)'") }
        var loops = HTTPServerConfiguration.processorCount
        if let loopsText {
            guard let value = Int(loopsText), (1...256).contains(value) else {
                throw UsageError("--loops must be a number from 1 to 256, not '\(loopsText)'")
            }
            loops = value
        }

        // Block the signals before any thread starts (threads inherit the mask), then wait for
        // them here: no handler runs in a signal context.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        var server = HTTPServerConfiguration()
        server.host = host
        server.port = port
        server.loops = loops
        var configuration = GenkanConfiguration(databasePath: database, publicDirectory: publicDirectory)
        configuration.trustProxy = trustProxy
        let log = AccessLog(format: AccessLog.Format(rawValue: format) ?? .text, loops: loops)
        let site: GenkanSite
        do {
            site = try GenkanSite(configuration: configuration, server: server, accessLog: log)
        } catch {
            log.close()
            Terminal.error("genkan serve: \(error)")
            return ExitStatus.failure
        }
        let shown = host.contains(":") ? "[\(host)]" : host
        Terminal.error("genkan: serving http://\(shown):\(site.port)/ with \(loops) loop\(loops == 1 ? "" : "s"), database \(database)")
        var received: Int32 = 0
        sigwait(&signals, &received)
        Terminal.error("genkan: \(received == SIGINT ? "SIGINT" : "SIGTERM") received, finishing requests in progress")
        site.stop()
        log.close()
        Terminal.error("genkan: stopped")
        return ExitStatus.success
    }
}
