import Foundation
import GenkanHTTPTesting
import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// How the API reads a request body, pinned answer by answer through the real router: what is not
/// one JSON object is `INVALID_ARGUMENT : Invalid JSON payload received.`, a field of the wrong type
/// names the field, a repeated name takes the last value, and numbers the API does not read need
/// only be JSON.
@Suite struct RequestBodyTests {
    static let invalidJSON = "INVALID_ARGUMENT : Invalid JSON payload received."

    /// Sends `body` (raw bytes) to `accounts:signUp` and answers status and error message (or the
    /// e-mail address of the account made).
    private func signUp(_ api: FirebaseClient, _ body: [UInt8]) async -> String {
        let answer = await api.raw("POST", "accounts:signUp", body: body)
        return "\(answer.status) \(answer.error ?? answer.string("email") ?? answer.body)"
    }

    /// Sends each body in turn to `accounts:signUp` on one fresh site and expects its answer (as
    /// `signUp` gives it).
    private func expectSignUps(_ cases: [(body: [UInt8], answer: String)], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        for (body, answer) in cases {
            let got = await signUp(api, body)
            #expect(got == answer, "\(String(decoding: body, as: UTF8.self)) (\(body))", sourceLocation: sourceLocation)
        }
    }

    private func expectSignUps(_ cases: [(body: String, answer: String)], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await expectSignUps(cases.map { (Array($0.body.utf8), $0.answer) }, sourceLocation: sourceLocation)
    }

    @Test func malformedBodiesAreInvalidJSON() async throws {
        let password = FirebaseClient.password
        let cases: [String] = [
            #"{"email":"a@example.com",/* note */"password":"\#(password)"}"#,  // comment
            #"{"email":"a@example.com","password":"\#(password)","n":01}"#,  // leading zero
            #"{"email":"a@example.com","password":"\#(password)","n":1.}"#,
            #"{"email":"a@example.com","password":"\#(password)","n":-}"#,
            #"{"email":"a@example.com","password":"\#(password)","n":NaN}"#,
            #"{"email":"a@example.com","password":"\#(password)","n":Infinity}"#,
            "{\"email\":\"a@example.com\",\"password\":\"\(password)\",\"n\":\"tab\there\"}",  // raw control character
            #"{'email':'a@example.com'}"#,
            #"{"email":"a@example.com"}{}"#,
            #"{"email" "a@example.com"}"#,
            #"{"email":"a@example.com",,"password":"x"}"#,
            #"{"email":"a@example.com","password":"\#(password)","n":"\x"}"#,  // unknown escape
            #"{"email":"a@example.com","password":"\#(password)","n":"\u12"}"#,
            #"{"email":"a@example.com","password":"\#(password)","n":tru}"#,
            String(repeating: "[", count: 10) + String(repeating: "]", count: 10),
        ]
        try await expectSignUps(cases.map { ($0, "400 \(Self.invalidJSON)") })
    }

