import Foundation
import Testing
@testable import GenkanStore

@Suite struct SecretTests {
    /// FIPS 180-2 Appendix B.1.
    @Test func sha256OfABC() {
        #expect(Secret.hex(Secret.sha256(Array("abc".utf8)))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// RFC 4231 §4.2 (test case 1) and §4.3 (test case 2).
    @Test func hmacSHA256TestVectors() {
        let key1 = [UInt8](repeating: 0x0b, count: 20)
        #expect(Secret.hex(HMACKey(key1).mac(Array("Hi There".utf8)))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(Secret.hex(HMACKey(Array("Jefe".utf8)).mac(Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    /// Test case 2 again through one key: several messages in a row, and a message in parts.
    @Test func aKeyKeyedOnceGivesTheSameMACs() {
        let jefe = HMACKey(Array("Jefe".utf8))
        for _ in 0..<3 {
            #expect(Secret.hex(jefe.mac(Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        }
        #expect(Secret.hex(jefe.mac(Array("what do ya ".utf8), Array("want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    /// RFC 4231 §4.7 (test case 6): a key longer than SHA-256's block is hashed first.
    @Test func aKeyLongerThanABlockIsHashedFirst() {
        let key = HMACKey([UInt8](repeating: 0xaa, count: 131))
        #expect(Secret.hex(key.mac(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// One key used by many threads at once (the loops' CSRF tokens) gives every one the right MAC:
    /// the keyed states are only ever copied.
    @Test func oneKeyOnManyThreadsAtOnce() async {
        let jefe = HMACKey(Array("Jefe".utf8))
        let macs = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).map { _ in Secret.hex(jefe.mac(Array("what do ya want for nothing?".utf8))) } }
            }
            var all: [String] = []
            for await some in group { all += some }
            return all
        }
        #expect(macs.count == 4000)
        #expect(Set(macs) == ["5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"])
    }

    /// RFC 4648 §10, without padding, and the URL-safe alphabet of §5.
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ])
    func base64URL(input: String, expected: String) {
        #expect(Secret.base64URL(Array(input.utf8)) == expected)
    }

    @Test func base64URLUsesTheURLAlphabet() {
        #expect(Secret.base64URL([0xfb, 0xff, 0xbf]) == "-_-_")
    }

    @Test func tokensAre256RandomBits() {
        let tokens = (0..<100).map { _ in Secret.token() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.utf8.count == 43 })
    }

    @Test func constantTimeEqual() {
        #expect(Secret.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!Secret.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!Secret.constantTimeEqual([1, 2, 3], [1, 2]))
        #expect(Secret.constantTimeEqual([UInt8](), []))
    }

    @Test func csrfTokensAreBoundToTheirBinding() {
        let tokens = CSRFTokens(secret: Secret.randomBytes(32))
        let token = tokens.token(for: "pre-session-a")
        #expect(tokens.isValid(token, for: "pre-session-a"))
        #expect(!tokens.isValid(token, for: "pre-session-b"))
        #expect(!tokens.isValid(token, for: ""))
        #expect(!tokens.isValid("", for: "pre-session-a"))
        var tampered = Array(token.utf8)
        tampered[0] = tampered[0] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(!tokens.isValid(String(decoding: tampered, as: UTF8.self), for: "pre-session-a"))
        let other = CSRFTokens(secret: Secret.randomBytes(32))
        #expect(!other.isValid(token, for: "pre-session-a"))
    }
}
