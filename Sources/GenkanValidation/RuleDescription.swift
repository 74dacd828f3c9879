import GenkanJSON

/// The frame in which every rule (e-mail, password, name) describes itself to the browser and to
/// API clients, so that a client reads the three alike.
enum RuleDescription {
    /// `{"rule": rule, setting.name: setting.value, "attributes": {…}, "limits": {…}, details…,
    /// "codes": […]}`: what the rule is and which of its settings, its HTML attributes, its
    /// limits, what else it checks (`details`), and the codes it can report.
    static func json(
        rule: String, setting: (name: String, value: String), attributes: [(name: String, value: String)],
        limits: [(name: String, value: JSONValue)], details: [(name: String, value: JSONValue)] = [], codes: [IssueCode]
    ) -> JSONValue {
        let frame: [(name: String, value: JSONValue)] = [
            ("rule", .string(rule)),
            (setting.name, .string(setting.value)),
            ("attributes", .object(attributes.map { ($0.name, .string($0.value)) })),
            ("limits", .object(limits)),
        ]
        return .object(frame + details + [("codes", .array(codes.map { .string($0.rawValue) }))])
    }
}
