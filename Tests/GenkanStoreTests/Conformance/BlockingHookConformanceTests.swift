import Synchronization
import Testing
@testable import GenkanStore

/// Where the core asks the operator's blocking hooks, on every store, with a hook written in the
/// test (the HTTP client and its receiver are `BlockingHooksTests`' in GenkanServerTests): every
/// creation path asks `beforeCreate` and every sign-in `beforeSignIn`, never while the store is in
/// a transaction; a refusal writes nothing, an allowing answer's changes are made with the account.
@Suite struct BlockingHookConformanceTests {
    /// A hook that answers `answers[moment]` (allowed with no changes otherwise), keeps every
    /// subject, and notes whether the store was in a transaction when it was asked.
    final class Hook: AccountHooks, @unchecked Sendable {
        let answers: [HookMoment: HookVerdict]
        let asked = Mutex<[(subject: HookSubject, inTransaction: Bool)]>([])
        var store: AccountStore?

        init(_ answers: [HookMoment: HookVerdict]) { self.answers = answers }

        func asks(_ moment: HookMoment) -> Bool { true }

        func ask(_ subject: HookSubject) -> HookVerdict {
            let inTransaction = store?.storage.isInTransaction ?? true
            asked.withLock { $0.append((subject, inTransaction)) }
            return answers[subject.moment] ?? .allowed(HookChanges())
        }

        var moments: [HookMoment] { asked.withLock { $0.map(\.subject.moment) } }
        var subjects: [HookSubject] { asked.withLock { $0.map(\.subject) } }
        var everyAskOutsideATransaction: Bool { asked.withLock { $0.allSatisfy { !$0.inTransaction } } }
    }

    static let refusal = HookVerdict.refused(code: "PERMISSION_DENIED", message: "not here")
    static let google = ProviderProfile(
        provider: "google", issuer: "https://accounts.google.com", subject: "g-1", email: "taro@example.com", emailVerified: true,
        displayName: "Taro", nameKey: "taro")

    func setUp(_ kind: StoreKind, _ answers: [HookMoment: HookVerdict]) throws -> (TestDatabase, AccountStore, Authenticator, Hook) {
        let database = try kind.freshDatabase()
        let store = try database.connect(clock: ManualClock())
        let hook = Hook(answers)
        hook.store = store
        return (database, store, try Authenticator(store: store, hasher: fastHasher, hooks: hook), hook)
    }

    @Test(arguments: StoreKind.available) func aProvidersFirstSignInAsksBothBeforeWritingAnything(kind: StoreKind) throws {
        let (database, store, core, hook) = try setUp(kind, [.beforeCreate: Self.refusal])
        _ = database
        #expect(core.startSignIn(with: Self.google, replacing: nil, binding: "b", userAgent: nil, returnTo: nil).map({ $0.isNew })
                == .failure(.refusedByHook(code: "PERMISSION_DENIED", message: "not here")))
        #expect(try store.account(email: "taro@example.com") == nil)
        #expect(try store.account(issuer: Self.google.issuer, subject: Self.google.subject) == nil)
        #expect(try store.events().isEmpty)
        #expect(hook.moments == [.beforeCreate] && hook.everyAskOutsideATransaction)

        // Allowed with claims: both moments, the second seeing the first's changes, then the account with them.
        let claims = HookChanges(customClaims: .some(#"{"plan":"gold"}"#))
        let (database2, store2, core2, hook2) = try setUp(kind, [.beforeCreate: .allowed(claims)])
        _ = database2
        let started = try core2.startSignIn(with: Self.google, replacing: nil, binding: "b", userAgent: nil, returnTo: nil).get()
        #expect(started.isNew)
        #expect(hook2.moments == [.beforeCreate, .beforeSignIn] && hook2.everyAskOutsideATransaction)
        #expect(hook2.subjects[1].customClaims == #"{"plan":"gold"}"# && hook2.subjects[1].providers == ["google"])
        let account = try #require(try store2.account(email: "taro@example.com")?.account)
        #expect(account.uid == hook2.subjects[0].uid && account.customClaims == #"{"plan":"gold"}"#)
    }

    @Test(arguments: StoreKind.available) func aSignInLinkForANewAddressIsRefusedAndStaysUsable(kind: StoreKind) throws {
        let (database, store, core, hook) = try setUp(kind, [.beforeCreate: Self.refusal])
        _ = database
        let code = try core.sendSignInLink(email: "hanako@example.com", continuation: nil, mails: false).get()
        #expect(core.signIn(withLinkCode: code.token, email: nil).map(\.isNew) == .failure(.refusedByHook(code: "PERMISSION_DENIED", message: "not here")))
        #expect(try store.account(email: "hanako@example.com") == nil)
        #expect(core.inspectSignInLink(code: code.token).map(\.email) == .success("hanako@example.com"))
        #expect(hook.subjects.map(\.signInMethod) == ["emailLink"] && hook.subjects.first?.emailVerified == true)
        #expect(hook.everyAskOutsideATransaction)
    }

    @Test(arguments: StoreKind.available) func aRefusedGuestLeavesNoAccount(kind: StoreKind) throws {
        let (database, store, core, hook) = try setUp(kind, [.beforeSignIn: .unavailable])
        _ = database
        #expect(core.signUpAnonymously().map({ $0.refreshToken }) == .failure(.hookUnavailable))
        #expect(hook.moments == [.beforeCreate, .beforeSignIn] && hook.everyAskOutsideATransaction)
        let uid = try #require(hook.subjects.first?.uid)
        #expect(try store.account(uid: uid) == nil)
        #expect(try store.events().isEmpty)
    }

    @Test(arguments: StoreKind.available) func aRefusedSignInIsAnEventAndADisablingAnswerRefusesToo(kind: StoreKind) throws {
        let (database, store, core, hook) = try setUp(kind, [.beforeSignIn: Self.refusal])
        _ = database
        // Made before the hook's verdict matters: sign-up asks beforeCreate only (allowed).
        let taro = try core.signUp(email: "taro@example.com", displayName: "Taro", nameKey: "taro", password: "correct horse 1").created.get()
        #expect(core.startSession(for: taro, replacing: nil, userAgent: nil) == .failure(.refusedByHook(code: "PERMISSION_DENIED", message: "not here")))
        #expect(core.startTokens(for: taro).map({ $0.refreshToken }) == .failure(.refusedByHook(code: "PERMISSION_DENIED", message: "not here")))
        #expect(try store.sessions(accountID: taro.id).isEmpty)
        #expect(try store.events(uid: taro.uid, types: [.signInRefused]).map(\.details.reason) == ["blocking_hook", "blocking_hook"])
        #expect(hook.everyAskOutsideATransaction)

        let (database2, store2, core2, _) = try setUp(kind, [.beforeSignIn: .allowed(HookChanges(disabled: true))])
        _ = database2
        let jiro = try core2.signUp(email: "jiro@example.com", displayName: "Jiro", nameKey: "jiro", password: "correct horse 1").created.get()
        #expect(core2.startTokens(for: jiro).map({ $0.refreshToken }) == .failure(.userDisabled))
        #expect(try store2.account(id: jiro.id)?.isDisabled == true)
        #expect(try store2.events(uid: jiro.uid, types: [.accountDisabled]).first?.actor == .system)
    }
}
