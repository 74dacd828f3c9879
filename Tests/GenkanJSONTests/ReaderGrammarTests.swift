import GenkanJSON
import Testing

/// The reader against RFC 8259's grammar, case by case in the manner of JSONTestSuite: `y_` texts
/// the grammar derives, which must read as the value given; `n_` texts it does not, which must be
/// refused. Each case was worked out by hand from the ABNF (§2–§7), not taken from a parser.
@Suite struct ReaderGrammarTests {
    static let accepted: [(String, String, JSONValue)] = [
        ("y_structure_whitespace", " \t\r\n[ 1 , \"a\" ] \n", .array([.integer(1), .string("a")])),
        ("y_scalar_true", "true", .bool(true)),
        ("y_scalar_null", "null", .null),
        ("y_scalar_string", #""x""#, .string("x")),
        ("y_number_zero", "0", .integer(0)),
        ("y_number_minus_zero", "-0", .number(JSONNumber(text: "-0")!)),
        ("y_number_fraction", "0.5", .number(JSONNumber(text: "0.5")!)),
        ("y_number_exponents", "[1E2,1e+2,1e-2,-1.5E-0]", .array(["1E2", "1e+2", "1e-2", "-1.5E-0"].map { .number(JSONNumber(text: $0)!) })),
        ("y_number_huge", "123456789012345678901234567890", .number(JSONNumber(text: "123456789012345678901234567890")!)),
        ("y_object_empty", "{}", .object([])),
        ("y_array_empty", "[ ]", .array([])),
        ("y_object_order", #"{"b":1,"a":2}"#, .object([("b", .integer(1)), ("a", .integer(2))])),
        ("y_object_empty_name", #"{"":null}"#, .object([("", .null)])),
        ("y_string_escapes", #""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")),
        ("y_string_unicode_escape", #""\u00e9\u00E9""#, .string("éé")),
        ("y_string_surrogate_pair", #""\ud83d\ude00""#, .string("😀")),
        ("y_string_raw_utf8", "\"名前😀\"", .string("名前😀")),
        ("y_string_escaped_nul", #""a\u0000b""#, .string("a\u{0}b")),
        ("y_string_del_raw", "\"\u{7F}\"", .string("\u{7F}")),
        ("y_string_u2028_raw", "\"\u{2028}\"", .string("\u{2028}")),
        ("y_nested", #"[[[{"a":[{}]}]]]"#, .array([.array([.array([.object([("a", .array([.object([])]))])])])])),
    ]

    static let refused: [(String, String)] = [
        ("n_empty", ""),
        ("n_only_whitespace", " \n"),
        ("n_array_trailing_comma", "[1,]"),
        ("n_object_trailing_comma", #"{"a":1,}"#),
        ("n_array_leading_comma", "[,1]"),
        ("n_array_double_comma", "[1,,2]"),
        ("n_object_missing_colon", #"{"a" 1}"#),
        ("n_object_missing_comma", #"{"a":1 "b":2}"#),
        ("n_object_unquoted_name", "{a:1}"),
        ("n_object_single_quotes", "{'a':1}"),
        ("n_object_number_name", "{1:1}"),
        ("n_comment_block", "/* c */ {}"),
        ("n_comment_line", "{} // c"),
        ("n_number_leading_zero", "01"),
        ("n_number_leading_zero_negative", "-01"),
        ("n_number_plus", "+1"),
        ("n_number_dot_end", "1."),
        ("n_number_dot_start", ".5"),
        ("n_number_exponent_empty", "1e"),
        ("n_number_exponent_sign_only", "1e+"),
        ("n_number_hex", "0x10"),
        ("n_number_nan", "NaN"),
        ("n_number_infinity", "-Infinity"),
        ("n_number_minus_only", "-"),
        ("n_string_unterminated", #""abc"#),
        ("n_string_single_quoted", "'a'"),
        ("n_string_raw_tab", "\"a\tb\""),
        ("n_string_raw_newline", "\"a\nb\""),
        ("n_string_raw_nul", "\"\u{0}\""),
        ("n_string_unknown_escape", #""\a""#),
        ("n_string_escape_x", #""\x41""#),
        ("n_string_short_unicode", #""\u12""#),
        ("n_string_bad_hex", #""\u12G4""#),
        ("n_string_lone_high", #""\ud800""#),
        ("n_string_lone_low", #""\udc00""#),
        ("n_string_high_then_text", #""\ud800abc""#),
        ("n_string_two_highs", #""\ud800\ud800""#),
        ("n_literal_truncated", "tru"),
        ("n_literal_capital", "True"),
        ("n_literal_trailing", "nullx"),
        ("n_two_values", "1 2"),
        ("n_object_then_text", "{}x"),
        ("n_unclosed_array", "[1"),
        ("n_unclosed_object", #"{"a":1"#),
        ("n_duplicate_names", #"{"a":1,"a":2}"#),
        ("n_bom_by_default", "\u{FEFF}{}"),
    ]

    @Test(arguments: accepted)
    func acceptedTexts(_ name: String, _ text: String, _ expected: JSONValue) throws {
        let value = try JSONReader.parse(text)
        #expect(value == expected, "\(name)")
    }

    @Test(arguments: refused)
    func refusedTexts(_ name: String, _ text: String) {
        #expect(throws: JSONError.self, "\(name)") { _ = try JSONReader.parse(text) }
    }

    /// Bytes that are not UTF-8 are refused inside strings (RFC 8259 §8.1), whether or not the
    /// string also has escapes.
    @Test(arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func invalidUTF8(_ bad: [UInt8]) {
        #expect(throws: JSONError.self) { _ = try JSONReader.parse([0x22] + bad + [0x22]) }
        #expect(throws: JSONError.self) { _ = try JSONReader.parse(Array(#""\n"#.utf8) + bad + [0x22]) }
        #expect(throws: JSONError.self) { _ = try JSONReader.parse([0x5B] + bad + [0x5D]) }
    }
}
