import GenkanJSON
import Testing

@Suite struct Base64Tests {
    /// RFC 4648 §10's test vectors.
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
    func theRFCsVectors(text: String, encoded: String) {
        #expect(Base64.encode(Array(text.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(text.utf8))
        #expect(Base64URL.encode(text) == String(encoded.prefix { $0 != "=" }))
    }

    /// Base64 reads either alphabet, padded or not (as Standard Webhooks' libraries read a secret),
    /// but never misplaced padding, whitespace or bits after the last byte.
    @Test(arguments: ["Zg=", "Zg===", "Zh==", "Zm 9v", "=Zm9", "Zm=v", "Zm9-Z/=="])
    func nonCanonicalTextIsRefused(text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test func everyByteSurvivesBothAlphabets() {
        let bytes = (0...255).map(UInt8.init)
        for length in [1, 2, 3, 31, 32, 33, 256] {
            let slice = Array(bytes.prefix(length))
            #expect(Base64.decode(Base64.encode(slice)) == slice)
            #expect(Base64URL.decode(Base64URL.encode(slice)) == slice)
        }
    }
}
