/// What a person typed into the second step: an authenticator code or a recovery code, told
/// apart by their form.
public enum SecondFactorCode: Sendable, Equatable {
    /// Six digits, as ASCII.
    case totp(String)
    /// A recovery code, normalized (`RecoveryCode.normalized`).
    case recovery(String)

    /// Reads `typed`: spaces and hyphens anywhere are ignored; six decimal digits of any script
    /// (a Japanese keyboard's full-width ６, Arabic-Indic ٦, Devanagari ६ …) are an authenticator
    /// code; sixteen characters of the recovery alphabet are a recovery code; anything else is nil.
    public init?(_ typed: String) {
        var digits = ""
        var allDigits = true
        for character in typed where character != " " && character != "-" && character != "\u{3000}" {
            // `wholeNumberValue` of a single decimal digit (General Category Nd) of any script.
            if let value = character.wholeNumberValue, (0...9).contains(value), character.unicodeScalars.count == 1,
                character.unicodeScalars.first!.properties.generalCategory == .decimalNumber
            {
                digits.append(Character(String(value)))
            } else {
                allDigits = false
                break
            }
        }
        if allDigits && digits.count == TOTP.digits {
            self = .totp(digits)
        } else if let code = RecoveryCode.normalized(typed) {
            self = .recovery(code)
        } else {
            return nil
        }
    }
}
