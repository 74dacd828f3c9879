import Testing
import GenkanValidation

@Test func jsonKeepsMemberOrderAndEscapesForHTMLAndScript() {
    let value = JSONValue.object([
        ("z", .integer(-3)), ("a", .string("\"</script>&\u{2028}\u{0}é")), ("list", .array([.bool(true), .null])),
    ])
    #expect(value.serialized() == #"{"z":-3,"a":"\"\u003c/script\u003e\u0026\u2028\u0000é","list":[true,null]}"#)
}

@Test func issueParametersBecomeTypedJSON() {
    let parameters: IssueParameters = ["minimum": 15, "characters": "<"]
    #expect(parameters.json.serialized() == #"{"minimum":15,"characters":"\u003c"}"#)
}

/// The writer copies runs of bytes and escapes only at the bytes RFC 8259 and the HTML/script rules
/// name: the other three-byte characters that start with E2 (… U+2026, ‐ U+2010, ₂ U+2082) stay
/// as they are, U+2028 and U+2029 become escapes wherever they stand, and the bytes serialized are
/// the UTF-8 of the text.
@Test func jsonEscapesOnlyWhatItMustBetweenRunsOfText() {
    let cases: [(String, String)] = [
        ("", #""""#),
        ("…‐₂", #""…‐₂""#),
        ("\u{2029}", #""\u2029""#),
        ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#),
        ("tab\tline\nret\r\u{7F}\\", #""tab\tline\nret\r\u007f\\""#),
        ("名前\u{1}", #""名前\u0001""#),
        ("e\u{301}\u{E2}", "\"e\u{301}\u{E2}\""),  // â is C3 A2: no E2 byte
    ]
    for (text, expected) in cases {
        let value = JSONValue.string(text)
        #expect(value.serialized() == expected, "\(text.debugDescription)")
        #expect(value.serializedBytes() == Array(expected.utf8))
    }
}
