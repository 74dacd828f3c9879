import Foundation
import GenkanHTTPTesting
@testable import GenkanStore
@testable import GenkanHTTP
@testable import GenkanServer

/// Calls the Firebase-compatible API in-process as the SDKs do: JSON bodies, `?key=`, and the JSON
/// answers parsed with Foundation.
struct FirebaseClient {
    let client: TestClient
    static let v1 = "/identitytoolkit.googleapis.com/v1/"
    static let v3 = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"
    static let password = "correct horse battery"

    struct Answer {
        let status: Int
        let body: String
        let headers: HTTPHeaders
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
        subscript(key: String) -> Any? { json[key] }
        func string(_ key: String) -> String? { json[key] as? String }
        /// The error `message`, when the answer is an error.
        var error: String? { (json["error"] as? [String: Any])?["message"] as? String }
    }

    /// POSTs `fields` as JSON to `path` (under v1 unless it starts with `/`).
    func call(_ path: String, _ fields: [String: Any], headers: [String: String] = [:]) async -> Answer {
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return await raw("POST", path, body: Array(data), headers: headers)
    }

    func raw(_ method: String, _ path: String, body: [UInt8]?, headers: [String: String] = [:]) async -> Answer {
        let target = path.hasPrefix("/") ? path : Self.v1 + path + "?key=fake-api-key"
        var all = ["content-type": "application/json"]
        for (name, value) in headers { all[name] = value }
        let response = await client.send(method, target, body: body, headers: all)
        return Answer(status: response.status, body: response.body, headers: response.headers)
    }

    /// Signs up and returns the answer (which must succeed).
    func signUp(_ email: String = "taro@example.com", password: String = Self.password, name: String? = "Taro") async -> Answer {
        var fields: [String: Any] = ["email": email, "password": password, "returnSecureToken": true]
        if let name { fields["displayName"] = name }
        return await call("accounts:signUp", fields)
    }

    func signIn(_ email: String = "taro@example.com", password: String = Self.password) async -> Answer {
        await call("accounts:signInWithPassword", ["email": email, "password": password, "returnSecureToken": true])
    }

    /// Firebase's error body for `message`, byte for byte.
    static func errorBody(_ message: String, status: Int = 400) -> String {
        #"{"error":{"code":\#(status),"message":"\#(message)","errors":[{"message":"\#(message)","domain":"global","reason":"invalid"}]}}"#
    }
}

extension AppFixture {
    /// A site with the API for `demo-genkan` and a quick hasher (these tests are not about hashing).
    static func firebase(emulator: Bool = false, clock: TestClock? = nil, configure: (inout GenkanConfiguration) -> Void = { _ in }) throws
        -> AppFixture
    {
        try AppFixture { configuration in
            configuration.firebaseProject = "demo-genkan"
            configuration.firebaseEmulator = emulator
            configuration.hasher = PasswordHasher(operations: 1, memory: 8 * 1024)
            if let clock { configuration.clock = clock.storeClock }
            configure(&configuration)
        }
    }

    func firebase() -> FirebaseClient { FirebaseClient(client: client()) }
}

/// The claims of a JWT, decoded without checking anything.
func jwtParts(_ token: String) -> (header: [String: Any], payload: [String: Any], signature: String) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    func decode(_ part: String) -> [String: Any] {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        guard let data = Data(base64Encoded: text) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
    return (decode(parts[0]), decode(parts[1]), parts.count > 2 ? parts[2] : "")
}

extension AppFixture {
    /// An account made by a Google sign-in of `subject` with taro@example.com (the address verified
    /// by Google or not), with its browser session and an app's refresh token of a sign-in now.
    func googleAccount(subject: String, verified: Bool) throws -> (account: Account, session: String, refresh: String) {
        let store = try AccountStore(location: configuration.database)
        let profile = ProviderProfile(
            provider: "google", issuer: "https://accounts.google.com", subject: subject, email: "taro@example.com",
            emailVerified: verified, displayName: "Taro", nameKey: "taro")
        let made = try Authenticator(store: store, hasher: PasswordHasher(operations: 1, memory: 8 * 1024)).signIn(with: profile, userAgent: nil)
            .get()
        let refresh = try store.createRefreshToken(accountID: made.account.id, authTime: store.clock.now(), signInProvider: "google.com")
        return (made.account, made.token, refresh)
    }
}
