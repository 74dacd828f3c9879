import Testing
@testable import GenkanValidation

/// Hand-worked cases for what NameProfile adds to PRECIS: its issue codes, limits, the confusable
/// check and the HTML attributes. PRECIS verdicts themselves are checked against precis-i18n in
/// NameCorpusTests.
@Suite struct NameProfileTests {
    private func codes(_ validation: NameValidation) -> [IssueCode] { validation.issues.map(\.code) }

    @Test func issueExample() {
        let result = NameProfile.nickname.enforce("ﾀﾛｳ　Ｙａｍａｄａ")
        #expect(result.isValid)
        #expect(result.normalized == "タロウ Yamada")
        #expect(result.comparisonKey == "タロウ yamada")
        #expect(result.input == "ﾀﾛｳ　Ｙａｍａｄａ")
    }

    @Test func nicknameSpacesAreTrimmedAndCollapsed() {
        #expect(NameProfile.nickname.enforce("\u{3000} Taro \u{A0}\u{2003} Yamada  ").normalized == "Taro Yamada")
        #expect(codes(NameProfile.nickname.enforce(" \u{3000}\u{A0} ")) == [.nameEmpty])
        #expect(codes(NameProfile.nickname.enforce("")) == [.nameEmpty])
    }

    @Test func usernameIsCaseMappedAndWidthMapped() {
        let result = NameProfile.username.enforce("Ｔａｒｏ_Yamada")
        #expect(result.normalized == "taro_yamada")
        #expect(result.comparisonKey == "taro_yamada")
        #expect(codes(NameProfile.username.enforce("taro yamada")) == [.nameSpaceNotAllowed])
        #expect(NameProfile.username.enforce("ﬁnance").issues
            == [ValidationIssue(.nameDisallowedCharacter, field: .name, ["characters": "ﬁ"])])
        #expect(NameProfile.username.enforce("I♥NY").issues
            == [ValidationIssue(.nameDisallowedCharacter, field: .name, ["characters": "♥"])])
    }

    @Test func opaqueStringKeepsWidthAndCase() {
        let result = NameProfile.opaqueString.enforce("Ｐａｓｓ\u{A0}Word")
        #expect(result.normalized == "Ｐａｓｓ Word")
        #expect(result.comparisonKey == "Ｐａｓｓ Word")
    }

    @Test(arguments: [
        ("a\tb", .nameControlCharacter, "U+0009"),
        ("\u{202E}evil", .nameBidiControlCharacter, "U+202E"),
        ("a\u{200B}b\u{FEFF}", .nameZeroWidthCharacter, "U+200B U+FEFF"),
        ("ali\u{200D}ce", .nameZeroWidthCharacter, "U+200D"),
        ("soft\u{AD}ware", .nameFormatCharacter, "U+00AD"),
        ("\u{2764}\u{FE0F}", .nameFormatCharacter, "U+FE0F"),
        ("a\u{0378}", .nameUnassignedCharacter, "U+0378"),
    ] as [(String, IssueCode, String)])
    func invisibleCharactersHaveTheirOwnCodes(input: String, code: IssueCode, characters: String) {
        #expect(NameProfile.nickname.enforce(input).issues == [ValidationIssue(code, field: .name, ["characters": characters])])
    }

    @Test func severalKindsOfInvisibleCharactersAreEachListedUnderTheirOwnCode() {
        #expect(codes(NameProfile.nickname.enforce("\u{202E}a\u{7}\u{200B}b"))
            == [.nameBidiControlCharacter, .nameControlCharacter, .nameZeroWidthCharacter])
    }

    @Test func contextRulesAndBidiRule() {
        #expect(NameProfile.username.enforce("a·b").issues
            == [ValidationIssue(.nameCharacterOutOfContext, field: .name, ["characters": "·"])])
        #expect(NameProfile.username.enforce("col·lega").isValid)
        #expect(codes(NameProfile.username.enforce("abcמחמד")) == [.nameBidiRule])
        #expect(NameProfile.nickname.enforce("abcמחמד").isValid)   // no Bidi Rule for nicknames
    }

    @Test func mixedScriptConfusable() {
        #expect(codes(NameProfile.nickname.enforce("\u{410}dmin")) == [.nameMixedScriptConfusable])
        #expect(codes(NameProfile.username.enforce("\u{410}dmin")) == [.nameMixedScriptConfusable])
        #expect(NameProfile.opaqueString.enforce("\u{410}dmin").isValid)
        #expect(NameProfile.nickname.enforce("Admin").isValid)
        #expect(NameProfile.nickname.enforce("Иван").isValid)
        #expect(NameProfile.nickname.enforce("山田 Taro").isValid)
    }

    @Test func lengthIsCountedInGraphemes() {
        // Each "e\u{301}" is two code points but one grapheme: 64 of them fit, 65 do not.
        let accented = String(repeating: "e\u{301}", count: 64)
        #expect(NameProfile.nickname.enforce(accented).isValid)
        let tooMany = String(repeating: "e\u{301}", count: 65)
        #expect(NameProfile.nickname.enforce(tooMany).issues
            == [ValidationIssue(.nameTooLong, field: .name, ["maximum": 64, "actual": 65])])
        #expect(NameProfile.username.enforce(String(repeating: "a", count: 33)).issues
            == [ValidationIssue(.nameTooLong, field: .name, ["maximum": 32, "actual": 33])])
    }

    @Test func byteCap() {
        // CJK Extension B ideographs take 4 UTF-8 bytes: 64 of them are exactly 256 bytes.
        #expect(NameProfile.nickname.enforce(String(repeating: "\u{20BB7}", count: 64)).isValid)
        #expect(NameProfile.nickname.enforce(String(repeating: "\u{20BB7}", count: 65)).issues == [
            ValidationIssue(.nameTooLong, field: .name, ["maximum": 64, "actual": 65]),
            ValidationIssue(.nameTooManyBytes, field: .name, ["maximum": 256, "actual": 260]),
        ])
        // 50 graphemes of an ideograph with a combining acute (4 + 2 bytes): within 64, over 256 bytes.
        #expect(NameProfile.nickname.enforce(String(repeating: "\u{20BB7}\u{301}", count: 50)).issues
            == [ValidationIssue(.nameTooManyBytes, field: .name, ["maximum": 256, "actual": 300])])
    }

    @Test func hugeInputIsRefusedBeforeProcessing() {
        let huge = String(repeating: "a", count: 1_000_000)
        #expect(NameProfile.nickname.enforce(huge).issues
            == [ValidationIssue(.nameTooManyBytes, field: .name, ["maximum": 256, "actual": 1_000_000])])
    }

    @Test func htmlAttributes() {
        func attributes(_ profile: NameProfile) -> [String: String] {
            Dictionary(uniqueKeysWithValues: profile.htmlAttributes.map { ($0.name, $0.value) })
        }
        #expect(attributes(.nickname)["autocomplete"] == "nickname")
        #expect(attributes(.nickname)["maxlength"] == "256")
        #expect(attributes(.username)["autocomplete"] == "username")
        #expect(attributes(.username)["autocapitalize"] == "none")
        #expect(attributes(.opaqueString)["type"] == "password")
    }

    @Test func jsonDescription() {
        let expected = #"{"rule":"name","profile":"username","attributes":{"type":"text","required":"","#
            + #""maxlength":"128","autocomplete":"username","autocapitalize":"none","spellcheck":"false"},"#
            + #""limits":{"maxGraphemes":32,"maxBytes":128},"codes":["name.empty","name.too-long","#
            + #""name.too-many-bytes","name.disallowed-character","name.unassigned-character","#
            + #""name.control-character","name.format-character","name.zero-width-character","#
            + #""name.bidi-control-character","name.space-not-allowed","name.character-out-of-context","#
            + #""name.bidi-rule","name.unstable","name.mixed-script-confusable"]}"#
        #expect(NameProfile.username.jsonDescription == expected)
    }

    /// The property tables are built on first use; many threads asking at once get one table and
    /// the same answers as a single thread.
    @Test func concurrentEnforcementAgreesWithSequential() async {
        let inputs = NameCorpusCase.all.map(\.input)
        let sequential = inputs.map { NameProfile.nickname.enforce($0) }
        let parallel = await withTaskGroup(of: [NameValidation].self) { group in
            for _ in 0..<8 { group.addTask { inputs.map { NameProfile.nickname.enforce($0) } } }
            return await group.reduce(into: [[NameValidation]]()) { $0.append($1) }
        }
        #expect(parallel.allSatisfy { $0 == sequential })
    }

    @Test func codesAreDescribed() {
        let described = Set(IssueCode.nameCodes.map(\.code))
        let raised: [IssueCode] = [
            .nameEmpty, .nameTooLong, .nameTooManyBytes, .nameDisallowedCharacter, .nameUnassignedCharacter,
            .nameControlCharacter, .nameFormatCharacter, .nameZeroWidthCharacter, .nameBidiControlCharacter,
            .nameSpaceNotAllowed, .nameCharacterOutOfContext, .nameBidiRule, .nameUnstable, .nameMixedScriptConfusable,
        ]
        #expect(described == Set(raised))
    }
}
