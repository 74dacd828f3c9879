import Foundation
import GenkanHTTPTesting
import GenkanJSON
@testable import GenkanServer
@testable import GenkanStore
import GenkanTestSupport
import GenkanWebhooks
import Testing

/// The core asks the operator's blocking hooks (`--before-create`, `--before-sign-in`) through
/// `SiteHooks` over a real receiver on a loopback port (`hook_server.py`, which checks every
/// signature with the `standardwebhooks` package), on SQLite and PostgreSQL: a refusal writes
/// nothing and issues nothing, on the pages and the API alike; claims reach the account and the
/// sign-in's tokens; a hook that is down or slow is what `--hooks-fail` says, after 3 seconds at most.
@Suite(.serialized) struct BlockingHooksTests {
    static let secret = WebhookSecret(key: Array("genkan blocking hook test secret".utf8))!

    static var stores: [String] {
        ["sqlite"] + (testPostgresServer == nil ? [] : ["postgresql"])
    }

    /// A site with the API whose hooks are `configure`d, on `store`, with what keeps it alive.
    struct Site {
        let fixture: AppFixture
        let database: PostgresOutageTests.Database?
        let receiver: HookReceiver

        init(_ store: String, _ configure: (inout OperatorSettings, HookReceiver) -> Void) throws {
            let receiver = try HookReceiver(secret: BlockingHooksTests.secret.serialized)
            let database = store == "postgresql" ? try PostgresOutageTests.Database() : nil
            fixture = try AppFixture.firebase { configuration in
                if let database { configuration.database = .postgresql(url: database.url) }
                configuration.operators.webhookSecret = BlockingHooksTests.secret
                configure(&configuration.operators, receiver)
            }
            self.database = database
            self.receiver = receiver
        }

        var store: AccountStore { get throws { try AccountStore(location: fixture.configuration.database) } }

        /// The hook's requests as the receiver verified them.
        var requests: [JSONValue] { receiver.lines.compactMap { JSONReader.value($0) } }

        /// An account made without asking any hook (as before the hooks were configured).
        func existingAccount(_ email: String) throws -> Account {
            try Authenticator(store: try store, hasher: PasswordHasher(operations: 1, memory: 8 * 1024))
                .signUp(email: email, displayName: "Taro", nameKey: "taro", password: FirebaseClient.password).created.get()
        }
    }

    static func signUpFields(_ email: String) -> [(String, String)] {
        [("name", "Taro"), ("email", email), ("password", FirebaseClient.password), ("password-confirmation", FirebaseClient.password)]
    }

    @Test(arguments: stores) func aRefusedCreationWritesNothingOnThePageOrTheAPI(store: String) async throws {
        let site = try Site(store) { operators, receiver in operators.beforeCreate = receiver.url("/refuse-domain/blocked.example") }
        let page = await site.fixture.client(language: "ja").submit("/signup", Self.signUpFields("taro@blocked.example"))
        #expect(page.status == 422)
        #expect(page.body.contains("このサイトでは、この登録またはログインは許可されていません。"), "\(page.body)")

        let api = site.fixture.firebase()
        let refused = await api.signUp("hanako@Blocked.example")
        #expect(refused.status == 400)
        #expect(
            refused.error
                == #"BLOCKING_FUNCTION_ERROR_RESPONSE : HTTP Cloud Function returned an error: {"error":{"message":"Addresses at blocked.example may not sign up.","status":"PERMISSION_DENIED"}}"#,
            "\(refused.body)")
        #expect(refused.string("idToken") == nil)

        // Nothing of either: no account, no event, no mail; the hook was asked both times.
        let accounts = try site.store
        #expect(try accounts.account(email: "taro@blocked.example") == nil)
        #expect(try accounts.account(email: "hanako@blocked.example") == nil)
        #expect(try accounts.events().isEmpty)
        let asked = site.requests
        #expect(asked.count == 2 && asked.allSatisfy { $0["rejected"] == nil })
        #expect(asked.first?[path: ["body", "type"]]?.stringValue == "user.beforeCreate")
        #expect(asked.first?[path: ["body", "data", "locale"]]?.stringValue == "ja")
        // The address as the site normalized it (its domain in lower case).
        #expect(asked.last?[path: ["body", "data", "user_record", "email"]]?.stringValue == "hanako@blocked.example")

