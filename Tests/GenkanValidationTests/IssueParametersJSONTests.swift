import GenkanJSON
import GenkanValidation
import Testing

@Test func issueParametersBecomeTypedJSON() {
    let parameters: IssueParameters = ["minimum": 15, "characters": "<"]
    #expect(parameters.json.serialized() == #"{"minimum":15,"characters":"\u003c"}"#)
}
