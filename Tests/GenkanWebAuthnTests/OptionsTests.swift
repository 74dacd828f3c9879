import GenkanJSON
import GenkanWebAuthn
import Testing

@Suite struct OptionsTests {
    let verifier = WebAuthnVerifier(relyingParty: try! RelyingParty(url: "http://localhost:8080", name: "Genkan <dev>"))

    @Test func creationOptionsAsAPageNeedsThem() {
        let options = verifier.registrationOptions(
            user: UserEntity(id: [1, 2, 3, 4], name: "taro@example.com", displayName: "Taro Yamada"),
            challenge: [0xFB, 0xFF, 0x00], excludeCredentials: [CredentialDescriptor(id: [9, 9], transports: ["internal"])])
        // Written by hand from WebAuthn Level 3 §5.4 and §5.1 (PublicKeyCredentialCreationOptionsJSON).
        let expected = #"{"rp":{"id":"localhost","name":"Genkan \u003cdev\u003e"},"#
            + #""user":{"id":"AQIDBA","name":"taro@example.com","displayName":"Taro Yamada"},"#
            + #""challenge":"-_8A","#
            + #""pubKeyCredParams":[{"type":"public-key","alg":-7},{"type":"public-key","alg":-8},{"type":"public-key","alg":-257}],"#
            + #""timeout":300000,"excludeCredentials":[{"type":"public-key","id":"CQk","transports":["internal"]}],"#
            + #""authenticatorSelection":{"residentKey":"required","requireResidentKey":true,"userVerification":"preferred"},"#
            + #""attestation":"none","extensions":{"credProps":true}}"#
        #expect(options.serialized() == expected)
    }

    @Test func requestOptionsForADiscoverableSignIn() {
        let options = verifier.authenticationOptions(challenge: [0, 1, 2])
        #expect(options.serialized() == #"{"challenge":"AAEC","timeout":300000,"rpId":"localhost","userVerification":"preferred"}"#)
        #expect(options[member: "allowCredentials"] == nil)
        let listed = verifier.authenticationOptions(challenge: [0, 1, 2], allowCredentials: [CredentialDescriptor(id: [7])])
        #expect(listed[member: "allowCredentials"]?.serialized() == #"[{"type":"public-key","id":"Bw"}]"#)
    }

    @Test func thePolicyShapesTheOptions() throws {
        var policy = WebAuthnPolicy()
        policy.userVerification = .required
        policy.algorithms = [.edDSA, .es256]
        policy.timeoutMilliseconds = 60_000
        let strict = WebAuthnVerifier(relyingParty: verifier.relyingParty, policy: policy)
        let options = strict.registrationOptions(user: UserEntity(id: [1], name: "a", displayName: "b"), challenge: [1])
        #expect(options[member: "pubKeyCredParams"]?.serialized() == #"[{"type":"public-key","alg":-8},{"type":"public-key","alg":-7}]"#)
        #expect(options[member: "authenticatorSelection"]?[member: "userVerification"] == .string("required"))
        #expect(options[member: "timeout"] == .integer(60_000))
        #expect(strict.authenticationOptions(challenge: [1])[member: "userVerification"] == .string("required"))
    }

    @Test func challengesAreRandomAndLongEnough() {
        let challenges = (0..<64).map { _ in Challenge.random() }
        #expect(challenges.allSatisfy { $0.count == 32 })
        #expect(Set(challenges.map { Base64URL.encode($0) }).count == 64)
    }
}
