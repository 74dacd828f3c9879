extension IssueCode {
    /// The codes of Form issues.
    public static var formCodes: [IssueCodeDescriptor] { [] }
}