        // Another domain is allowed through both doors, with the uid the hook was told.
        #expect(await site.fixture.client().submit("/signup", Self.signUpFields("jiro@example.com")).status == 303)
        let created = await api.signUp("saburo@example.com")
        let uid = try #require(created.string("localId"))
        #expect(site.requests.last?[path: ["body", "data", "user_record", "uid"]]?.stringValue == uid)
        #expect(try accounts.account(email: "jiro@example.com") != nil)
    }

    @Test(arguments: stores) func aRefusedSignInIssuesNothingAndIsAnEvent(store: String) async throws {
        let site = try Site(store) { operators, receiver in operators.beforeSignIn = receiver.url("/refuse-domain/blocked.example") }
        let account = try site.existingAccount("taro@blocked.example")
        let page = await site.fixture.client().submit(
            "/signin", [("email", "taro@blocked.example"), ("password", FirebaseClient.password)])
        #expect(page.status == 422)
        #expect(page.body.contains("This site does not allow this sign-up or sign-in."), "\(page.body)")
        let api = await site.fixture.firebase().signIn("taro@blocked.example")
        #expect(api.status == 400 && api.error?.hasPrefix("BLOCKING_FUNCTION_ERROR_RESPONSE : HTTP Cloud Function returned an error: ") == true)
        #expect(api.string("refreshToken") == nil)

        let accounts = try site.store
        #expect(try accounts.sessions(accountID: account.id).isEmpty)
        #expect(try accounts.profile(id: account.id)?.lastLoginAt == nil)
        let refusals = try accounts.events(uid: account.uid, types: [.signInRefused])
        #expect(refusals.count == 2 && refusals.allSatisfy { $0.details.reason == "blocking_hook" })
        #expect(try accounts.events(uid: account.uid, types: [.signInSucceeded]).isEmpty)
        #expect(site.requests.first?[path: ["body", "type"]]?.stringValue == "user.beforeSignIn")
        #expect(site.requests.first?[path: ["body", "data", "sign_in_method"]]?.stringValue == "password")
    }

    @Test(arguments: stores) func claimsGoOnTheAccountAndIntoThisSignInsTokens(store: String) async throws {
        let site = try Site(store) { operators, receiver in operators.beforeSignIn = receiver.url("/claims") }
        let api = site.fixture.firebase()
        let signedUp = await api.signUp("taro@example.com")
        let first = jwtParts(try #require(signedUp.string("idToken"), "\(signedUp.body)")).payload
        #expect(first["plan"] as? String == "gold")
        #expect(first["session"] as? String == "hooked")
        // Kept: the account's claims, and the session's with its refresh token.
        let refreshed = await api.call(
            "/securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": try #require(signedUp.string("refreshToken"))])
        let next = jwtParts(try #require(refreshed.string("id_token"), "\(refreshed.body)")).payload
        #expect(next["plan"] as? String == "gold" && next["session"] as? String == "hooked")
        let account = try #require(try site.store.account(email: "taro@example.com")?.account)
        #expect(account.customClaims == #"{"plan":"gold"}"#)
        #expect(try site.store.events(uid: account.uid, types: [.claimsChanged]).first?.details.claims == ["plan"])
        // A page sign-in gets its session and the account keeps the claims.
        let page = await site.fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", FirebaseClient.password)])
        #expect(page.status == 303)
    }

    @Test(arguments: stores) func aHookThatIsDownRefusesWhenClosedAndIsSkippedWhenOpen(store: String) async throws {
        let closed = try Site(store) { operators, _ in operators.beforeCreate = "http://127.0.0.1:1/" }
        let page = await closed.fixture.client(language: "ja").submit("/signup", Self.signUpFields("taro@example.com"))
        #expect(page.status == 422)
        #expect(page.body.contains("現在ログインできません。"), "\(page.body)")
        #expect(!page.body.contains("許可されていません"))
        let api = await closed.fixture.firebase().signUp("hanako@example.com")
        #expect(api.status == 503 && api.error?.hasPrefix("BLOCKING_FUNCTION_ERROR_RESPONSE : ") == true, "\(api.body)")
        // The anonymous sign-up is a creation too.
        let guest = await closed.fixture.firebase().call("accounts:signUp", ["returnSecureToken": true])
        #expect(guest.status == 503)
        #expect(try closed.store.events().isEmpty)

        let open = try Site(store) { operators, _ in
            operators.beforeCreate = "http://127.0.0.1:1/"
            operators.hooksFail = .open
        }
        #expect(await open.fixture.client().submit("/signup", Self.signUpFields("taro@example.com")).status == 303)
        #expect(await open.fixture.firebase().signUp("hanako@example.com").string("idToken") != nil)
    }

    @Test(arguments: stores) func aSlowHookIsGivenThreeSeconds(store: String) async throws {
        let site = try Site(store) { operators, receiver in operators.beforeSignIn = receiver.url("/slow") }
        let account = try site.existingAccount("taro@example.com")
        let started = ContinuousClock.now
        let api = await site.fixture.firebase().signIn("taro@example.com")
        let waited = ContinuousClock.now - started
        #expect(api.status == 503, "\(api.body)")
        // The hook answers after 8 s: a sign-in that waited for it would take that and the
        // password's hashing; given up at 3 s, it takes 3 s and the hashing (up to a few seconds
        // on a loaded machine, which failed a bound of 4.5 s once).
        #expect(waited >= .seconds(2.9) && waited < .seconds(7), "\(waited)")
        #expect(try site.store.profile(id: account.id)?.lastLoginAt == nil)
        let refusal = try #require(try site.store.events(uid: account.uid, types: [.signInRefused]).first)
        #expect(refusal.details.reason == "blocking_hook_unavailable")
    }
}
