import Foundation
import Testing
@testable import GenkanStore

/// RFC 6238 and RFC 4226 from their own test vectors; the window, replay and input rules.
@Suite struct TOTPTests {
    /// The ASCII secret of both RFCs' appendices.
    static let rfcSecret = Array("12345678901234567890".utf8)

    /// RFC 6238 Appendix B, the SHA-1 column (8 digits).
    @Test(arguments: [
        (Int64(59), "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func rfc6238Vectors(_ seconds: Int64, _ expected: String) {
        let totp = TOTP(secret: Self.rfcSecret)
        #expect(totp.code(step: TOTP.step(at: seconds), digits: 8) == expected)
        // The 6-digit code is the same number modulo 10⁶.
        #expect(totp.code(step: TOTP.step(at: seconds)) == String(expected.suffix(6)))
    }

    /// RFC 4226 Appendix D: HOTP values for counters 0 to 9 (what a TOTP step is).
    @Test func rfc4226Vectors() {
        let expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"]
        let totp = TOTP(secret: Self.rfcSecret)
        #expect((0..<10).map { totp.code(step: Int64($0)) } == expected)
    }

    @Test func stepsCountFromTheEpoch() {
        #expect(TOTP.step(at: 0) == 0)
        #expect(TOTP.step(at: 29) == 0)
        #expect(TOTP.step(at: 30) == 1)
        #expect(TOTP.step(at: -1) == -1)
    }

    @Test func oneStepEitherSideIsAccepted() {
        let totp = TOTP(secret: Self.rfcSecret)
        let now: Int64 = 1_234_567_890, step = TOTP.step(at: now)
        #expect(totp.check(totp.code(step: step), at: now, lastUsedStep: nil) == .accepted(step: step))
        #expect(totp.check(totp.code(step: step - 1), at: now, lastUsedStep: nil) == .accepted(step: step - 1))
        #expect(totp.check(totp.code(step: step + 1), at: now, lastUsedStep: nil) == .accepted(step: step + 1))
        #expect(totp.check(totp.code(step: step - 2), at: now, lastUsedStep: nil) == .wrong)
        #expect(totp.check(totp.code(step: step + 2), at: now, lastUsedStep: nil) == .wrong)
    }

    @Test func aCodeWorksOnce() {
        let totp = TOTP(secret: Self.rfcSecret)
        let now: Int64 = 1_234_567_890, step = TOTP.step(at: now)
        #expect(totp.check(totp.code(step: step), at: now, lastUsedStep: step) == .reused)
        // Once a later step was used, an earlier code of the window is spent too.
        #expect(totp.check(totp.code(step: step - 1), at: now, lastUsedStep: step) == .reused)
        #expect(totp.check(totp.code(step: step + 1), at: now, lastUsedStep: step) == .accepted(step: step + 1))
    }

    @Test(arguments: ["", "12345", "1234567", "12345a", "１２３４５６", "+12345", " 23456"])
    func onlySixASCIIDigitsAreChecked(_ typed: String) {
        #expect(TOTP(secret: Self.rfcSecret).check(typed, at: 59, lastUsedStep: nil) == .wrong)
    }

    @Test func newSecretsAreRandomAndFullLength() {
        let first = TOTP.newSecret(), second = TOTP.newSecret()
        #expect(first.count == 20 && second.count == 20 && first != second)
    }

    /// RFC 4648 §10, without the padding.
    @Test func base32Vectors() {
        let vectors = ["": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB", "foobar": "MZXW6YTBOI"]
        for (text, encoded) in vectors {
            #expect(Base32.encode(Array(text.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(text.utf8))
        }
        #expect(Base32.decode("mzxw 6ytb oi") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW6YQ=") == Array("foob".utf8))
        #expect(Base32.decode("MZXW6Y1B") == nil)
        #expect(Base32.decode("M") == nil)
        #expect(Base32.decode("MY=Y") == nil)
        let secret = TOTP.newSecret()
        #expect(Base32.encode(secret).count == 32)
        #expect(Base32.decode(Base32.encode(secret)) == secret)
    }

    @Test func uriSpellsOutEveryParameter() {
        let totp = TOTP(secret: Array("12345678901234567890".utf8))
        #expect(
            totp.uri(issuer: "Genkan", account: "taro@example.com")
                == "otpauth://totp/Genkan:taro%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Genkan&algorithm=SHA1&digits=6&period=30")
        #expect(
            totp.uri(issuer: "玄関: dev", account: "a&b#c@x.jp").hasPrefix(
                "otpauth://totp/%E7%8E%84%E9%96%A2%3A%20dev:a%26b%23c%40x.jp?secret="))
    }
}

@Suite struct RecoveryCodeTests {
    @Test func aSetIsTenDistinctCodesInGroupsOfFour() {
        let codes = RecoveryCode.newSet()
        #expect(codes.count == 10 && Set(codes).count == 10)
        for code in codes {
            #expect(code.count == 19)
            #expect(code.split(separator: "-").map(\.count) == [4, 4, 4, 4])
            #expect(RecoveryCode.normalized(code) == code.replacingOccurrences(of: "-", with: ""))
        }
    }

