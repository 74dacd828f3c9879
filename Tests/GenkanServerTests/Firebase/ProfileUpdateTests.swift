import Foundation
import Testing
@testable import GenkanServer
@testable import GenkanStore

/// `accounts:update` as one operation: the SDKs' `unlink` (`deleteProvider`) removes what it
/// names, an update is made whole or not at all, and a password added through the API is a new way
/// in whose notice goes to the address.
@Suite struct ProfileUpdateTests {
    /// An account made by Google (address verified), and an ID token of a sign-in just now.
    func googleAccount(_ fixture: AppFixture) async throws -> (account: Account, idToken: String) {
        let (account, _, refresh) = try fixture.googleAccount(subject: "taro", verified: true)
        let api = fixture.firebase()
        let tokens = await api.call("/securetoken.googleapis.com/v1/token?key=k", ["grantType": "refresh_token", "refreshToken": refresh])
        return (account, try #require(tokens.string("id_token"), "\(tokens.body)"))
    }

    func methods(_ fixture: AppFixture, _ account: Account) throws -> SignInMethods {
        try AccountStore(location: fixture.configuration.database).signInMethods(accountID: account.id)
    }

    @Test func aPasswordAddedThroughTheAPIIsAnnouncedAndUnlinkRemovesWhatItNames() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let (account, idToken) = try await googleAccount(fixture)
        let before = try fixture.mails.all.count

        let added = await api.call("accounts:update", ["idToken": idToken, "password": "another horse battery", "returnSecureToken": true])
        #expect(added.status == 200, "\(added.body)")
        let notice = try #require(try fixture.mails.all.dropFirst(before).last, "no notice of the new password")
        #expect(notice.recipient == "taro@example.com")
        #expect(notice.text.contains(try catalogText("mail.sign-in-method.connected.subject", "en")), "\(notice.text)")
        let token = try #require(added.string("idToken"))
        #expect(try methods(fixture, account).hasPassword)

        let unlinked = await api.call("accounts:update", ["idToken": token, "deleteProvider": ["google.com"]])
        #expect(unlinked.status == 200, "\(unlinked.body)")
        #expect(try methods(fixture, account).identities.isEmpty, "unlink reported success and changed nothing")
        let providers = (unlinked.json["providerUserInfo"] as? [[String: Any]])?.compactMap { $0["providerId"] as? String }
        #expect(providers == ["password"])

        // The password is now the last way in: refused, and nothing else in the call is made.
        let last = await api.call("accounts:update", ["idToken": token, "displayName": "Hanako", "deleteProvider": ["password"]])
        #expect(last.status == 400 && last.error?.hasPrefix("OPERATION_NOT_ALLOWED") == true, "\(last.body)")
        let store = try AccountStore(location: fixture.configuration.database)
        #expect(try store.account(id: account.id)?.displayName == "Taro", "half an update was made")
        #expect(try methods(fixture, account).hasPassword)

        // A provider the account does not have.
        let missing = await api.call("accounts:update", ["idToken": token, "deleteProvider": ["apple.com"]])
        #expect(missing.status == 400, "\(missing.body)")
    }
}
