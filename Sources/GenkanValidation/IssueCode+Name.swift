extension IssueCode {
    /// The codes of Name issues.
    public static var nameCodes: [IssueCodeDescriptor] { [] }
}
