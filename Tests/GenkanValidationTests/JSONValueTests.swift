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