    @Test func typingIsForgiven() {
        #expect(RecoveryCode.normalized("7K3M Q9XD 2HFA V0NC") == "7k3mq9xd2hfav0nc")
        // Crockford's alphabet reads o as 0 and i, l as 1.
        #expect(RecoveryCode.normalized("7k3m-q9xd-2hfa-vonc") == "7k3mq9xd2hfav0nc")
        #expect(RecoveryCode.normalized("1k3m-q9xd-2hfa-v0nc") == RecoveryCode.normalized("lk3m-q9xd-2hfa-v0nc"))
        #expect(RecoveryCode.normalized("Ik3m-q9xd-2hfa-v0nc") == "1k3mq9xd2hfav0nc")
        #expect(RecoveryCode.normalized("7k3m-q9xd-2hfa-v0n") == nil)
        #expect(RecoveryCode.normalized("7k3m-q9xd-2hfa-v0ncc") == nil)
        #expect(RecoveryCode.normalized("7k3m-q9xd-2hfa-v0nu") == nil)
        #expect(RecoveryCode.normalized("７k3m-q9xd-2hfa-v0nc") == nil)
    }

    @Test func theDigestIsOfTheNormalizedCode() {
        let digest = RecoveryCode.digest("7k3mq9xd2hfav0nc")
        #expect(digest.count == 32)
        #expect(digest == Secret.sha256(Array("genkan-recovery-code:7k3mq9xd2hfav0nc".utf8)))
        #expect(digest != RecoveryCode.digest("7k3mq9xd2hfav0nd"))
    }

    @Test(arguments: [
        ("123456", SecondFactorCode.totp("123456")), ("123 456", .totp("123456")), ("123-456", .totp("123456")),
        ("１２３４５６", .totp("123456")), ("١٢٣٤٥٦", .totp("123456")), ("۱۲۳۴۵۶", .totp("123456")),
        ("१२३४५६", .totp("123456")), (" 012345 ", .totp("012345")),
        ("7k3m-q9xd-2hfa-v0nc", .recovery("7k3mq9xd2hfav0nc")), ("7K3MQ9XD2HFAV0NC", .recovery("7k3mq9xd2hfav0nc")),
        ("0123-4567-8901-2345", .recovery("0123456789012345")),
    ])
    func codesAreToldApartByTheirForm(_ typed: String, _ expected: SecondFactorCode) {
        #expect(SecondFactorCode(typed) == expected)
    }

    @Test(arguments: ["", "12345", "1234567", "12345x", "½23456", "²23456", "abcdef", "7k3m-q9xd-2hfa"])
    func otherInputIsNeither(_ typed: String) {
        #expect(SecondFactorCode(typed) == nil)
    }
}

@Suite struct TwoFactorKeysTests {
    static let first = String(repeating: "ab", count: 32), second = String(repeating: "0f", count: 32)

    @Test func sealsAndOpens() throws {
        let keys = try TwoFactorKeys(fileText: "# comment\n\n  \(Self.first)  \n")
        let secret = TOTP.newSecret()
        let sealed = keys.seal(secret)
        #expect(sealed.count == 1 + 4 + 24 + 16 + 20)
        #expect(keys.open(sealed) == .secret(secret, sealedByPrevious: false))
        // The secret's bytes appear nowhere in what is stored; two seals of one secret differ.
        #expect(!Secret.hex(sealed).contains(Secret.hex(secret)))
        #expect(keys.seal(secret) != sealed)
    }

    @Test func rotationKeepsOldSecretsReadable() throws {
        let old = try TwoFactorKeys(fileText: Self.first)
        let sealed = old.seal(Array("12345678901234567890".utf8))
        let rotated = try TwoFactorKeys(fileText: "\(Self.second)\n\(Self.first)\n")
        #expect(rotated.current.id != old.current.id)
        #expect(rotated.open(sealed) == .secret(Array("12345678901234567890".utf8), sealedByPrevious: true))
        let resealed = rotated.seal(Array("12345678901234567890".utf8))
        #expect(rotated.open(resealed) == .secret(Array("12345678901234567890".utf8), sealedByPrevious: false))
        let withoutOld = try TwoFactorKeys(fileText: Self.second)
        #expect(withoutOld.open(sealed) == .unknownKey(id: old.current.id))
    }

    @Test func aChangedSecretIsRefused() throws {
        let keys = try TwoFactorKeys(fileText: Self.first)
        var sealed = keys.seal(TOTP.newSecret())
        sealed[sealed.count - 1] ^= 1
        #expect(keys.open(sealed) == .damaged)
        #expect(keys.open([1, 2, 3]) == .damaged)
        #expect(keys.open([]) == .damaged)
    }

    @Test func badFilesAreRefused() {
        #expect(throws: TwoFactorKeys.FileProblem.noKey) { try TwoFactorKeys(fileText: "# only a comment\n") }
        #expect(throws: TwoFactorKeys.FileProblem.badLine(2)) { try TwoFactorKeys(fileText: "\(Self.first)\nabc\n") }
        #expect(throws: TwoFactorKeys.FileProblem.badLine(1)) { try TwoFactorKeys(fileText: String(repeating: "g", count: 64)) }
        #expect(throws: TwoFactorKeys.FileProblem.repeatedKey(try! TwoFactorKeys(fileText: Self.first).current.id)) {
            try TwoFactorKeys(fileText: "\(Self.first)\n\(Self.first.uppercased())")
        }
    }

    @Test func aNewFileHasOneFreshKey() throws {
        let one = try TwoFactorKeys(fileText: TwoFactorKeys.newFileText())
        let two = try TwoFactorKeys(fileText: TwoFactorKeys.newFileText())
        #expect(one.previous.isEmpty && one.current.id != two.current.id)
    }
}
