import Foundation
import Testing
@testable import GenkanMail

/// Messages parsed back by Python's `email` package, and hand-worked cases from the RFCs.
@Suite struct MailMessageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let fromName: String?
        let toName: String?
        let subject: String
        let text: String
        let html: String
        var testDescription: String { label }
    }

    static let longLine = String(repeating: "Reset your password with the link below, which works once. ", count: 6)
    static let cases: [Case] = [
        Case(label: "Japanese", fromName: "玄関 Genkan", toName: "山田 太郎",
             subject: "【玄関】パスワードの再設定のご案内（1時間以内に手続きしてください）",
             text: "山田 太郎 様\n\nパスワードを再設定するには、次のリンクを開いてください。\nhttps://genkan.example/password/reset?code=AbC-123_xyz\n",
             html: "<p>山田 太郎 様</p>\n<p><a href=\"https://genkan.example/password/reset?code=AbC-123_xyz\">パスワードを再設定</a></p>\n"),
        Case(label: "Arabic", fromName: "بوابة", toName: "محمد بن سلمان",
             subject: "إعادة تعيين كلمة المرور لحسابك في بوابة",
             text: "مرحبًا،\r\nلإعادة تعيين كلمة المرور، افتح الرابط التالي.\r\n",
             html: "<p dir=\"rtl\">مرحبًا،</p>"),
        Case(label: "emoji", fromName: "Genkan 🚪", toName: "👩🏽‍💻 Dev",
             subject: "🔑 Your code 🔐 — 👨‍👩‍👧‍👦🏳️‍🌈🇯🇵 and more emoji to pass 75 characters 😀😃😄😁😆",
             text: "🎉 Welcome!\n👨‍👩‍👧‍👦 families stay whole.", html: "<p>🎉</p>"),
        Case(label: "long lines", fromName: "Genkan Accounts", toName: "Taro Yamada",
             subject: "A plain ASCII subject that is long enough to need folding across more than one header line, twice over",
             text: longLine + "\n" + longLine + " \t\n=equals= at the start and end=\n" + String(repeating: "x", count: 200),
             html: "<p>" + longLine + "</p>"),
        Case(label: "specials in names", fromName: "Yamada, Taro (Genkan)", toName: "\"Quoted\" \\ back.slash",
             subject: "Looks like =?UTF-8?B?SGk=?= but is not", text: "trailing spaces   \nand tabs\t\t\n.\n.leading dot\n",
             html: "a=b&c"),
        Case(label: "empty and plain", fromName: nil, toName: "Taro", subject: "Hi", text: "", html: ""),
        Case(label: "mixed scripts and combining marks", fromName: "Zoë Åström", toName: "Ελένη Παπαδοπούλου",
             subject: "Vérifiez votre adresse e\u{301}lectronique — 确认您的电子邮件地址 — 이메일 주소 확인",
             text: "Cr\u{e8}me bru\u{302}le\u{301}e\nno final newline", html: "<b>é</b>\r\r\n"),
    ]

    static func message(_ testCase: Case) throws -> MailMessage {
        try MailMessage(
            from: MailAddress("noreply@genkan.example", displayName: testCase.fromName),
            to: [MailAddress("taro@example.com", displayName: testCase.toName)],
            subject: testCase.subject, text: testCase.text, html: testCase.html,
            date: Date(timeIntervalSince1970: 1_796_083_200))
    }

    @Test func pythonsEmailPackageReadsBackEveryCaseExactly() throws {
        let messages = try Self.cases.map(Self.message)
        let parsed = try ParsedMail.parse(messages.map(\.bytes))
        for (testCase, (message, mail)) in zip(Self.cases, zip(messages, parsed)) {
            let label = Comment(rawValue: testCase.label)
            #expect(mail.defects.isEmpty, label)
            #expect(mail.subject == testCase.subject, label)
            #expect(mail.from == [.init(name: testCase.fromName ?? "", address: "noreply@genkan.example")], label)
            #expect(mail.to == [.init(name: testCase.toName ?? "", address: "taro@example.com")], label)
            #expect(mail.contentType == "multipart/alternative", label)
            #expect(mail.parts.map(\.type) == ["text/plain", "text/html"], label)
            #expect(mail.parts.allSatisfy { $0.charset == "utf-8" && $0.encoding == "quoted-printable" }, label)
            // Line breaks travel as CRLF, whatever the input used.
            let canonical = { (text: String) in
                text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            }
            #expect(mail.text.map { canonical($0) } == canonical(testCase.text), label)
            #expect(mail.html.map { canonical($0) } == canonical(testCase.html), label)
            #expect(mail.messageID == "<\(message.messageID)>", label)
            #expect(mail.date == "2026-12-01T00:00:00+00:00", label)
            Self.checkWireForm(message.bytes, label)
        }
    }

    /// ASCII only, CRLF only, lines of at most 78 characters (76 in the bodies), encoded-words of
    /// at most 75 characters that each decode to whole UTF-8 characters.
    static func checkWireForm(_ bytes: [UInt8], _ label: Comment) {
        #expect(bytes.allSatisfy { $0 < 0x80 }, label)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains { $0 == "\r" || $0 == "\n" }, label)
        let lines = text.components(separatedBy: "\r\n")
        let blank = lines.firstIndex(of: "")!
        for line in lines[..<blank] {
            #expect(line.utf8.count <= 78, "\(label): header line of \(line.utf8.count): \(line)")
            for word in Self.encodedWords(in: line) {
                #expect(word.utf8.count <= 75, label)
                let payload = word.dropFirst(10).dropLast(2)
                let decoded = Data(base64Encoded: String(payload)).map { [UInt8]($0) }
                #expect(decoded.flatMap { String(validating: $0, as: UTF8.self) } != nil, "\(label): \(word) is not whole UTF-8")
            }
        }
        for line in lines[blank...] {
            #expect(line.utf8.count <= 76, "\(label): body line of \(line.utf8.count)")
            #expect(line.last != " " && line.last != "\t", "\(label): trailing whitespace")
        }
    }

    static func encodedWords(in line: String) -> [Substring] {
        line.split(separator: " ").filter { $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") }
            .map { $0.last == "," ? $0.dropLast() : $0 }
    }

    // MARK: Hand-worked cases

    @Test func aKnownEncodedWord() throws {
        // 日本語 is E6 97 A5 E6 9C AC E8 AA 9E in UTF-8, 5pel5pys6Kqe in base64 (RFC 4648 §4).
        let message = try MailMessage(
            from: MailAddress("a@example.com"), to: [MailAddress("b@example.com", displayName: "Ä")],
            subject: "日本語", text: "", html: "")
        let text = String(decoding: message.bytes, as: UTF8.self)
        #expect(text.contains("\r\nSubject: =?UTF-8?B?5pel5pys6Kqe?=\r\n"))
        #expect(text.contains("\r\nTo: =?UTF-8?B?w4Q=?= <b@example.com>\r\n"))
        #expect(text.contains("\r\nFrom: a@example.com\r\n"))
    }

    @Test func longEncodedTextSplitsIntoWordsOfWholeCharacters() throws {
        // After "Subject: " 69 characters remain: 14 groups of base64 (42 octets, fourteen
        // 3-octet characters) and the 12 of the delimiters. A full word then holds 15 groups
        // (45 octets): 72 characters, under RFC 2047's 75. The rest (11 characters) ends it.
        var field = HeaderField("Subject")
        field.appendEncodedWords(String(repeating: "あ", count: 40))
        let lines = String(decoding: field.line, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.map(\.utf8.count) == [9 + 12 + 56, 1 + 12 + 60, 1 + 12 + 44, 0])
        let decoded = try lines.dropLast().map { line in
            let word = try #require(line.split(separator: " ").last)
            return String(decoding: try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))), as: UTF8.self)
        }
        #expect(decoded.map(\.count) == [14, 15, 11])
        #expect(decoded.joined() == String(repeating: "あ", count: 40))
    }

    @Test func aFourOctetCharacterIsNeverSplitAcrossWords() {
        // 45 octets per word: eleven 4-octet emoji (44 octets) fit, the twelfth starts a new word.
        let words = EncodedWord.phraseWords(String(repeating: "😀", count: 12))
        #expect(words.count == 2)
        #expect(Array(String(decoding: words[1], as: UTF8.self).utf8) == Array("=?UTF-8?B?8J+YgA==?=".utf8))
    }

    @Test func quotedPrintableSoftBreakAtColumn76() {
        // RFC 2045 §6.7 rule 5: at most 76 characters, the last of a broken line being "=".
        let line = String(repeating: "a", count: 80)
        #expect(String(decoding: QuotedPrintable.encode(line), as: UTF8.self)
            == String(repeating: "a", count: 75) + "=\r\n" + "aaaaa")
        // A line of exactly 76 needs no break.
        #expect(String(decoding: QuotedPrintable.encode(String(repeating: "b", count: 76)), as: UTF8.self)
            == String(repeating: "b", count: 76))
        // An =XX triplet is never split: 74 letters and "é" (=C3=A9) break before the triplet that does not fit.
        #expect(String(decoding: QuotedPrintable.encode(String(repeating: "c", count: 74) + "é"), as: UTF8.self)
            == String(repeating: "c", count: 74) + "=\r\n=C3=A9")
    }

    @Test func quotedPrintableRules() {
        func qp(_ text: String) -> String { String(decoding: QuotedPrintable.encode(text), as: UTF8.self) }
        #expect(qp("a=b") == "a=3Db")                           // rule 1: "=" is always encoded
        #expect(qp("tab\t\nspace \nmid dle") == "tab=09\r\nspace=20\r\nmid dle")  // rule 3: whitespace ending a line
        #expect(qp("€") == "=E2=82=AC")                         // rule 1: upper-case hex
        #expect(qp("one\rtwo\r\nthree\nfour\n") == "one\r\ntwo\r\nthree\r\nfour\r\n")  // rule 4: CRLF
        #expect(qp("") == "")
    }

    @Test func rfc5322Dates() {
        #expect(MailDate.format(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 +0000")
        #expect(MailDate.format(secondsSince1970: 1_000_000_000) == "Sun, 09 Sep 2001 01:46:40 +0000")
        #expect(MailDate.format(secondsSince1970: 1_796_083_200) == "Tue, 01 Dec 2026 00:00:00 +0000")
    }

    @Test func theBoundaryOccursOnlyAsDelimiters() throws {
        let message = try Self.message(Self.cases[3])
        let text = String(decoding: message.bytes, as: UTF8.self)
        let boundary = try #require(text.firstMatch(of: /boundary="([^"]+)"/)?.1)
        #expect(boundary.hasPrefix("=_"))
        #expect(text.components(separatedBy: boundary).count - 1 == 4)  // the parameter, two parts, the close
        #expect(text.hasSuffix("\r\n--\(boundary)--\r\n"))
    }

    @Test func messageIDsAndBoundariesAreRandomAtTheSendersDomain() throws {
        let first = try Self.message(Self.cases[0]), second = try Self.message(Self.cases[0])
        #expect(first.messageID != second.messageID)
        #expect(first.messageID.hasSuffix("@genkan.example"))
        #expect(first.bytes != second.bytes)
        #expect(first.envelope == MailEnvelope(sender: "noreply@genkan.example", recipients: ["taro@example.com"]))
    }

    @Test func severalRecipientsFoldOnePerLine() throws {
        let recipients = try (1...4).map { try MailAddress("user\($0)@example.com", displayName: "利用者 \($0)") }
        let message = try MailMessage(from: MailAddress("a@example.com"), to: recipients, subject: "x", text: "x", html: "x")
        let parsed = try #require(try ParsedMail.parse([message.bytes]).first)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.to.map(\.name) == recipients.map { $0.displayName! })
        #expect(parsed.to.map(\.address) == recipients.map(\.address))
        #expect(message.envelope.recipients == recipients.map(\.address))
    }

    @Test func displayNamesLongerThanOneEncodedWord() throws {
        // 27 characters of 3 octets: two encoded-words. RFC 2047 decoding joins them exactly; the
        // split comes after a space, so a decoder that keeps the space between the words (Python's
        // address parser before gh-128110) shows one more space there and breaks no word.
        let name = "株式会社玄関システムズ カスタマーサポート窓口 山田"
        let message = try MailMessage(
            from: MailAddress("a@example.com"), to: [MailAddress("u@example.com", displayName: name)], subject: "x", text: "", html: "")
        let parsed = try #require(try ParsedMail.parse([message.bytes]).first)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.toDecoded == name + " <u@example.com>")
        #expect(parsed.to.first?.name.replacingOccurrences(of: "  ", with: " ") == name)
        let header = String(decoding: message.bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { $0.hasPrefix("To:") || $0.hasPrefix(" ") }
        #expect(header.allSatisfy { $0.utf8.count <= 78 })
        Self.checkWireForm(message.bytes, "long display name")
    }

    // MARK: Refusals

    @Test(arguments: ["Hello\r\nBcc: victim@example.com", "line\nfeed", "carriage\rreturn"])
    func headerValuesWithLineBreaksAreRefused(value: String) throws {
        expectMailError(.headerLineBreak) {
            _ = try MailMessage(from: MailAddress("a@example.com"), to: [MailAddress("b@example.com")], subject: value, text: "", html: "")
        }
        expectMailError(.headerLineBreak) { _ = try MailAddress("b@example.com", displayName: value) }
    }

    @Test(arguments: [
        "", "plain", "@example.com", "a@", "a@example", "a@@example.com", "a b@example.com", "a..b@example.com",
        ".a@example.com", "a.@example.com", "\"quoted\"@example.com", "a@[127.0.0.1]", "a@-example.com",
        "a@example-.com", "a@exa_mple.com", "a@example.123", "太郎@example.com", "taro@例え.jp", "a@example.com\r\n",
        "a@example..com", String(repeating: "a", count: 65) + "@example.com",
        "a@" + String(repeating: "b", count: 64) + ".com", "a@" + String(repeating: "b.", count: 126) + "com",
        "<a@example.com>", "a@example.com>",
    ])
    func implausibleAddressesAreRefused(address: String) {
        expectMailError(.invalidAddress) { _ = try MailAddress(address) }
    }

    @Test(arguments: ["taro@example.com", "t.a-r+o_1!#$%&'*/=?^`{|}~@mail.example.co.jp", "a@xn--r8jz45g.jp", "x@a-b.c0m"])
    func plausibleAddressesAreKept(address: String) throws {
        #expect(try MailAddress(address).address == address)
    }

    @Test func aMessageNeedsARecipient() {
        expectMailError(.noRecipients) {
            _ = try MailMessage(from: MailAddress("a@example.com"), to: [], subject: "x", text: "", html: "")
        }
    }
}
