import GenkanJSON

extension IssueParameter {
    /// The parameter as JSON: a number or a string.
    public var json: JSONValue {
        switch self {
        case .integer(let value): .integer(value)
        case .text(let value): .string(value)
        }
    }
}

extension IssueParameters {
    /// The parameters as a JSON object, in their order.
    public var json: JSONValue { .object(entries.map { ($0.name, $0.value.json) }) }
}
