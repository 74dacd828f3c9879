import Foundation
import GenkanHTTP
import GenkanHTTPTesting
@testable import GenkanServer

/// The site's routes over a real SQLite file in a fresh directory, without the engine.
final class AppFixture: @unchecked Sendable {
    let directory: String
    private(set) var app: GenkanApp
    let configuration: GenkanConfiguration

    let sendsMail: Bool
    let accessLog: AccessLog?

    /// `sendsMail`: the outbox sender delivers into `outboxDirectory`; otherwise mail stays in the
    /// outbox table, where `Outbox` reads it. `accessLog`: the router logs requests (and security
    /// events) there, as the server does.
    init(sendsMail: Bool = false, accessLog: AccessLog? = nil, configure: (inout GenkanConfiguration) -> Void = { _ in }) throws {
        directory = NSTemporaryDirectory() + "genkan-app-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = GenkanConfiguration(database: .sqlite(path: directory + "/genkan.sqlite"), publicDirectory: SiteFixture.publicDirectory)
        configuration.workerThreads = 2
        configuration.baseURL = "http://genkan.test"
        // Mail into the fixture's directory, not `outbox` in the working directory (the repository).
        configuration.mail.transport = .directory(directory + "/outbox")
        configure(&configuration)
        self.configuration = configuration
        self.sendsMail = sendsMail
        self.accessLog = accessLog
        app = try GenkanApp(configuration: configuration, loops: 1, accessLog: accessLog, sendsMail: sendsMail)
    }

    var outboxDirectory: String { directory + "/outbox" }

    /// A new app on the same database (a server restart).
    func restart() throws {
        app.stop()
        app = try GenkanApp(configuration: configuration, loops: 1, accessLog: accessLog, sendsMail: sendsMail)
    }

    func client(language: String? = nil) -> TestClient {
        let client = TestClient(routes: app.routes)
        client.acceptLanguage = language
        return client
    }

    deinit {
        app.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

extension TestClient {
    /// Posts a form page's form: GETs `path`, then POSTs `fields` with the page's token.
    func submit(_ path: String, _ fields: [(String, String)]) async -> Response {
        let page = await get(path)
        return await post(path, [("csrf", page.csrf ?? "")] + fields)
    }
}

extension TestClient.Response {
    /// The CSRF token of the page's form.
    var csrf: String? { SiteClient.firstMatch(#"name="csrf" value="([^"]+)""#, in: body) }
}
