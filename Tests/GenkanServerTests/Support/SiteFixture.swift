import Foundation
import GenkanServer
import GenkanStore
import Synchronization
@testable import GenkanHTTP
import GenkanHTTPTesting

/// A clock tests move by hand (session expiry).
final class TestClock: Sendable {
    private let seconds = Mutex<Int64>(Int64(Date().timeIntervalSince1970))
    var now: Int64 { seconds.withLock { $0 } }
    func advance(by delta: Int64) { seconds.withLock { $0 += delta } }
    var storeClock: StoreClock { StoreClock { [self] in self.now } }
}

/// The real site on an ephemeral loopback port over a real SQLite file in a fresh directory.
final class SiteFixture: @unchecked Sendable {
    let directory: String
    var site: GenkanSite
    let configuration: GenkanConfiguration
    let server: HTTPServerConfiguration
    let log: AccessLog?
    var port: UInt16 { site.port }

    static let publicDirectory: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("public").path
    }()

    init(
        directory: String? = nil, logTo descriptor: Int32? = nil,
        configure: (inout GenkanConfiguration, inout HTTPServerConfiguration) -> Void = { _, _ in }
    ) throws {
        let directory = directory ?? NSTemporaryDirectory() + "genkan-site-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
        var configuration = GenkanConfiguration(database: .sqlite(path: directory + "/genkan.sqlite"), publicDirectory: Self.publicDirectory)
        configuration.workerThreads = 2
        // Mail into the fixture's directory, not `outbox` in the working directory (the repository).
        configuration.mail.transport = .directory(directory + "/outbox")
        var server = HTTPServerConfiguration()
        server.port = 0
        server.loops = 2
        configure(&configuration, &server)
        self.configuration = configuration
        self.server = server
        log = descriptor.map { AccessLog(format: .text, descriptor: $0, loops: 2) }
        site = try GenkanSite(configuration: configuration, server: server, accessLog: log)
    }

    /// Stops the site and starts a new one on the same database (a server restart).
    func restart() throws {
        site.stop()
        site = try GenkanSite(configuration: configuration, server: server, accessLog: log)
    }

    func client(language: String? = nil) -> SiteClient {
        let client = SiteClient(port: port)
        client.acceptLanguage = language
        return client
    }

    deinit {
        site.stop()
        log?.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A valid sign-up.
let taro: [(String, String)] = [
    ("name", "ﾀﾛｳ　Ｙａｍａｄａ"), ("email", "taro@example.com"), ("password", "correct horse battery"),
    ("password-confirmation", "correct horse battery"),
]
