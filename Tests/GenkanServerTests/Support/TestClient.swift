import Foundation
import Synchronization
@testable import GenkanServer

/// Drives the site's routes in-process, the way Hummingbird's `router.test` does: requests go
/// straight to the `RouteTable` (router, middleware, handlers, the real worker pool and SQLite
/// file), and deferred replies are resolved on the test's own task. No socket, no engine.
///
/// It keeps cookies and never follows redirects, so a test sees every response, as with
/// `SiteClient` over a socket (same methods and response shape).
final class TestClient: @unchecked Sendable {
    struct Response {
        let status: Int
        let headers: HTTPHeaders
        let body: String

        func header(_ name: String) -> String? { headers[name] }
        var setCookies: [String] { headers.values("set-cookie") }
        /// The CSRF token of the page's form.
        var csrf: String? { SiteClient.firstMatch(#"name="csrf" value="([^"]+)""#, in: body) }
    }

    let routes: RouteTable
    private let jar = Mutex<[String: String]>([:])
    var acceptLanguage: String?
    var userAgent: String?
    /// The client address the engine would report.
    var peerAddress = "127.0.0.1"

    init(routes: RouteTable) {
        self.routes = routes
    }

    var cookies: [String: String] {
        get { jar.withLock { $0 } }
        set { jar.withLock { $0 = newValue } }
    }

    func get(_ path: String, headers: [String: String] = [:]) async -> Response {
        await send("GET", path, body: nil, headers: headers)
    }

    func post(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) async -> Response {
        await send("POST", path, body: Array(SiteClient.encode(fields).utf8), headers: headers)
    }

    /// Posts a form page's form: GETs `path`, then POSTs `fields` with the page's token.
    func submit(_ path: String, _ fields: [(String, String)]) async -> Response {
        let page = await get(path)
        return await post(path, [("csrf", page.csrf ?? "")] + fields)
    }

    func send(_ method: String, _ target: String, body: [UInt8]?, headers: [String: String] = [:]) async -> Response {
        var fields: [(name: String, value: String)] = []
        if body != nil { fields.append(("content-type", "application/x-www-form-urlencoded")) }
        if let acceptLanguage { fields.append(("accept-language", acceptLanguage)) }
        if let userAgent { fields.append(("user-agent", userAgent)) }
        let jar = cookies
        if !jar.isEmpty { fields.append(("cookie", jar.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; "))) }
        for (name, value) in headers {
            fields.removeAll { $0.name == name.lowercased() }
            fields.append((name.lowercased(), value))
        }
        let (path, query) = HTTPRequest.split(target: target)
        let request = HTTPRequest(
            method: method, path: path, query: query, headers: HTTPHeaders(fields), body: body ?? [], peerAddress: peerAddress)
        var response = await resolve(routes.respond(to: request), request: request)
        if method == "HEAD" { response.body = .empty }  // as the engine sends it
        let text = response.body.decoded
        var headers = response.headers
        // The engine writes the constant block after the headers; a test reads them as one.
        for line in response.constantHeaderLines.description.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        let result = Response(status: response.status, headers: headers, body: text)
        for cookie in result.setCookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            self.jar.withLock { jar in
                if cookie.contains("Max-Age=0") { jar[name] = nil } else { jar[name] = value }
            }
        }
        return result
    }

    /// Follows deferred replies as the engine does, on this task.
    private func resolve(_ reply: Reply, request: HTTPRequest) async -> HTTPResponse {
        var reply = reply
        while case .deferred(let deferred) = reply {
            let next: @Sendable () -> Reply = await withCheckedContinuation { continuation in
                let accepted = deferred.start({ next in continuation.resume(returning: next) }, { false })
                if !accepted {
                    let routes = self.routes
                    continuation.resume(returning: { .response(routes.overloaded(request: request)) })
                }
            }
            reply = next()
        }
        guard case .response(let response) = reply else { preconditionFailure() }
        return response
    }
}

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
