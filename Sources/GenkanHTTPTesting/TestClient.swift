import GenkanHTTP
import Synchronization

/// Drives an application's routes in-process, the way Hummingbird's `router.test` does: requests
/// go straight to the responder (a `RouteTable`: router, middleware, handlers, and whatever they
/// use, a real worker pool and database), and deferred replies are resolved on the test's own
/// task. No socket, no engine.
///
/// It keeps cookies and never follows redirects, so a test sees every response.
///
/// ```swift
/// let client = TestClient(routes: router.build())
/// let page = await client.get("/hello")
/// #expect(page.status == 200 && page.body == "hello\n")
/// ```
public final class TestClient: @unchecked Sendable {
    public struct Response: Sendable {
        public let status: Int
        public let headers: HTTPHeaders
        public let body: String

        public init(status: Int, headers: HTTPHeaders, body: String) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        public func header(_ name: String) -> String? { headers[name] }
        public var setCookies: [String] { headers.values("set-cookie") }
    }

    public let routes: any HTTPResponder
    private let jar = Mutex<[String: String]>([:])
    public var acceptLanguage: String?
    public var userAgent: String?
    /// The client address the engine would report.
    public var peerAddress = "127.0.0.1"

    public init(routes: any HTTPResponder) {
        self.routes = routes
    }

    /// The cookies the responses set and the next requests send, by name.
    public var cookies: [String: String] {
        get { jar.withLock { $0 } }
        set { jar.withLock { $0 = newValue } }
    }

    public func get(_ path: String, headers: [String: String] = [:]) async -> Response {
        await send("GET", path, body: nil, headers: headers)
    }

    public func post(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) async -> Response {
        await send("POST", path, body: Array(FormData.encoded(fields).utf8), headers: headers)
    }

    public func send(_ method: String, _ target: String, body: [UInt8]?, headers: [String: String] = [:]) async -> Response {
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
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingASCIIWhitespace())
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
