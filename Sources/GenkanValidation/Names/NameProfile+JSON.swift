import GenkanJSON

extension NameProfile {
    /// The profile's name: "nickname", "username" or "opaqueString".
    public var name: String {
        switch precis {
        case .nickname, .nicknameCaseMapped: "nickname"
        case .usernameCaseMapped: "username"
        case .opaqueString: "opaqueString"
        }
    }

    /// Every code `enforce` can report under this profile.
    public var issueCodes: [IssueCode] {
        var codes: [IssueCode] = [
            .nameEmpty, .nameTooLong, .nameTooManyBytes, .nameDisallowedCharacter, .nameUnassignedCharacter,
            .nameControlCharacter, .nameFormatCharacter, .nameZeroWidthCharacter, .nameBidiControlCharacter,
        ]
        if precis.stringClass == .identifier { codes.append(.nameSpaceNotAllowed) }
        codes += [.nameCharacterOutOfContext]
        if precis == .usernameCaseMapped { codes.append(.nameBidiRule) }
        codes.append(.nameUnstable)
        if checksConfusables { codes.append(.nameMixedScriptConfusable) }
        return codes
    }

    /// The profile described for the browser and for API clients: its HTML attributes, limits
    /// and codes.
    public var json: JSONValue {
        RuleDescription.json(
            rule: "name", setting: ("profile", name), attributes: htmlAttributes,
            limits: [
                ("maxGraphemes", .integer(maximumGraphemes)),
                ("maxBytes", .integer(maximumBytes)),
            ],
            codes: issueCodes)
    }

    /// `json`, serialized.
    public var jsonDescription: String { json.serialized() }
}
