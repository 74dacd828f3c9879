import Foundation
import GenkanJSON
import GenkanTestSupport
import GenkanWebhooks
import Testing

@Suite struct WebhookSignerTests {
    /// Secrets, ids and bodies made from a fixed seed: ASCII and non-ASCII bodies, empty ones,
    /// keys of every allowed length.
    static func cases(count: Int) -> [(secret: WebhookSecret, id: String, timestamp: Int64, body: [UInt8])] {
        var random = SplitMix64(seed: 0x5EB400C5)
        let texts = ["", "{}", #"{"type":"account.created","data":{"uid":"a"}}"#, "名前 ü \u{1F600} \n\t\"", String(repeating: "x", count: 5000)]
        return (0..<count).map { index in
            let length = 24 + Int(random.next() % 41)
            let key = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let id = "evt_" + String(random.next() % 1_000_000_007, radix: 36) + (index % 2 == 0 ? "-x_Y" : "")
            let timestamp = 1_700_000_000 + Int64(random.next() % 100_000_000)
            var body = Array(texts[index % texts.count].utf8)
            if index >= texts.count { body += Array(String(random.next()).utf8) }
            return (WebhookSecret(key: key)!, id, timestamp, body)
        }
    }

    @Test func theReferenceLibraryVerifiesEverySignature() throws {
        let cases = Self.cases(count: 60)
        let requests: [JSONValue] = cases.map { item in
            .object([
                ("secret", .string(item.secret.serialized)), ("id", .string(item.id)), ("timestamp", .integer(item.timestamp)),
                ("signature", .string(WebhookSigner(secret: item.secret).signature(id: item.id, timestamp: item.timestamp, body: item.body))),
                ("body", .string(Base64.encode(item.body))),
            ])
        }
        // The reference checks the timestamp against its own clock: sign for now.
        let now = Int64(Date().timeIntervalSince1970)
        let fresh: [JSONValue] = cases.map { item in
            .object([
                ("secret", .string(item.secret.serialized)), ("id", .string(item.id)), ("timestamp", .integer(now)),
                ("signature", .string(WebhookSigner(secret: item.secret).signature(id: item.id, timestamp: now, body: item.body))),
                ("body", .string(Base64.encode(item.body))),
            ])
        }
        let verdicts = try StandardWebhooksReference.run("verify", fresh)
        #expect(verdicts.count == cases.count)
        #expect(verdicts.allSatisfy { $0["ok"]?.boolValue == true }, "\(verdicts.filter { $0["ok"]?.boolValue != true }.prefix(3))")
        // The reference's own signatures of the same messages are the same text.
        let signed = try StandardWebhooksReference.run("sign", requests)
        #expect(signed.count == cases.count)
        for (request, answer) in zip(requests, signed) {
            #expect(answer["signature"]?.stringValue == request["signature"]?.stringValue)
        }
    }

    @Test func signaturesTheReferenceMadeVerifyHere() throws {
        let cases = Self.cases(count: 30)
        let requests: [JSONValue] = cases.map { item in
            .object([
                ("secret", .string(item.secret.serialized)), ("id", .string(item.id)), ("timestamp", .integer(item.timestamp)),
                ("body", .string(Base64.encode(item.body))),
            ])
        }
        let signed = try StandardWebhooksReference.run("sign", requests)
        try #require(signed.count == cases.count)
        for (item, answer) in zip(cases, signed) {
            let signature = try #require(answer["signature"]?.stringValue)
            let signer = WebhookSigner(secret: item.secret)
            #expect(throws: Never.self) {
                try signer.verify(id: item.id, timestamp: String(item.timestamp), signatures: signature, body: item.body, now: item.timestamp)
            }
            // Another version's signature first, as a rotating sender would send it, then this one.
            #expect(throws: Never.self) {
                try signer.verify(
                    id: item.id, timestamp: String(item.timestamp), signatures: "v1a,AAAA v1,AAAA \(signature)", body: item.body, now: item.timestamp)
            }
        }
    }

    @Test func whatWasNotSignedIsRefusedHereAndByTheReference() throws {
        let secret = WebhookSecret(key: Array(repeating: 7, count: 32))!
        let signer = WebhookSigner(secret: secret)
        let now = Int64(Date().timeIntervalSince1970)
        let body = Array(#"{"type":"account.deleted"}"#.utf8)
        let good = signer.signature(id: "evt_1", timestamp: now, body: body)
        let other = WebhookSigner(secret: WebhookSecret(key: Array(repeating: 8, count: 32))!).signature(id: "evt_1", timestamp: now, body: body)
        let tampered: [(id: String, timestamp: Int64, signature: String, body: [UInt8], error: WebhookVerificationError)] = [
            ("evt_1", now, good, Array(#"{"type":"account.created"}"#.utf8), .noMatchingSignature),
            ("evt_2", now, good, body, .noMatchingSignature),
            ("evt_1", now, other, body, .noMatchingSignature),
            ("evt_1", now - 400, signer.signature(id: "evt_1", timestamp: now - 400, body: body), body, .timestampTooOld),
            ("evt_1", now + 400, signer.signature(id: "evt_1", timestamp: now + 400, body: body), body, .timestampTooNew),
        ]
        for item in tampered {
            #expect(throws: item.error) {
                try signer.verify(id: item.id, timestamp: String(item.timestamp), signatures: item.signature, body: item.body, now: now)
            }
        }
        // The edge of the tolerance, here only (the reference reads its own clock, seconds later).
        #expect(throws: WebhookVerificationError.timestampTooOld) {
            try signer.verify(
                id: "evt_1", timestamp: String(now - 301), signatures: signer.signature(id: "evt_1", timestamp: now - 301, body: body), body: body, now: now)
        }
        #expect(throws: Never.self) {
            try signer.verify(
                id: "evt_1", timestamp: String(now + 300), signatures: signer.signature(id: "evt_1", timestamp: now + 300, body: body), body: body, now: now)
        }
        #expect(throws: WebhookVerificationError.invalidTimestamp) {
            try signer.verify(id: "evt_1", timestamp: "12.5", signatures: good, body: body, now: now)
        }
        #expect(throws: WebhookVerificationError.missingHeaders) { try signer.verify(id: "", timestamp: "1", signatures: good, body: body, now: now) }
        let verdicts = try StandardWebhooksReference.run(
            "verify",
            tampered.map { item in
                .object([
                    ("secret", .string(secret.serialized)), ("id", .string(item.id)), ("timestamp", .integer(item.timestamp)),
                    ("signature", .string(item.signature)), ("body", .string(Base64.encode(item.body))),
                ])
            })
        #expect(verdicts.count == tampered.count)
        #expect(verdicts.allSatisfy { $0["ok"]?.boolValue == false })
    }

    @Test(arguments: [
        ("whsec_", "bytes"), ("whsec_MfKQ9r8GKYqrTwjUPD8ILPZI", "bytes"), ("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYqr", "whsec_"),
        ("whsec_MfKQ9r8GKYqrTwjUPD8I-PZIo2LaLaSw", "base64"), ("whsec_" + String(repeating: "A", count: 88), "bytes"),
    ])
    func badSecretsAreRefusedWithoutQuotingThem(text: String, says: String) {
        #expect {
            _ = try WebhookSecret(parsing: text)
        } throws: { error in
            let description = (error as? WebhookSecret.ParseError)?.description ?? ""
            return description.contains(says) && (text.count < 12 || !description.contains(text.dropFirst(6)))
        }
    }

    @Test func secretsAreReadPaddedOrNotAndNeverShown() throws {
        let secret = try WebhookSecret(parsing: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(secret.serialized == "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(!"\(secret)".contains("MfKQ"))
        let unpadded = try WebhookSecret(parsing: "whsec_" + String(Base64.encode(Array(repeating: UInt8(1), count: 25)).prefix { $0 != "=" }))
        #expect(unpadded.serialized == "whsec_" + Base64.encode(Array(repeating: UInt8(1), count: 25)))
    }

    @Test func messagesAreShapedAsTheSpecificationSays() throws {
        let message = try #require(
            WebhookMessage(id: "evt_abc-1", type: "account.created", timestamp: "2026-12-01T11:47:38Z", data: .object([("uid", .string("u1"))])))
        #expect(String(decoding: message.body, as: UTF8.self) == #"{"type":"account.created","timestamp":"2026-12-01T11:47:38Z","data":{"uid":"u1"}}"#)
        #expect(WebhookMessage(id: "evt.1", type: "a.b", timestamp: "", data: .object([])) == nil)
        #expect(WebhookMessage(id: "evt_1", type: "a..b", timestamp: "", data: .object([])) == nil)
        #expect(WebhookMessage(id: "evt_1", type: "sign-in.failed", timestamp: "", data: .object([])) == nil)
    }
}
