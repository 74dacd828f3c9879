extension IssueCode {
    /// The codes of Password issues.
    public static var passwordCodes: [IssueCodeDescriptor] { [] }
}
