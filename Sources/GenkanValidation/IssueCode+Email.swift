extension IssueCode {
    /// The codes of Email issues.
    public static var emailCodes: [IssueCodeDescriptor] { [] }
}
