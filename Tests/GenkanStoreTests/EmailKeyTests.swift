import Foundation
import Testing
@testable import GenkanStore

/// One account per address whatever its case (so one person cannot hold two by changing case). Addresses are given as GenkanValidation
/// normalizes them: the domain is already lower-case, the local part keeps its case.
@Suite struct EmailKeyTests {
    let directory = TemporaryDirectory()

    func signUp(_ email: String, _ authenticator: Authenticator, _ store: AccountStore) -> Result<Account, AuthFailure> {
        authenticator.signUp(email: email, displayName: "Taro", nameKey: "taro", password: "correct horse battery").created
    }

    @Test func anAddressDifferingOnlyByCaseIsAlreadyInUse() throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try testAuthenticator(store)
        let first = try signUp("taro@example.com", authenticator, store).get()
        #expect(signUp("TARO@example.com", authenticator, store) == .failure(.emailAlreadyInUse))
        #expect(try run("sqlite3", [directory.database, "SELECT count(*) FROM accounts"]) == "1")
        let signedIn = try authenticator.signIn(email: "Taro@Example.COM".lowercasedDomain, password: "correct horse battery").get()
        #expect(signedIn == first && signedIn.email == "taro@example.com")
    }

    /// The address as typed is what the account shows and mails to.
    @Test func theAddressIsKeptAsTyped() throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try testAuthenticator(store)
        let account = try signUp("Taro.Yamada@example.com", authenticator, store).get()
        #expect(account.email == "Taro.Yamada@example.com")
        #expect(try store.account(email: "taro.yamada@example.com")?.account.email == "Taro.Yamada@example.com")
        #expect(try run("sqlite3", [directory.database, "SELECT email, email_key FROM accounts"])
            == "Taro.Yamada@example.com|taro.yamada@example.com")
    }

    @Test(arguments: [
        ("école@exemple.fr", "ÉCOLE@exemple.fr"),
        ("ÉCOLE@exemple.fr", "École@exemple.fr"),
        ("straße@example.de", "STRASSE@example.de"),  // full case folding: ß is ss
        ("ΣΟΦΙΑ@example.gr", "σοφια@example.gr"),
        ("ﬁle@example.com", "FILE@example.com"),  // the ligature folds to "fi"
    ])
    func nonASCIICasePairsAreOneAccount(first: String, second: String) throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try testAuthenticator(store)
        let account = try signUp(first, authenticator, store).get()
        #expect(signUp(second, authenticator, store) == .failure(.emailAlreadyInUse))
        #expect(try authenticator.signIn(email: second, password: "correct horse battery").get() == account)
    }

    @Test func addressesThatDifferBeyondCaseStayApart() throws {
        let store = try AccountStore(path: directory.database)
        let authenticator = try testAuthenticator(store)
        _ = try signUp("ecole@exemple.fr", authenticator, store).get()
        _ = try signUp("école@exemple.fr", authenticator, store).get()  // an accent is not case
        _ = try signUp("taro@example.com", authenticator, store).get()
        _ = try signUp("taro@example.co", authenticator, store).get()
        #expect(try run("sqlite3", [directory.database, "SELECT count(*) FROM accounts"]) == "4")
    }

    /// The store itself refuses a second key, whatever the caller checked first.
    @Test func theKeyIsUniqueInTheDatabase() throws {
        let store = try AccountStore(path: directory.database)
        _ = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "A", nameKey: "a", passwordHash: "x"))
        do {
            _ = try store.createAccount(NewAccount(email: "TARO@example.com", displayName: "B", nameKey: "b", passwordHash: "y"))
            Issue.record("a second account with the same key was created")
        } catch {
            #expect(error.code == .constraint)
        }
    }

    @Test func theKeyIsICUDefaultCaseFolding() {
        #expect(AccountStore.emailKey("TARO@example.com") == "taro@example.com")
        #expect(AccountStore.emailKey("ÉCOLE@exemple.fr") == "école@exemple.fr")
        #expect(AccountStore.emailKey("Straße@example.de") == "strasse@example.de")
        // Default folding, not Turkish: İ folds to i + U+0307, I to i.
        #expect(AccountStore.emailKey("İI@example.com") == "i\u{307}i@example.com")
    }
}

extension String {
    /// What GenkanValidation's normalization does to the domain of these test addresses.
    fileprivate var lowercasedDomain: String {
        guard let at = lastIndex(of: "@") else { return self }
        return String(self[..<at]) + self[at...].lowercased()
    }
}
