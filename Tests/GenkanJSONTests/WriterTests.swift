import GenkanJSON
import Testing

@Test func compactKeepsMemberOrderAndEscapesForHTMLAndScript() {
    let value = JSONValue.object([
        ("z", .integer(-3)), ("a", .string("\"</script>&\u{2028}\u{0}é")), ("list", .array([.bool(true), .null])),
    ])
    #expect(value.serialized() == #"{"z":-3,"a":"\"\u003c/script\u003e\u0026\u2028\u0000é","list":[true,null]}"#)
}

/// The writer copies runs of bytes and escapes only at the bytes RFC 8259 and the HTML/script rules
/// name: the other three-byte characters that start with E2 (… U+2026, ‐ U+2010, ₂ U+2082) stay
/// as they are, U+2028 and U+2029 become escapes wherever they stand, and the bytes serialized are
/// the UTF-8 of the text.
@Test func compactEscapesOnlyWhatItMustBetweenRunsOfText() {
    let cases: [(String, String)] = [
        ("", #""""#),
        ("…‐₂", #""…‐₂""#),
        ("\u{2029}", #""\u2029""#),
        ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#),
        ("tab\tline\nret\r\u{7F}\\", #""tab\tline\nret\r\u007f\\""#),
        ("名前\u{1}\u{8}\u{C}", #""名前\u0001\u0008\u000c""#),
        ("e\u{301}\u{E2}", "\"e\u{301}\u{E2}\""),  // â is C3 A2: no E2 byte
        ("\u{E2}\u{80}", "\"\u{E2}\u{80}\""),
    ]
    for (text, expected) in cases {
        let value = JSONValue.string(text)
        #expect(value.serialized() == expected, "\(text.debugDescription)")
        #expect(value.serializedBytes() == Array(expected.utf8))
    }
}

@Test func numbersAreWrittenAsTheirText() throws {
    let value = try JSONReader.parse("[1.0,1E+2,-0,12345678901234567890123]")
    #expect(value.serialized() == "[1.0,1E+2,-0,12345678901234567890123]")
    #expect(JSONValue.array([.integer(Int64.max), .double(1.5), .double(1e-7), .double(.nan)]).serialized() == "[9223372036854775807,1.5,1e-07,null]")
}

/// Xcode's layout, worked out from catalogs Xcode wrote: two spaces, `" : "`, an empty container
/// open with a blank line, `/` and non-ASCII as they are, Foundation's escapes.
@Test func xcodeLayout() {
    let value = JSONValue.object([
        ("a", .object([])), ("b", .array([.integer(1), .array([])])), ("c", .string("a/b \"q\" \\ \n\t\u{1}\u{8}\u{C}\u{7F}<é😀")),
    ])
    let expected = """
        {
          "a" : {

          },
          "b" : [
            1,
            [

            ]
          ],
          "c" : "a/b \\"q\\" \\\\ \\n\\t\\u0001\\b\\f\u{7F}<é😀"
        }
        """
    #expect(value.xcodeText() == expected)
    #expect(JSONValue.object([]).xcodeText() == "{\n\n}")
}

@Test func prettyForPeople() {
    let value = JSONValue.object([("a", .array([.integer(1), .string("<")])), ("b", .object([])), ("c", .array([]))])
    #expect(JSONWriter.pretty.text(value) == "{\n  \"a\": [\n    1,\n    \"\\u003c\"\n  ],\n  \"b\": {},\n  \"c\": []\n}")
}
