extension IssueCode {
    /// A required field was left empty (or held only white space).
    public static let formRequired: IssueCode = "form.required"
    /// The confirmation field does not repeat the password exactly.
    public static let formPasswordMismatch: IssueCode = "form.password-mismatch"
    /// The new password is the same as the current one.
    public static let formPasswordUnchanged: IssueCode = "form.password-unchanged"
    /// Account deletion was submitted without ticking the confirmation.
    public static let formDeletionNotConfirmed: IssueCode = "form.deletion-not-confirmed"
    /// A value was not valid UTF-8 text.
    public static let formInvalidEncoding: IssueCode = "form.invalid-encoding"
    /// A value is longer than any field accepts; refused before any rule looks at it.
    public static let formTooLong: IssueCode = "form.too-long"

    /// The address does not match the regular expression of `ValidationViewModel.legacy` (the
    /// seed app's rule, which can tell no more than that).
    public static let emailPatternMismatch: IssueCode = "email.pattern-mismatch"

    /// The codes of form-level issues.
    public static var formCodes: [IssueCodeDescriptor] {
        [
            IssueCodeDescriptor(.formRequired, "A required field was left empty."),
            IssueCodeDescriptor(.formPasswordMismatch, "The password confirmation does not match the password."),
            IssueCodeDescriptor(.formPasswordUnchanged, "The new password is the same as the current password."),
            IssueCodeDescriptor(.formDeletionNotConfirmed, "The user did not confirm that the account should be deleted."),
            IssueCodeDescriptor(.formInvalidEncoding, "The submitted text is not valid UTF-8 (a broken or binary value)."),
            IssueCodeDescriptor(.formTooLong, parameters: ["maximum"], "The value is longer than the field allows; maximum is in bytes."),
            IssueCodeDescriptor(.emailPatternMismatch, "The e-mail address is not in the form the app accepts (its older, simpler rule)."),
        ]
    }
}
