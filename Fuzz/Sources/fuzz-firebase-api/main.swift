// The Firebase-compatible API (Sources/GenkanServer/FirebaseAPI) with any request body, in-process
// through the site's route table (router, middleware, handlers, the real worker pool and SQLite
// on tmpfs), as `TestClient` drives it in the server tests. Two apps: one with `--firebase-emulator`
// (unsigned tokens, admin and emulator endpoints) and one signing its tokens with Ed25519.
//
// Input: a byte choosing the endpoint, a byte of request options (content type, Authorization,
// X-Firebase-Locale, Origin, the signed or the emulator app), then the body, in which `$ID`,
// `$REFRESH`, `$EMAIL` and `$UID` stand for a live account's ID token, refresh token, address and
// localId, so that a body can reach past the token checks.
//
// Invariants: no answer is a 5xx (a store failure, a crash of a handler); every answer under the
// API's prefixes is a JSON object, and every refusal is Firebase's error shape with the answer's
// status as its code and one of the strings `FirebaseErrorCode` declares as its message; an
// answer to a request with an Origin carries it back (CORS).
import Foundation
import FuzzSupport
import GenkanHTTP
import GenkanStore
@testable import GenkanServer

/// A reply resolved on this thread, as the engine would on a loop.
final class Completion: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var next: (@Sendable () -> Reply)?
    func complete(_ next: @escaping @Sendable () -> Reply) {
        self.next = next
        semaphore.signal()
    }
    func wait() -> @Sendable () -> Reply {
        semaphore.wait()
        return next!
    }
}

struct Answer {
    let status: Int
    let headers: HTTPHeaders
    let body: String
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] }
}

/// A live account of one app: what `$ID`, `$REFRESH`, `$EMAIL` and `$UID` stand for.
struct Account {
    var email = "", idToken = "", refreshToken = "", localID = ""
}

/// @unchecked: libFuzzer runs the target on one thread, the only one that touches `account`.
final class Site: @unchecked Sendable {
    let app: GenkanApp
    let emulator: Bool
    var account = Account()
    var accountCount = 0
    var accountMadeAt = Date.distantPast

    init(emulator: Bool) {
        let directory = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
            + "/genkan-fuzz-firebase-\(getpid())-\(emulator ? "emulator" : "signed")"
        try? FileManager.default.removeItem(atPath: directory)
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        atexit { _ = try? FileManager.default.removeItem(atPath: "/dev/shm/genkan-fuzz-firebase-\(getpid())-emulator") }
        atexit { _ = try? FileManager.default.removeItem(atPath: "/dev/shm/genkan-fuzz-firebase-\(getpid())-signed") }
        var configuration = GenkanConfiguration(databasePath: directory + "/genkan.sqlite", publicDirectory: nil)
        configuration.firebaseProject = "demo-genkan"
        configuration.firebaseEmulator = emulator
        configuration.workerThreads = 1
        configuration.baseURL = "https://genkan.test"
        configuration.mail.transport = .directory(directory + "/outbox")
        // Hashing is not what this target is about: libsodium's smallest Argon2id.
        configuration.hasher = PasswordHasher(operations: 1, memory: 8 * 1024)
        // Limits that never refuse, so that the fuzzer is never turned away.
        let open = LimitRule(capacity: 1_000_000_000, refillPerMinute: 1_000_000_000)
        configuration.rateLimits = RateLimits(
            signIn: SignInLimits(perAddress: open, perAddressAndAccount: open, consecutivePerAccount: 1_000_000_000,
                                 unknownAccountRefillPerMinute: 1_000_000_000),
            signUpPerAddress: open, resetPerAddress: open, resetPerAccount: open, mailPerAccount: open,
            validationPerAddress: open)
        app = try! GenkanApp(configuration: configuration, loops: 1, accessLog: nil, sendsMail: false)
        self.emulator = emulator
    }