    /// Foundation's reader took a trailing comma; RFC 8259's grammar has none, and the API now
    /// refuses it as it refuses any other text that is not JSON.
    @Test func trailingComma() async throws {
        try await expectSignUps([(#"{"email":"a@example.com","password":"\#(FirebaseClient.password)",}"#, "400 \(Self.invalidJSON)")])
    }

    @Test func invalidUTF8IsInvalidJSON() async throws {
        let cases: [[UInt8]] = [
            Array(#"{"email":"a@example.com","password":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8),
            Array(#"{"email":"a@example.com","password":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),  // overlong "/"
            Array(#"{"email":"a@example.com","password":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),  // encoded surrogate
        ]
        try await expectSignUps(cases.map { ($0, "400 \(Self.invalidJSON)") })
    }

    @Test func escapedSurrogates() async throws {
        // A pair makes one character; a lone half is not text.
        try await expectSignUps([
            (#"{"email":"a\ud83d\ude00@example.com","password":"\#(FirebaseClient.password)"}"#, "200 a😀@example.com"),
            (#"{"email":"b@example.com","password":"\#(FirebaseClient.password)","displayName":"\ud800"}"#,
             "400 INVALID_ARGUMENT : Invalid JSON payload received."),
            (#"{"email":"c@example.com","password":"\#(FirebaseClient.password)","displayName":"\udc00x"}"#,
             "400 INVALID_ARGUMENT : Invalid JSON payload received."),
        ])
    }

    @Test func byteOrderMarkUTF16AndDeepNesting() async throws {
        let body = #"{"email":"bom@example.com","password":"\#(FirebaseClient.password)"}"#
        // UTF-16 (little-endian, no mark): Foundation's reader detected and took it; JSON between
        // systems is UTF-8 (RFC 8259 §8.1), and the API now refuses anything else.
        let utf16 = Array(#"{"email":"utf16@example.com","password":"\#(FirebaseClient.password)"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let deep = #"{"email":"deep@example.com","password":"\#(FirebaseClient.password)","n":"#
        try await expectSignUps([
            ([0xEF, 0xBB, 0xBF] + Array(body.utf8), "200 bom@example.com"),
            (utf16, "400 \(Self.invalidJSON)"),
            (Array((deep + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}").utf8), "200 deep@example.com"),
            (Array((deep + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}").utf8),
             "400 INVALID_ARGUMENT : Invalid JSON payload received."),
        ])
    }

    @Test func duplicateNames() async throws {
        let password = FirebaseClient.password
        try await expectSignUps([
            (#"{"email":"first@example.com","email":"second@example.com","password":"\#(password)"}"#, "200 second@example.com"),
            (#"{"email":"third@example.com","password":"\#(password)","email":null}"#, "400 MISSING_EMAIL"),
        ])
    }

    @Test func numbers() async throws {
        let password = FirebaseClient.password
        // Numbers the API ignores still have to be JSON.
        try await expectSignUps([
            (#"{"email":"n1@example.com","password":"\#(password)","n":123456789012345678901234567890}"#, "200 n1@example.com"),
            (#"{"email":"n2@example.com","password":"\#(password)","n":1e400}"#, "400 INVALID_ARGUMENT : Invalid JSON payload received."),
            (#"{"email":"n3@example.com","password":"\#(password)","n":-0.0e-999}"#, "200 n3@example.com"),
            (#"{"email":"n4@example.com","password":"\#(password)","n":[1E+2,-0,0.5e1]}"#, "200 n4@example.com"),
        ])
    }

    @Test func wrongTypes() async throws {
        let password = FirebaseClient.password
        let cases: [(String, String)] = [
            (#"{"email":7,"password":"\#(password)"}"#, "400 INVALID_ARGUMENT : Invalid value at 'email', a string is expected."),
            (#"{"email":true,"password":"\#(password)"}"#, "400 INVALID_ARGUMENT : Invalid value at 'email', a string is expected."),
            (#"{"email":["a@example.com"],"password":"\#(password)"}"#, "400 INVALID_ARGUMENT : Invalid value at 'email', a string is expected."),
            (#"{"email":{"a":1},"password":"\#(password)"}"#, "400 INVALID_ARGUMENT : Invalid value at 'email', a string is expected."),
            (#"{"email":null,"password":"\#(password)"}"#, "400 MISSING_EMAIL"),
            (#"{"email":"w@example.com","password":12345678}"#, "400 INVALID_ARGUMENT : Invalid value at 'password', a string is expected."),
            // `returnSecureToken` is not read: tokens are always returned.
            (#"{"email":"w@example.com","password":"\#(password)","returnSecureToken":"true"}"#, "200 w@example.com"),
            (#"{"email":"w2@example.com","password":"\#(password)","returnSecureToken":1}"#, "200 w2@example.com"),
        ]
        try await expectSignUps(cases.map { (body: $0.0, answer: $0.1) })
    }

    /// The admin update's `validSince`, the one integer field: a JSON number or a string of digits.
    @Test func integerFields() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let owner = ["Authorization": "Bearer owner"]
        let base = "/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts"
        let taro = try #require(await api.call(base, ["email": "taro@example.com"], headers: owner).string("localId"))
        let bad = "400 INVALID_ARGUMENT : Invalid value at 'validSince', an integer is expected."
        let cases: [(String, String)] = [
            ("1700000000", "200 ok"), ("\"1700000000\"", "200 ok"), ("1.7e9", "200 ok"), ("1700000000.0", "200 ok"), ("-5", "200 ok"),
            ("1700000000.5", bad), ("9007199254740993", bad), ("1e300", bad), ("\"12x\"", bad), ("true", bad),
        ]
        for (value, expected) in cases {
            let body = #"{"localId":"\#(taro)","validSince":\#(value)}"#
            let answer = await api.raw("POST", base + ":update", body: Array(body.utf8), headers: owner)
            #expect("\(answer.status) \(answer.error ?? "ok")" == expected, "\(value)")
        }
    }
}
