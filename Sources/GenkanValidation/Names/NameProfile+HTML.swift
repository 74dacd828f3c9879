extension NameProfile {
    /// Attributes for the `<input>` that collects this kind of name (HTML Living Standard §4.10).
    ///
    /// `maxlength` counts UTF-16 code units in the browser; it is set to the byte cap, which is
    /// never fewer code units than a valid enforced name has, so the browser never blocks a name
    /// the server would accept.
    public var htmlAttributes: [(name: String, value: String)] {
        switch precis {
        case .nickname, .nicknameCaseMapped:
            [("type", "text"), ("required", ""), ("maxlength", String(maximumBytes)),
             ("autocomplete", "nickname"), ("autocapitalize", "words"), ("spellcheck", "false")]
        case .usernameCaseMapped:
            [("type", "text"), ("required", ""), ("maxlength", String(maximumBytes)),
             ("autocomplete", "username"), ("autocapitalize", "none"), ("spellcheck", "false")]
        case .opaqueString:
            [("type", "password"), ("required", ""), ("maxlength", String(maximumBytes)),
             ("autocomplete", "off"), ("autocapitalize", "none"), ("spellcheck", "false")]
        }
    }
}