    func send(_ method: String, _ target: String, body: [UInt8], headers: [(name: String, value: String)]) -> Answer {
        let (path, query) = HTTPRequest.split(target: target)
        let request = HTTPRequest(
            method: method, path: path, query: query, headers: HTTPHeaders(headers), body: body, peerAddress: "192.0.2.1")
        var reply = app.routes.respond(to: request)
        var response: HTTPResponse
        while true {
            switch reply {
            case .response(let final):
                response = final
            case .deferred(let deferred):
                let completion = Completion()
                guard deferred.start({ completion.complete($0) }, { false }) else {
                    response = app.routes.overloaded(request: request)
                    break
                }
                reply = completion.wait()()
                continue
            }
            break
        }
        let text: String
        switch response.body {
        case .empty: text = ""
        case .text(let string): text = string
        case .bytes(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .shared(let shared): text = String(decoding: shared.bytes, as: UTF8.self)
        }
        var all = response.headers
        for line in response.constantHeaderLines.description.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            all.add(String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        return Answer(status: response.status, headers: all, body: text)
    }

    /// A fresh account (signed up through the API) whenever the last one may have been changed
    /// or deleted, and every half hour (ID tokens last an hour).
    func ensureAccount(force: Bool) {
        guard force || account.idToken.isEmpty || Date().timeIntervalSince(accountMadeAt) > 1800 else { return }
        accountCount += 1
        let email = "fuzz-\(accountCount)@example.com"
        let body = #"{"email":"\#(email)","password":"correct horse battery","displayName":"Fuzz","returnSecureToken":true}"#
        let answer = send("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fuzz", body: Array(body.utf8),
                          headers: [("content-type", "application/json")])
        guard answer.status == 200, let json = answer.json, let id = json["idToken"] as? String,
              let refresh = json["refreshToken"] as? String, let uid = json["localId"] as? String
        else { Fuzz.fail("the fixture's sign-up failed: \(answer.status) \(answer.body)") }
        account = Account(email: email, idToken: id, refreshToken: refresh, localID: uid)
        accountMadeAt = Date()
    }
}

let sites = [Site(emulator: true), Site(emulator: false)]

/// Every route of the API and one path it does not have, by method.
let endpoints: [(method: String, path: String)] = {
    let v1 = "/identitytoolkit.googleapis.com/v1/"
    let v3 = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"
    var list: [(String, String)] = []
    for name in ["signUp", "signInWithPassword", "lookup", "sendOobCode", "resetPassword", "update", "delete", "createAuthUri"] {
        list.append(("POST", v1 + "accounts:" + name))
    }
    for name in ["signupNewUser", "verifyPassword", "getAccountInfo", "getOobConfirmationCode", "resetPassword",
                 "setAccountInfo", "deleteAccount", "createAuthUri"] {
        list.append(("POST", v3 + name))
    }
    list += [("POST", "/securetoken.googleapis.com/v1/token"), ("GET", "/securetoken.googleapis.com/v1/jwks")]
    let admin = v1 + "projects/demo-genkan/"
    list += [("POST", admin + "accounts"), ("POST", admin + "accounts:lookup"), ("POST", admin + "accounts:update"),
             ("POST", admin + "accounts:delete"), ("GET", admin + "accounts:batchGet"), ("POST", admin + "accounts:sendOobCode")]
    let emulator = "/emulator/v1/projects/demo-genkan/"
    list += [("GET", emulator + "oobCodes"), ("DELETE", emulator + "accounts"), ("GET", emulator + "config"),
             ("PATCH", emulator + "config")]
    list += [("OPTIONS", v1 + "accounts:signUp"), ("GET", v1 + "accounts:signUp"), ("POST", v1 + "accounts:nothing"),
             ("POST", admin + "accounts:query")]
    list += [("POST", v1 + "accounts:signInWithIdp"), ("POST", v3 + "verifyAssertion")]
    return list
}()

/// Calls after which the live account may be gone or its tokens void.
func mayChangeAccount(_ path: String) -> Bool {
    ["update", "delete", "resetPassword", "setAccountInfo", "deleteAccount", "/accounts"].contains { path.hasSuffix($0) }
}

let errorStrings = Set(FirebaseErrorCode.allCases.map(\.rawValue))
let locales = ["ja", "de", "pt-BR", "zh-Hant", "xx", "en-US"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let endpoint = endpoints[input.choice(endpoints.count)]
    let options = input.byte()
    let site = sites[Int(options >> 7)]
    site.ensureAccount(force: false)
    let account = site.account

    var text = input.text
    for (placeholder, value) in [("$ID", account.idToken), ("$REFRESH", account.refreshToken), ("$EMAIL", account.email),
                                 ("$UID", account.localID)] {
        text = text.replacingOccurrences(of: placeholder, with: value)
    }
    var headers: [(name: String, value: String)] = []
    switch options & 3 {
    case 0: headers.append(("content-type", "application/json"))
    case 1: headers.append(("content-type", "application/x-www-form-urlencoded"))
    case 2: break
    default: headers.append(("content-type", "text/plain;charset=UTF-8"))
    }
    switch (options >> 2) & 3 {
    case 0: break
    case 1: headers.append(("authorization", "Bearer owner"))
    case 2: headers.append(("authorization", "Bearer \(account.idToken)"))
    default: headers.append(("authorization", "Bearer " + text.prefix(64)))
    }
    if options & 16 != 0 { headers.append(("x-firebase-locale", locales[Int(options) % locales.count])) }
    let origin = options & 32 != 0 ? "https://app.example" : nil
    if let origin { headers.append(("origin", origin)) }
    let query = options & 64 != 0 ? "?key=fuzz" : ""

    let answer = site.send(endpoint.method, endpoint.path + query, body: Array(text.utf8), headers: headers)
    let what = "\(endpoint.method) \(endpoint.path) (\(site.emulator ? "emulator" : "signed")) with \(shown(text))"
    Fuzz.check(answer.status < 500, "\(what) answers \(answer.status): \(answer.body.prefix(500))")
    // Without --firebase-emulator the emulator's paths are the site's, answered with its pages.
    let isAPI = site.emulator || !endpoint.path.hasPrefix("/emulator/")
    if isAPI, answer.status != 204 {
        guard let json = answer.json else { Fuzz.fail("\(what) answers \(answer.status) with a body that is not a JSON object: \(shown(answer.body))") }
        if answer.status != 200 {
            let error = json["error"] as? [String: Any]
            let message = error?["message"] as? String ?? ""
            let code = message.components(separatedBy: " : ")[0]
            Fuzz.check(error?["code"] as? Int == answer.status && errorStrings.contains(code),
                       "\(what) answers \(answer.status) with an error not in Firebase's shape: \(shown(answer.body))")
        }
    }
    if isAPI, let origin {
        Fuzz.check(answer.headers["access-control-allow-origin"] == origin, "\(what) answers without CORS for its Origin")
    }
    if answer.status == 200, mayChangeAccount(endpoint.path) { site.ensureAccount(force: true) }
    return 0
}

Fuzz.run(fuzzOneInput)
