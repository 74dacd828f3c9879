extension IssueCode {
    /// No password was given.
    public static let passwordEmpty: IssueCode = "password.empty"
    /// Fewer code points than the policy's minimum (NIST SP 800-63B-4 §3.1.1.2).
    public static let passwordTooShort: IssueCode = "password.too-short"
    /// More code points than the policy's maximum or the hard cap.
    public static let passwordTooLong: IssueCode = "password.too-long"
    /// A control character (General_Category Cc), which RFC 8265 §4.2 does not allow.
    public static let passwordControlCharacter: IssueCode = "password.control-character"
    /// The policy requires an upper-case letter and there is none.
    public static let passwordMissingUppercase: IssueCode = "password.missing-uppercase"
    /// The policy requires a lower-case letter and there is none.
    public static let passwordMissingLowercase: IssueCode = "password.missing-lowercase"
    /// The policy requires a digit and there is none.
    public static let passwordMissingNumber: IssueCode = "password.missing-number"
    /// The policy requires a non-alphanumeric character and there is none.
    public static let passwordMissingSymbol: IssueCode = "password.missing-symbol"
    /// The password is one of the most common passwords.
    public static let passwordInBlocklist: IssueCode = "password.in-blocklist"
    /// The password equals or contains the local part of the e-mail address.
    public static let passwordContainsEmail: IssueCode = "password.contains-email"
    /// The password is too similar to the local part of the e-mail address.
    public static let passwordSimilarToEmail: IssueCode = "password.similar-to-email"
    /// The password equals or contains the user's name.
    public static let passwordContainsName: IssueCode = "password.contains-name"
    /// The password is too similar to the user's name.
    public static let passwordSimilarToName: IssueCode = "password.similar-to-name"
    /// One character repeated makes up most of the password (`aaaaaaaa`).
    public static let passwordRepeatedCharacters: IssueCode = "password.repeated-characters"
    /// An alphabetic or numeric sequence makes up most of the password (`12345678`).
    public static let passwordSequentialCharacters: IssueCode = "password.sequential-characters"
    /// Adjacent keys of a keyboard row make up most of the password (`qwertyui`).
    public static let passwordKeyboardPattern: IssueCode = "password.keyboard-pattern"
}

extension IssueCode {
    /// The codes of Password issues.
    public static var passwordCodes: [IssueCodeDescriptor] {
        [
            IssueCodeDescriptor(.passwordEmpty, "No password was entered."),
            IssueCodeDescriptor(
                .passwordTooShort, parameters: ["minimum", "actual"],
                "The password has fewer characters (minimum) than required; actual is how many it has."),
            IssueCodeDescriptor(
                .passwordTooLong, parameters: ["maximum", "actual"],
                "The password has more characters than allowed (maximum); actual is how many it has."),
            IssueCodeDescriptor(
                .passwordControlCharacter,
                "The password contains an invisible control character such as a tab or a line break."),
            IssueCodeDescriptor(
                .passwordMissingUppercase, "The password needs at least one upper-case letter (A–Z)."),
            IssueCodeDescriptor(
                .passwordMissingLowercase, "The password needs at least one lower-case letter (a–z)."),
            IssueCodeDescriptor(.passwordMissingNumber, "The password needs at least one digit (0–9)."),
            IssueCodeDescriptor(
                .passwordMissingSymbol, parameters: ["characters"],
                "The password needs at least one of the symbols listed in characters."),
            IssueCodeDescriptor(
                .passwordInBlocklist, "The password is on a list of very common passwords that attackers try first."),
            IssueCodeDescriptor(
                .passwordContainsEmail, "The password is or contains the part of the e-mail address before the @."),
            IssueCodeDescriptor(
                .passwordSimilarToEmail, "The password is too similar to the part of the e-mail address before the @."),
            IssueCodeDescriptor(.passwordContainsName, "The password is or contains the user's name."),
            IssueCodeDescriptor(.passwordSimilarToName, "The password is too similar to the user's name."),
            IssueCodeDescriptor(
                .passwordRepeatedCharacters, parameters: ["length"],
                "Most of the password is one character repeated (like aaaaaaaa); length is how long that run is."),
            IssueCodeDescriptor(
                .passwordSequentialCharacters, parameters: ["length"],
                "Most of the password is a sequence like 12345678 or abcdefgh; length is how long that sequence is."),
            IssueCodeDescriptor(
                .passwordKeyboardPattern, parameters: ["length"],
                "Most of the password is neighbouring keys of a keyboard row (like qwertyui); length is how long that pattern is."),
        ]
    }
}
