import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
@testable import GenkanHTTP
import GenkanHTTPTesting
#endif

/// A browser-like client over URLSession (libcurl on Linux): it does not follow redirects and
/// keeps its own cookies, so tests see every response and every `Set-Cookie`.
final class SiteClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    struct Response {
        let status: Int
        let headers: [String: String]
        let setCookies: [String]
        let body: String

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }

        /// The CSRF token of the page's form.
        var csrf: String? { SiteClient.firstMatch(#"name="csrf" value="([^"]+)""#, in: body) }
    }

    let base: String
    private let cookieJar = Mutex<[String: String]>([:])
    private var session: URLSession!
    var acceptLanguage: String?

    init(port: UInt16) {
        base = "http://127.0.0.1:\(port)"
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    var cookies: [String: String] {
        get { cookieJar.withLock { $0 } }
        set { cookieJar.withLock { $0 = newValue } }
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> Response {
        try await send("GET", path, body: nil, headers: headers)
    }

    func post(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) async throws -> Response {
        try await send("POST", path, body: Data(Self.encode(fields).utf8), headers: headers)
    }

    func send(_ method: String, _ path: String, body: Data?, headers: [String: String] = [:]) async throws -> Response {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type") }
        if let acceptLanguage { request.setValue(acceptLanguage, forHTTPHeaderField: "Accept-Language") }
        let jar = cookies
        if !jar.isEmpty {
            request.setValue(jar.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; "), forHTTPHeaderField: "Cookie")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response): (Data, URLResponse) = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: (data ?? Data(), response!)) }
            }.resume()
        }
        let http = response as! HTTPURLResponse
        var headerFields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headerFields["\(key)"] = "\(value)" }
        let setCookie = headerFields.first { $0.key.lowercased() == "set-cookie" }?.value ?? ""
        // libcurl joins repeated Set-Cookie headers with ", "; Genkan's cookies contain no comma.
        let setCookies = setCookie.isEmpty ? [] : setCookie.components(separatedBy: ", ")
        for cookie in setCookies {
            let pair = cookie.split(separator: ";")[0]
            let name = String(pair.split(separator: "=", maxSplits: 1)[0])
            let value = pair.split(separator: "=", maxSplits: 1).count > 1 ? String(pair.split(separator: "=", maxSplits: 1)[1]) : ""
            cookieJar.withLock { jar in
                if cookie.contains("Max-Age=0") { jar[name] = nil } else { jar[name] = value }
            }
        }
        return Response(status: http.statusCode, headers: headerFields, setCookies: setCookies, body: String(decoding: data, as: UTF8.self))
    }

    /// Posts a form page's form: GETs `path`, then POSTs `fields` with the page's token.
    func submit(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) async throws -> Response {
        let page = try await get(path, headers: headers)
        return try await post(path, [("csrf", page.csrf ?? "")] + fields, headers: headers)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    static func encode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            "\(name.addingPercentEncoding(withAllowedCharacters: allowed)!)=\(value.addingPercentEncoding(withAllowedCharacters: allowed)!)"
        }.joined(separator: "&")
    }

    /// The first capture group of every match of `pattern` in `text`.
    static func allMatches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
