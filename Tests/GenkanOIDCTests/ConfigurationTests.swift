import GenkanJSON
import GenkanHTTPClient
import GenkanOIDC
import Testing

@Suite struct ConfigurationTests {
    @Test func presetsAndChecks() throws {
        var google = OIDCProviderSettings(name: "google")
        google.clientID = "id"
        google.clientSecret = "secret"
        let configured = try OIDCProviderConfiguration(google)
        #expect(configured.issuer == "https://accounts.google.com")
        #expect(configured.acceptedIssuers == ["https://accounts.google.com", "accounts.google.com"])
        #expect(configured.firebaseProviderID == "google.com")
        #expect(ProviderPreset.apple.defaultScopes == ["openid", "name", "email"])

        var generic = OIDCProviderSettings(name: "corp")
        generic.clientID = "id"
        generic.clientSecret = "s"
        #expect(throws: OIDCConfigurationError.self) { try OIDCProviderConfiguration(generic) }  // no issuer
        generic.issuer = "http://login.example.com"
        #expect(throws: OIDCConfigurationError.self) { try OIDCProviderConfiguration(generic) }  // plain http off loopback
        generic.issuer = "http://127.0.0.1:9400"
        #expect(try OIDCProviderConfiguration(generic).firebaseProviderID == "oidc.corp")
        for name in ["Corp", "", "a/b", "1st", String(repeating: "a", count: 33)] {
            #expect(!OIDCProviderConfiguration.isValidName(name), "\(name)")
        }
        var apple = OIDCProviderSettings(name: "apple")
        apple.clientID = "com.example.web"
        #expect(throws: OIDCConfigurationError.self) { try OIDCProviderConfiguration(apple) }  // no team, key id or key
    }

    @Test func theConfigurationFileKeepsOrderAndRefusesUnknownSettings() throws {
        let json = #"{"apple": {"clientId": "a", "teamId": "T", "keyId": "K", "keyFile": "k.p8"}, "google": {"clientId": "g", "clientSecret": "s", "audiences": ["ios"]}}"#
        let list = try OIDCProviderSettings.list(fromJSON: Array(json.utf8), source: "oidc.json")
        #expect(list.map(\.name) == ["apple", "google"])
        #expect(list[0].appleKeyFile == "k.p8" && list[1].audiences == ["ios"])
        #expect(throws: OIDCConfigurationError.self) {
            try OIDCProviderSettings.list(fromJSON: Array(#"{"google": {"clientSecrt": "s"}}"#.utf8), source: "oidc.json")
        }
    }

    @Test func urlPolicy() {
        #expect(HTTPClient.host(of: "https://accounts.google.com/.well-known/x") == "accounts.google.com")
        #expect(HTTPClient.host(of: "http://[::1]:8080/x") == "[::1]")
        #expect(HTTPClient.host(of: "https://user@evil.example/") == nil)
        #expect((try? HTTPClient.checkedURL("http://127.0.0.1:9/x")) != nil)
        #expect((try? HTTPClient.checkedURL("http://localhost/x")) != nil)
        #expect((try? HTTPClient.checkedURL("http://example.com/x")) == nil)
        #expect((try? HTTPClient.checkedURL("ftp://example.com/x")) == nil)
        #expect((try? HTTPClient.checkedURL("https://example.com/a b")) == nil)
    }

    @Test func freshnessLifetime() {
        func lifetime(_ headers: [(String, String)]) -> Int? {
            HTTPClientResponse(status: 200, headers: headers, body: []).freshnessLifetime
        }
        #expect(lifetime([("cache-control", "public, max-age=19967, must-revalidate, no-transform")]) == 19967)
        #expect(lifetime([("cache-control", "max-age=600"), ("age", "100")]) == 500)
        #expect(lifetime([("cache-control", "no-store")]) == 0)
        #expect(lifetime([]) == nil)
    }

    @Test func jsonReaderIsStrict() {
        #expect(JSONReader.value(#"{"a":1,"a":2}"#) == nil)  // duplicate names
        #expect(JSONReader.value(#"{"a":"\ud83d\ude00"}"#)?[member: "a"] == .string("😀"))
        #expect(JSONReader.value(#"{"a":"\udc00"}"#) == nil)  // a lone low surrogate
        // A NumericDate keeps its text and reads as whole seconds.
        #expect(JSONReader.value(#"{"exp":1.7e9}"#)?[member: "exp"]?.numericDate == 1_700_000_000)
        #expect(JSONReader.value(#"{"exp":1700000000.9}"#)?[member: "exp"]?.numericDate == 1_700_000_000)
        #expect(JSONReader.value(#"{"exp":1e400}"#)?[member: "exp"]?.numericDate == nil)
        #expect(JSONReader.value("[1,]") == nil)
        #expect(JSONReader.value(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)) == nil)
        #expect(Base64URL.decode("YQ") == [0x61])
        #expect(Base64URL.decode("YR") == nil)  // non-zero trailing bits
        #expect(Base64URL.decode("YQ==") == nil)  // padding
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    }
}
