extension IssueCode {
    /// Nothing is left of the name after spaces are trimmed (RFC 8266 §2.3), or it was empty.
    public static let nameEmpty: IssueCode = "name.empty"
    /// More grapheme clusters (user-perceived characters, UAX #29) than the profile allows.
    public static let nameTooLong: IssueCode = "name.too-long"
    /// More UTF-8 bytes than the profile allows.
    public static let nameTooManyBytes: IssueCode = "name.too-many-bytes"
    /// Characters the profile's PRECIS string class does not allow (RFC 8264 §9).
    public static let nameDisallowedCharacter: IssueCode = "name.disallowed-character"
    /// Characters that are not yet assigned in Unicode (RFC 8264 §9.9).
    public static let nameUnassignedCharacter: IssueCode = "name.unassigned-character"
    /// Control characters (RFC 8264 §9.12).
    public static let nameControlCharacter: IssueCode = "name.control-character"
    /// Invisible formatting characters other than zero-width and bidi controls (RFC 8264 §9.13).
    public static let nameFormatCharacter: IssueCode = "name.format-character"
    /// Zero-width characters (ZWSP, ZWNJ, ZWJ outside their context, word joiner, BOM).
    public static let nameZeroWidthCharacter: IssueCode = "name.zero-width-character"
    /// Bidirectional formatting characters (embeddings, overrides, isolates, marks).
    public static let nameBidiControlCharacter: IssueCode = "name.bidi-control-character"
    /// A space in a profile that allows none (usernames, RFC 8265 §3.3).
    public static let nameSpaceNotAllowed: IssueCode = "name.space-not-allowed"
    /// A character allowed only next to certain others, in the wrong place (RFC 5892 Appendix A).
    public static let nameCharacterOutOfContext: IssueCode = "name.character-out-of-context"
    /// Right-to-left and left-to-right text mixed in a way the Bidi Rule forbids (RFC 5893 §2).
    public static let nameBidiRule: IssueCode = "name.bidi-rule"
    /// Enforcing the profile again changes the name (RFC 8266 §2.3, RFC 8264 §7).
    public static let nameUnstable: IssueCode = "name.unstable"
    /// Letters from scripts mixed in a way that imitates another name (UTS #39 §5.2).
    public static let nameMixedScriptConfusable: IssueCode = "name.mixed-script-confusable"
}

extension IssueCode {
    /// The codes of Name issues.
    public static var nameCodes: [IssueCodeDescriptor] {
        [
            IssueCodeDescriptor(.nameEmpty, "No name was entered, or it contained only spaces."),
            IssueCodeDescriptor(
                .nameTooLong, parameters: ["maximum", "actual"],
                "The name has more characters than allowed (maximum); actual is how many it has."),
            IssueCodeDescriptor(
                .nameTooManyBytes, parameters: ["maximum", "actual"],
                "The name takes more storage than allowed (maximum bytes); actual is how many bytes it takes."),
            IssueCodeDescriptor(
                .nameDisallowedCharacter, parameters: ["characters"],
                "The name contains characters that are not allowed here, listed in characters."),
            IssueCodeDescriptor(
                .nameUnassignedCharacter, parameters: ["characters"],
                "The name contains code points that Unicode does not define yet, listed in characters."),
            IssueCodeDescriptor(
                .nameControlCharacter, parameters: ["characters"],
                "The name contains invisible control characters such as tabs or line breaks, listed in characters."),
            IssueCodeDescriptor(
                .nameFormatCharacter, parameters: ["characters"],
                "The name contains invisible formatting characters, listed in characters."),
            IssueCodeDescriptor(
                .nameZeroWidthCharacter, parameters: ["characters"],
                "The name contains invisible zero-width characters, listed in characters."),
            IssueCodeDescriptor(
                .nameBidiControlCharacter, parameters: ["characters"],
                "The name contains invisible characters that change the direction of text, listed in characters."),
            IssueCodeDescriptor(.nameSpaceNotAllowed, "The name contains a space, and this kind of name cannot have one."),
            IssueCodeDescriptor(
                .nameCharacterOutOfContext, parameters: ["characters"],
                "The characters listed may only appear next to certain other characters, and here they do not."),
            IssueCodeDescriptor(
                .nameBidiRule, "The name mixes right-to-left and left-to-right text in a way that could display misleadingly."),
            IssueCodeDescriptor(.nameUnstable, "The name changes each time it is cleaned up, so it cannot be stored reliably."),
            IssueCodeDescriptor(
                .nameMixedScriptConfusable,
                "The name mixes letters of different alphabets in a way that can imitate another name."),
        ]
    }
}
