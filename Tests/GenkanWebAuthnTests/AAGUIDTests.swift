import GenkanWebAuthn
import Testing

@Suite struct AAGUIDTests {
    @Test func theAllZeroAAGUIDIsUnknown() {
        #expect(AAGUID.unknown.isUnknown)
        #expect(AAGUID.unknown.authenticator == nil)
        #expect(AAGUID.unknown.description == "00000000-0000-0000-0000-000000000000")
        #expect(AAGUID("00000000-0000-0000-0000-000000000000") == .unknown)
    }

    @Test(arguments: [
        ("ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4", "Google Password Manager", AuthenticatorModel.Kind.passwordManager),
        ("fbfc3007-154e-4ecc-8c0b-6e020557d7bd", "Apple Passwords", .passwordManager),
        ("08987058-cadc-4b81-b6e1-30de50dcbe96", "Windows Hello", .platform),
        ("bada5566-a7aa-401f-bd96-45619a55120d", "1Password", .passwordManager),
        ("2fc0579f-8113-47ea-b116-bb5a8db9202a", "YubiKey 5 Series with NFC", .securityKey),
    ])
    func wellKnownAuthenticators(text: String, name: String, kind: AuthenticatorModel.Kind) throws {
        let aaguid = try #require(AAGUID(text))
        #expect(aaguid.description == text)
        #expect(aaguid.authenticator == AuthenticatorModel(name: name, kind: kind))
        #expect(AAGUID(text.uppercased()) == aaguid)
    }

    @Test func theRecordedSyncedPasskeyNamesItsManager() throws {
        guard case .registered(let credential) = try Ceremonies.named("registration-synced").run() else {
            Issue.record("refused")
            return
        }
        #expect(credential.aaguid.authenticator?.name == "Google Password Manager")
    }

    @Test(arguments: ["", "ea9b8d664d011d213ce4b6b48cb575d4", "ea9b8d66-4d01-1d21-3ce4-b6b48cb575dz", "ea9b8d6-64d01-1d21-3ce4-b6b48cb575d4"])
    func malformedText(_ text: String) {
        #expect(AAGUID(text) == nil)
    }

    @Test func anUnlistedAAGUIDHasNoName() throws {
        #expect(try #require(AAGUID("01020304-0506-0708-0102-030405060708")).authenticator == nil)
    }
}
