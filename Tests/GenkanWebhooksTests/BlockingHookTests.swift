import Foundation
import GenkanJSON
import GenkanWebhooks
import Testing

@Suite(.serialized) struct BlockingHookTests {
    static let secret = WebhookSecret(key: Array("genkan blocking hook test secret".utf8))!

    static func request(_ event: BlockingHookEvent = .beforeCreate, email: String) -> BlockingHookRequest {
        BlockingHookRequest(
            event: event, eventID: "hook_" + UUID().uuidString.lowercased(),
            user: BlockingHookUser(uid: "u1", email: email, emailVerified: false, displayName: "Taro", providers: ["password"], createdAt: nil, lastSignInAt: nil),
            signInMethod: "password", ipAddress: "203.0.113.9", userAgent: "Test", locale: "ja")
    }

    @Test func aRefusalIsFirebasesErrorAnswerAndTheRestIsAllowed() throws {
        let server = try HookServer(secret: Self.secret.serialized)
        let hook = try BlockingHook(url: server.url("/refuse-domain/blocked.example"), signer: WebhookSigner(secret: Self.secret))
        let refused = hook.call(Self.request(email: "taro@Blocked.example"))
        #expect(refused == .refused(status: 403, code: "PERMISSION_DENIED", message: "Addresses at blocked.example may not sign up."))
        #expect(hook.call(Self.request(email: "taro@example.com")) == .allowed(BlockingHookUpdate()))
        // The receiver verified both with the reference library and saw Firebase's field names.
        let entries = server.entries
        #expect(entries.count == 2 && entries.allSatisfy { $0["rejected"] == nil })
        let body = try #require(entries.first?["body"])
        #expect(body["type"]?.stringValue == "user.beforeCreate")
        #expect(body[path: ["data", "user_record", "email"]]?.stringValue == "taro@Blocked.example")
        #expect(body[path: ["data", "event_type"]]?.stringValue == "beforeCreate")
        #expect(body[path: ["data", "ip_address"]]?.stringValue == "203.0.113.9")
        #expect(entries.first?["id"]?.stringValue == body[path: ["data", "event_id"]]?.stringValue)
    }

    @Test func claimsComeBackAsTheUpdateMaskNamesThem() throws {
        let server = try HookServer(secret: Self.secret.serialized)
        let hook = try BlockingHook(url: server.url("/claims"), signer: WebhookSigner(secret: Self.secret))
        guard case .allowed(let update) = hook.call(Self.request(.beforeSignIn, email: "taro@example.com")) else {
            Issue.record("not allowed")
            return
        }
        #expect(update.customClaims == .object([("plan", .string("gold"))]))
        #expect(update.sessionClaims == .object([("session", .string("hooked"))]))
        #expect(update.displayName == nil)
    }

    @Test func aWrongSecretIsRefusedByTheReceiver() throws {
        let server = try HookServer(secret: Self.secret.serialized)
        let other = WebhookSecret(key: Array("another secret, not the hook's one".utf8))!
        let hook = try BlockingHook(url: server.url("/refuse-domain/blocked.example"), signer: WebhookSigner(secret: other))
        guard case .refused(401, "UNAUTHENTICATED", _) = hook.call(Self.request(email: "taro@example.com")) else {
            Issue.record("a badly signed call was not refused")
            return
        }
        #expect(server.entries.first?["rejected"] != nil)
    }

    @Test func aHookThatCannotBeAskedIsWhatHooksFailSays() throws {
        let server = try HookServer(secret: Self.secret.serialized)
        let signer = WebhookSigner(secret: Self.secret)
        let started = ContinuousClock.now
        let slow = try BlockingHook(url: server.url("/slow"), signer: signer).call(Self.request(email: "taro@example.com"))
        #expect(ContinuousClock.now - started < .seconds(4.5))
        for verdict in [
            slow, try BlockingHook(url: server.url("/error"), signer: signer).call(Self.request(email: "taro@example.com")),
            try BlockingHook(url: server.url("/garbage"), signer: signer).call(Self.request(email: "taro@example.com")),
            try BlockingHook(url: "http://127.0.0.1:1/", signer: signer).call(Self.request(email: "taro@example.com")),
        ] {
            guard case .unavailable = verdict else {
                Issue.record("\(verdict) is not unavailable")
                continue
            }
            #expect(verdict.resolved(.open) == .allowed(BlockingHookUpdate()))
            guard case .refused(503, "UNAVAILABLE", _) = verdict.resolved(.closed) else {
                Issue.record("closed did not refuse")
                continue
            }
        }
    }

    @Test(arguments: [
        (200, #"{"userRecord":{"customClaims":{"a":1}}}"#), (200, #"{"userRecord":{"updateMask":"customClaims","customClaims":[1]}}"#),
        (200, "[]"), (502, #"{"error":{"status":"INTERNAL"}}"#),
    ])
    func answersThatCannotBeReadAreUnavailable(status: Int, body: String) {
        guard case .unavailable = BlockingHookVerdict.reading(status: status, body: Array(body.utf8)) else {
            Issue.record("\(body) was read")
            return
        }
    }

    @Test func aRefusalWithoutAnErrorObjectIsStillARefusal() {
        #expect(BlockingHookVerdict.reading(status: 400, body: []) == .refused(status: 400, code: "PERMISSION_DENIED", message: ""))
        #expect(
            BlockingHookVerdict.reading(status: 200, body: Array(#"{"userRecord":{"updateMask":"displayName,other","displayName":"A"}}"#.utf8))
                == .allowed({
                    var update = BlockingHookUpdate()
                    update.displayName = "A"
                    return update
                }()))
    }
}
